import type { Page } from '@playwright/test';
import axe from 'axe-core';
import { configureProvider, expect, type OpenedTab, test } from './fixtures';
import type { SidePanel } from './pages/side-panel';

/**
 * axe-core over each main screen, light and dark. The plain `axe-core` package is evaluated in
 * the page over CDP (an extension page's CSP refuses injected script tags; evaluation is not a
 * script tag). @axe-core/playwright is not used: its current major declares Node 22.
 */
async function violations(page: Page): Promise<string[]> {
  await page.evaluate(axe.source);
  const results = await page.evaluate(async () => {
    const engine = (globalThis as unknown as { axe: typeof axe }).axe;
    const outcome = await engine.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa', 'best-practice'] },
    });
    return outcome.violations.map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(', ')})`,
    );
  });
  return results;
}

async function expectNoViolations(panel: SidePanel, screen: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await panel.page.emulateMedia({ colorScheme });
    expect(await violations(panel.page), `${screen}, ${colorScheme}`).toEqual([]);
  }
  await panel.page.emulateMedia({ colorScheme: 'light' });
}

test.describe('accessibility', () => {
  test('the first-run chat and Settings have no axe violations, light and dark', async ({
    panel,
  }) => {
    await panel.page.setViewportSize({ width: 400, height: 800 });
    await expect(panel.notConfiguredNotice).toBeVisible();
    await expectNoViolations(panel, 'first-run chat');
    await panel.openSettings();
    await expect(panel.page.getByRole('button', { name: 'Detect' })).toBeEnabled();
    await expectNoViolations(panel, 'settings');
  });

  test('an answer, a consent card and the sessions list have no axe violations, light and dark', async ({
    panel,
    mockLlm,
    fixtureSite,
    openTab,
  }) => {
    // Eight axe passes over four screens: more than the default 30 s on a busy machine.
    test.setTimeout(120_000);
    await panel.page.setViewportSize({ width: 400, height: 800 });
    await configureProvider(panel, mockLlm);
    const page: OpenedTab = await openTab(fixtureSite.pages.article.url);
    await panel.attachTabsWithPicker([page.title]);
    mockLlm.enqueue({
      text: [
        // A citation marker with a quote from the page: it renders as a passage link.
        'The harvest, in **numbers**, "picked a record harvest this autumn" [1]:',
        '',
        '| Orchard | Tonnes | Buyer |',
        '| --- | --- | --- |',
        '| Lune north | 120 | Cider makers of the county |',
        '',
        '```ts',
        'const total = 120 + 80;',
        '```',
      ].join('\n'),
    });
    await panel.ask('How big was the harvest?');
    await panel.expectAnswer(/numbers/);
    await panel.expectIdle();
    await expectNoViolations(panel, 'answer');

    // Readable type: Chromium's 75% body size for extension pages does not win.
    const answerText = panel.answers.last().getByText('The harvest, in');
    const size = await answerText.evaluate((element) => getComputedStyle(element).fontSize);
    expect(Number.parseFloat(size)).toBeGreaterThanOrEqual(14);
    const smallest = await panel.page.evaluate(() => {
      let least = Number.POSITIVE_INFINITY;
      for (const element of document.querySelectorAll<HTMLElement>('body *')) {
        const hasText = [...element.childNodes].some(
          (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
        );
        if (!hasText || element.offsetParent === null) continue;
        least = Math.min(least, Number.parseFloat(getComputedStyle(element).fontSize));
      }
      return least;
    });
    expect(smallest, 'no visible text below 12 px').toBeGreaterThanOrEqual(12);
    // A wide table scrolls sideways instead of squeezing its words.
    const table = panel.answers.last().locator('.table-scroll');
    expect(await table.evaluate((element) => getComputedStyle(element).overflowX)).toBe('auto');
    await expect(
      panel.answers.last().getByRole('button', { name: 'Copy code', exact: true }),
    ).toBeVisible();
    await expect(panel.answers.last().getByText('ts', { exact: true })).toBeVisible();
    await expect(panel.answers.last().getByRole('button', { name: 'Regenerate' })).toBeVisible();
    await expect(
      panel.userMessages.last().getByRole('listitem').filter({ hasText: page.title }),
    ).toBeVisible();

    mockLlm.enqueue({
      toolCalls: [{ id: 'c1', name: 'fetch', arguments: { url: fixtureSite.pages.market.url } }],
    });
    await panel.ask('And the market?');
    await expect(panel.consentCard).toBeVisible();
    await expectNoViolations(panel, 'consent card');
    await panel.denyButton.click();
    await panel.expectIdle();

    await panel.showSessions();
    // The list draws only the rows near the view: the count and each row's place are told.
    const count = panel.page.locator('.session-list [aria-live="polite"]');
    await expect(count).toHaveText('1 session, newest first.');
    await expect(
      panel.page.getByRole('listitem').filter({ hasText: 'How big was the harvest?' }),
    ).toHaveAttribute('aria-setsize', '1');
    await expectNoViolations(panel, 'sessions');
    // The ⋯ menu of a row, open.
    await panel.sessionMenuButton('How big was the harvest?').click();
    await expect(panel.page.getByRole('menu')).toBeVisible();
    await expectNoViolations(panel, 'sessions menu');
    await panel.page.keyboard.press('Escape');
    // A search that changes the count is told in the same live region.
    await panel.searchSessionsField.fill('no such title');
    await expect(count).toHaveText('No session title matches.');
    await panel.searchSessionsField.fill('');
    await expect(count).toHaveText('1 session, newest first.');
  });
});
