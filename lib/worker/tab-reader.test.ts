import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { fakeArticle as article } from '../../testing/fake-article';
import { readTab } from './tab-reader';

/** The fake browser has no scripting API: this one records each script run in a tab. */
function stubScripting() {
  const executeScript = vi.fn(async () => [{ result: article('Read on the click.') }]);
  (fakeBrowser as unknown as Record<string, unknown>).scripting = { executeScript };
  return executeScript;
}

beforeEach(() => {
  fakeBrowser.reset();
});

describe('reading a tab', () => {
  it('takes the article read ahead, with no script run in the page', async () => {
    const executeScript = stubScripting();
    const tab = await fakeBrowser.tabs.create({ url: 'https://site.test/a' });
    const pushed = article('Read ahead.');
    const read = await readTab(tab.id!, {
      current: (tabId, address) =>
        tabId === tab.id && address === 'https://site.test/a' ? pushed : undefined,
    });
    expect(read).toEqual({ ok: true, article: pushed });
    expect(executeScript).not.toHaveBeenCalled();
  });

  it('reads the page when nothing read ahead is of the address the tab shows now', async () => {
    const executeScript = stubScripting();
    const tab = await fakeBrowser.tabs.create({ url: 'https://site.test/b' });
    // The page was read ahead at an address it has left by a history navigation since.
    const read = await readTab(tab.id!, {
      current: (_tabId, address) =>
        address === 'https://site.test/a' ? article('Of the old address.') : undefined,
    });
    expect(read).toMatchObject({ ok: true, article: { markdown: 'Read on the click.' } });
    expect(executeScript).toHaveBeenCalledTimes(1);
  });
});
