import type { Page } from '@playwright/test';
import { configureProvider, expect, test } from './fixtures';
import type { SidePanel } from './pages/side-panel';

/** Where the README links them from. */
const FOLDER = 'docs/screenshots';

async function shoot(page: Page, name: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({ path: `${FOLDER}/${name}-${colorScheme}.png` });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

async function atPanelSize(panel: SidePanel): Promise<void> {
  await panel.page.setViewportSize({ width: 400, height: 800 });
}

test('README screenshots: first run, settings, an answer, a consent card, sessions', async ({
  panel,
  mockLlm,
  fixtureSite,
  openTab,
}) => {
  await atPanelSize(panel);
  await expect(panel.notConfiguredNotice).toBeVisible();
  await shoot(panel.page, 'first-run');

  await configureProvider(panel, mockLlm);
  await panel.openSettings();
  await panel.testConnectionButton.click();
  await expect(panel.connectionResult).toBeVisible();
  await shoot(panel.page, 'settings');
  await panel.backToChat();

  const article = await openTab(fixtureSite.pages.article.url);
  await panel.attachTabsWithPicker([article.title]);
  mockLlm.enqueue({
    text: [
      'The Lune valley had a **record apple harvest** this autumn.',
      '',
      '| Orchard | Tonnes | Buyer |',
      '| --- | --- | --- |',
      '| North bank | 120 | Cider makers |',
      '| South bank | 80 | The cooperative |',
      '',
      '```python',
      'total = 120 + 80',
      '```',
    ].join('\n'),
  });
  await panel.ask('How big was the harvest, and who buys it?');
  await panel.expectAnswer(/record apple harvest/);
  await panel.expectIdle();
  await shoot(panel.page, 'answer');

  mockLlm.enqueue({
    toolCalls: [{ id: 'c1', name: 'fetch', arguments: { url: fixtureSite.pages.market.url } }],
  });
  await panel.ask('What does the market report say?');
  await expect(panel.consentCard).toBeVisible();
  await shoot(panel.page, 'consent');
  await panel.denyButton.click();
  await panel.expectIdle();

  await panel.showSessions();
  await shoot(panel.page, 'sessions');
});

test('README screenshots: an answer with citations and the sessions menu, at 400 and 320 px', async ({
  panel,
  mockLlm,
  fixtureSite,
  openTab,
}) => {
  await atPanelSize(panel);
  await configureProvider(panel, mockLlm);
  const { article, bees, rivers } = fixtureSite.pages;
  for (const page of [article, bees, rivers]) await openTab(page.url);
  await panel.attachTabsWithPicker([article.title, bees.title, rivers.title]);
  mockLlm.enqueue({
    text: [
      'The Lune valley had a **record apple harvest** this autumn, "helped by a warm spring and an unusually dry September" [1].',
      '',
      'The cooperative can store only part of it: its cold rooms "hold barely two thirds of what came in" [1], and cider makers buy the rest. Bees, meanwhile, dance to show where the flowers are [2].',
    ].join('\n'),
  });
  await panel.ask('Why was the harvest so big, and where does it go?');
  await panel.expectAnswer(/record apple harvest/);
  await panel.expectIdle();
  await panel
    .sourcesOf(panel.answers.last())
    .getByText(/^Also read/)
    .click();
  await shoot(panel.page, 'citations');
  await panel.page.setViewportSize({ width: 320, height: 800 });
  await shoot(panel.page, 'citations-320');

  await atPanelSize(panel);
  await panel.startNewChat();
  mockLlm.enqueue({ text: 'They follow the moon.' });
  await panel.ask(
    'Tell me everything about the tide clocks of the northern coast and how their hands follow the moon',
  );
  await panel.expectAnswer('They follow the moon.');
  await panel.expectIdle();
  await panel.showSessions();
  await panel.page.getByRole('button', { name: /^Actions for Why was the harvest/ }).click();
  await expect(panel.page.getByRole('menu')).toBeVisible();
  await shoot(panel.page, 'sessions-menu');
  await panel.page.setViewportSize({ width: 320, height: 800 });
  await shoot(panel.page, 'sessions-menu-320');
});
