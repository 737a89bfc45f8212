import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { SidePanel } from './pages/side-panel';
import type { SiteRequest } from './servers/fixture-site';
import { messageText } from './servers/mock-llm';

/**
 * After a Deny the answer offers what can still be done: Answer without the web asks the same
 * question again with no tool that fetches, searches or calls out, and the answer says so. The
 * fetch card shows the https address it fetches and the address as it was written, with the
 * http → https upgrade stated.
 */

function pageRequests(requests: SiteRequest[]): SiteRequest[] {
  return requests.filter((request) => request.path !== '/favicon.ico');
}

/** The panel at the side panel's real sizes, light and dark, kept with the test's results. */
async function shoot(page: Page, name: string): Promise<void> {
  for (const width of [400, 320]) {
    await page.setViewportSize({ width, height: 800 });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.screenshot({
        path: test.info().outputPath(`${name}-${width}-${colorScheme}.png`),
      });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 400, height: 800 });
}

function answerWithoutWebButton(panel: SidePanel) {
  return panel.answers.last().getByRole('button', { name: 'Answer without the web', exact: true });
}

test.describe('after a Deny', () => {
  test('Answer without the web asks again with no web tools, no fetch and no card, and says so', async ({
    chatPanel: panel,
    fixtureSite,
    mockLlm,
  }) => {
    const { article } = fixtureSite.pages;
    mockLlm.enqueue({
      toolCalls: [{ id: 'call_denied', name: 'fetch', arguments: { url: article.url } }],
    });
    mockLlm.enqueue({ text: 'Without the page: harvests in the Lune valley are usually good.' });

    await panel.page.setViewportSize({ width: 400, height: 800 });
    await panel.ask('What does the Courier say about the harvest?');
    await expect(panel.denyButton).toBeEnabled();
    await panel.denyButton.click();
    await expect(panel.noticeLine(/did not allow fetching/)).toBeVisible();
    await expect(answerWithoutWebButton(panel)).toBeVisible();
    await shoot(panel.page, 'deny-state');

    await answerWithoutWebButton(panel).click();
    await panel.expectAnswer('Without the page: harvests in the Lune valley are usually good.');
    await panel.expectIdle();
    await expect(
      panel.noticeLine(
        'Answered without the web, as you asked: nothing was fetched or searched for this answer.',
      ),
    ).toBeVisible();
    await expect(panel.consentCard).toHaveCount(0);
    expect(pageRequests(fixtureSite.requests), 'the site was never asked').toHaveLength(0);

    const last = mockLlm.chatRequests().at(-1)!.body;
    const offered = (last.tools ?? []).map((tool) => tool.function.name);
    expect(offered).not.toContain('fetch');
    expect(offered).not.toContain('agentic_fetch');
    expect(messageText(last.messages[0]?.content)).toContain('answered without the web');
    expect(
      last.messages.filter((message) => message.role === 'user').map((m) => messageText(m.content)),
    ).toEqual(['What does the Courier say about the harvest?']);
    // The denied answer stays in the chat above the new one.
    await expect(panel.noticeLine(/did not allow fetching/)).toBeVisible();
  });

  test('the fetch card shows the https address it fetches, the address as typed, and says http → https', async ({
    chatPanel: panel,
    fixtureSite,
    mockLlm,
  }) => {
    // On the default port, so the policy upgrades it (fixture pages carry a port and do not).
    const typed = 'http://courier.test/harvest';
    mockLlm.enqueue({ toolCalls: [{ id: 'call_http', name: 'fetch', arguments: { url: typed } }] });

    await panel.page.setViewportSize({ width: 400, height: 800 });
    await panel.ask(`What does ${typed} say?`);
    await expect(panel.consentCard).toBeVisible();
    // The card shows the https address it fetches, whose site Always allow this site allows.
    await expect(panel.consentUrl).toHaveText('https://courier.test/harvest');
    await expect(panel.consentHighlightedOrigin).toHaveText('https://courier.test');
    await expect(panel.consentCard).toContainText(
      `http → https: the address asked for was ${typed}.`,
    );
    await expect(panel.consentCard).toContainText(
      'Always allow this site allows https://courier.test, the site above, and no other.',
    );
    await shoot(panel.page, 'consent-card-upgrade');

    await panel.denyButton.click();
    await expect(
      panel.noticeLine('You did not allow fetching https://courier.test/harvest.'),
    ).toBeVisible();
    expect(pageRequests(fixtureSite.requests)).toHaveLength(0);
  });
});
