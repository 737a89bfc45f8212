import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { messageText } from '../e2e/servers/mock-llm';
import { BrowserWindow, SIDEBAR_ID } from './browser-window';
import { EXTENSION_ORIGIN, goto } from './firefox';
import { useJourney } from './journey';
import { pollFor } from './panel';

const waitFor = (what: string, check: () => Promise<boolean> | boolean) =>
  pollFor(what, async () => await check());

describe('Firefox: the sidebar, the shortcut and the context menu', () => {
  const journey = useJourney();
  let window: BrowserWindow;
  before(async () => {
    window = await BrowserWindow.open(journey.firefox);
  });

  const lastUserText = () =>
    messageText(
      journey.mockLlm
        .chatRequests()
        .at(-1)
        ?.body.messages.filter((message) => message.role === 'user')
        .at(-1)?.content,
    );

  test('the toolbar button opens the sidebar with the panel, and closes it', async () => {
    await window.closeSidebar();
    assert.equal((await window.sidebar()).open, false);
    await window.pressToolbarButton();
    // It shows about:blank for a moment before the panel loads.
    await waitFor(
      'the sidebar to show the panel',
      async () => (await window.sidebar()).url === `${EXTENSION_ORIGIN}/sidepanel.html`,
    );
    const sidebar = await window.sidebar();
    assert.equal(sidebar.open, true);
    assert.equal(sidebar.id, SIDEBAR_ID);
    assert.equal(sidebar.url, `${EXTENSION_ORIGIN}/sidepanel.html`);
    await window.pressToolbarButton();
    await waitFor('the sidebar to close', async () => !(await window.sidebar()).open);
  });

  test('Alt+Shift+S summarizes the page in front and opens the sidebar', async () => {
    const { firefox, fixtureSite, mockLlm } = journey;
    assert.deepEqual(await window.shortcuts(), [{ key: 'S', modifiers: 'alt,shift' }]);
    const page = await firefox.browser.newPage();
    await goto(page, fixtureSite.pages.article.url);
    await page.bringToFront();
    await window.closeSidebar();
    const before = mockLlm.chatRequests().length;
    mockLlm.enqueue({ text: 'A summary asked for with the keyboard.' });
    await window.pressShortcut('S', 'alt,shift');
    await waitFor('the summary request', () => mockLlm.chatRequests().length > before);
    assert.match(lastUserText(), /summari[sz]e/i);
    assert.ok(
      JSON.stringify(mockLlm.chatRequests().at(-1)?.body).includes(
        fixtureSite.pages.article.paragraphs[0]!,
      ),
      'the page in front is what gets summarized',
    );
    await waitFor('the sidebar to open', async () => (await window.sidebar()).open);
    await page.close();
  });

  test('the page context menu has Summarize this page, which starts a summary', async () => {
    const { firefox, fixtureSite, mockLlm } = journey;
    const page = await firefox.browser.newPage();
    await goto(page, fixtureSite.pages.bees.url);
    await page.bringToFront();
    await window.closeSidebar();
    // A right click on empty page space (not a link or text): the "page" context.
    await page.evaluate(() => {
      document.body.style.minHeight = '100vh';
      document.body.prepend(
        Object.assign(document.createElement('div'), { style: 'height: 200px' }),
      );
    });
    const before = mockLlm.chatRequests().length;
    mockLlm.enqueue({ text: 'A summary asked for from the menu.' });
    await page.mouse.click(200, 100, { button: 'right' });
    await waitFor('the context menu', async () => {
      try {
        return (await window.clickContextMenuItem('Summarize this page')).length > 0;
      } catch {
        return false;
      }
    });
    await waitFor('the summary request', () => mockLlm.chatRequests().length > before);
    assert.match(lastUserText(), /summari[sz]e/i);
    await waitFor('the sidebar to open', async () => (await window.sidebar()).open);
    await page.close();
  });
});
