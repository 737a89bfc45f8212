import { activateTab, expect, test } from './fixtures';
import { readAheadState } from './pages/read-ahead-state';
import type { SidePanel } from './pages/side-panel';
import { type ChatCompletionBody, messageText } from './servers/mock-llm';

/**
 * Read the open tab ahead (issue 15): while the panel is open, the active tab of its window is
 * read inside the page and the result waits there; Summarize takes it in one script call. The
 * page is served by the fixture site (hand-written below), and what reaches the mock model is
 * checked in the request it recorded.
 */

const PARAGRAPHS = [
  'The ferry from Halden to Strömstad now sails every hour, the operator said on Monday, after a summer in which queues on the quay reached two hours on busy weekends.',
  'Local councils on both sides of the fjord asked for the change in spring. The new timetable adds a second boat and keeps the last crossing at eleven in the evening.',
  'Cyclists travel free until October, and the cafe on board opens on the first sailing of the day rather than at noon, which regular passengers had long asked for.',
];
const CHANGED =
  'Update: the second boat is delayed by a month, so the hourly timetable starts in November.';

function articleHtml(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>The ferry sails every hour</title></head>
<body><main><article><h1>The ferry sails every hour</h1>
${PARAGRAPHS.map((text, index) => `<p id="p${index}">${text}</p>`).join('\n')}
</article></main></body></html>`;
}

/** What the page's reader says, asked in the extension's own world of the tab. */
function readerState(panel: SidePanel, tabId: number): Promise<string> {
  return readAheadState(panel.page, tabId);
}

/** Everything the model was given as tool results in a request. */
function toolResults(request: { body: ChatCompletionBody }): string {
  return request.body.messages
    .filter((message) => message.role === 'tool')
    .map((message) => messageText(message.content))
    .join('\n');
}

test.describe('Summarize with the open tab read ahead', () => {
  test('the page read ahead reaches the model on Summarize, with no second visit to the site', async ({
    chatPanel: panel,
    fixtureSite,
    openTab,
    mockLlm,
  }) => {
    const url = fixtureSite.serve('news.test', '/ferry.html', { body: articleHtml() });
    const tab = await openTab(url);
    await activateTab(panel, tab.id);
    await expect(panel.summarizeButton).toBeEnabled();
    await expect.poll(() => readerState(panel, tab.id), { timeout: 10_000 }).toBe('ready');
    const visits = () => fixtureSite.requests.filter((request) => request.path === '/ferry.html');
    expect(visits()).toHaveLength(1);

    mockLlm.enqueue({ text: 'Hourly ferries from Monday.' });
    await panel.summarizeButton.click();
    await panel.expectAnswer('Hourly ferries from Monday.');
    await panel.expectIdle();

    const [request] = mockLlm.chatRequests();
    for (const paragraph of PARAGRAPHS) expect(toolResults(request!)).toContain(paragraph);
    expect(visits(), 'the page is read in the tab, never fetched again').toHaveLength(1);
  });

  test('a page that changed after it was read ahead is summarized with its new text', async ({
    chatPanel: panel,
    fixtureSite,
    openTab,
    mockLlm,
    context,
  }) => {
    const url = fixtureSite.serve('news.test', '/ferry.html', { body: articleHtml() });
    const tab = await openTab(url);
    await activateTab(panel, tab.id);
    await expect.poll(() => readerState(panel, tab.id), { timeout: 10_000 }).toBe('ready');

    const page = context.pages().find((candidate) => candidate.url() === url);
    if (!page) throw new Error(`The tab of ${url} is not among the browser's pages.`);
    await page.evaluate((text) => {
      const paragraph = document.getElementById('p1');
      if (paragraph) paragraph.textContent = text;
    }, CHANGED);
    // The change is seen in the page at once: what was read ahead is no longer handed over.
    await expect.poll(() => readerState(panel, tab.id)).not.toBe('ready');

    mockLlm.enqueue({ text: 'The new boat is late.' });
    await panel.summarizeButton.click();
    await panel.expectAnswer('The new boat is late.');
    const sent = toolResults(mockLlm.chatRequests()[0]!);
    expect(sent).toContain(CHANGED);
    expect(sent).not.toContain(PARAGRAPHS[1]);
  });

  test('with Read the open tab ahead off, nothing is read ahead and Summarize still works', async ({
    chatPanel: panel,
    fixtureSite,
    openTab,
    mockLlm,
  }) => {
    await panel.openSettings();
    const toggle = panel.page.getByRole('checkbox', { name: 'Read the open tab ahead' });
    await expect(toggle).toBeChecked();
    await toggle.uncheck();
    await panel.saveSettings();
    await panel.backToChat();

    const url = fixtureSite.serve('news.test', '/ferry.html', { body: articleHtml() });
    const tab = await openTab(url);
    await activateTab(panel, tab.id);
    await expect(panel.summarizeButton).toBeEnabled();
    // Long enough for a read ahead to have started, had it been on.
    await panel.page.waitForTimeout(1_500);
    expect(await readerState(panel, tab.id)).toBe('none');

    mockLlm.enqueue({ text: 'Hourly ferries, read on the click.' });
    await panel.summarizeButton.click();
    await panel.expectAnswer('Hourly ferries, read on the click.');
    for (const paragraph of PARAGRAPHS) {
      expect(toolResults(mockLlm.chatRequests()[0]!)).toContain(paragraph);
    }
  });
});
