import { describe, expect, it } from 'vitest';
import type { WindowTab } from '../../lib/tabs/window-tab';
import {
  attachedTabs,
  currentTab,
  DEFAULT_SELECTION,
  MAX_ATTACHED_TABS,
  type TabSelection,
  tabLabel,
  truncate,
  withTabAttached,
  withTabDetached,
} from './tab-attachments';

const tab = (id: number, url: string, active = false, title = `Tab ${id}`): WindowTab => ({
  id,
  title,
  url,
  active,
});

const news = tab(1, 'https://news.example/today');
const docs = tab(2, 'https://docs.example/guide');
const file = tab(3, 'file:///home/me/notes.html');
const panel = tab(4, 'chrome-extension://abcdefghijklmnop/sidepanel.html');
const settings = tab(5, 'chrome://settings/');

const ids = (tabs: WindowTab[]) => tabs.map((item) => item.id);
const activate = (tabs: WindowTab[], id: number) =>
  tabs.map((item) => ({ ...item, active: item.id === id }));

describe('default attachment', () => {
  it('attaches the active tab of the window', () => {
    const tabs = activate([news, docs], 2);
    expect(ids(attachedTabs(DEFAULT_SELECTION, tabs))).toEqual([2]);
  });

  it('follows the active tab while the user has not changed the selection', () => {
    const tabs = [news, docs, file];
    expect(ids(attachedTabs(DEFAULT_SELECTION, activate(tabs, 1)))).toEqual([1]);
    expect(ids(attachedTabs(DEFAULT_SELECTION, activate(tabs, 3)))).toEqual([3]);
  });

  it('attaches nothing when the active tab is the panel itself or a browser page', () => {
    expect(attachedTabs(DEFAULT_SELECTION, activate([news, panel], 4))).toEqual([]);
    expect(currentTab(activate([news, settings], 5))).toBeUndefined();
  });
});

describe('with Search the web on', () => {
  it('does not attach the current tab by default, but a picked tab goes alone', () => {
    const tabs = activate([news, docs], 1);
    expect(attachedTabs(DEFAULT_SELECTION, tabs, true)).toEqual([]);
    const picked = withTabAttached(DEFAULT_SELECTION, tabs, 2, true);
    expect(ids(attachedTabs(picked, tabs, true))).toEqual([2]);
    // Turning search off again gives the current tab back while nothing was picked.
    expect(ids(attachedTabs(DEFAULT_SELECTION, tabs, false))).toEqual([1]);
  });
});

describe('chosen attachments', () => {
  it('keeps the current tab and adds the picked one, and stops following the active tab', () => {
    const tabs = activate([news, docs, file], 1);
    const chosen = withTabAttached(DEFAULT_SELECTION, tabs, 2);
    expect(ids(attachedTabs(chosen, tabs))).toEqual([1, 2]);
    expect(ids(attachedTabs(chosen, activate(tabs, 3)))).toEqual([1, 2]);
  });

  it('removing the default chip leaves no tab attached, even after switching tabs', () => {
    const tabs = activate([news, docs], 1);
    const none = withTabDetached(DEFAULT_SELECTION, tabs, 1);
    expect(attachedTabs(none, activate(tabs, 2))).toEqual([]);
  });

  it('attaches a tab once, and drops tabs that were closed', () => {
    const tabs = activate([news, docs], 1);
    const twice = withTabAttached(withTabAttached(DEFAULT_SELECTION, tabs, 2), tabs, 2);
    expect(ids(attachedTabs(twice, tabs))).toEqual([1, 2]);
    expect(ids(attachedTabs(twice, [news]))).toEqual([1]);
  });

  it('never attaches an unreadable tab, even when asked to', () => {
    const tabs = activate([news, panel], 1);
    expect(ids(attachedTabs(withTabAttached(DEFAULT_SELECTION, tabs, 4), tabs))).toEqual([1]);
  });

  it(`stops at ${MAX_ATTACHED_TABS} tabs`, () => {
    const many = Array.from({ length: 25 }, (_, index) =>
      tab(100 + index, `https://site${index}.example/`),
    );
    let selection: TabSelection = { kind: 'chosen', tabIds: [] };
    for (const item of many) selection = withTabAttached(selection, many, item.id);
    expect(attachedTabs(selection, many)).toHaveLength(MAX_ATTACHED_TABS);
  });
});

describe('labels', () => {
  it('uses the address while a tab has no title', () => {
    expect(tabLabel(tab(9, 'https://x.example/', false, '  '))).toBe('https://x.example/');
    expect(tabLabel(tab(9, 'https://x.example/', false, ' A\n title '))).toBe('A title');
  });

  it('truncates by characters, not UTF-16 units, with an ellipsis', () => {
    expect(truncate('short', 10)).toBe('short');
    expect(truncate('A rather long page title', 10)).toBe('A rather…');
    expect(truncate('😀😀😀😀😀😀', 4)).toBe('😀😀😀…');
  });
});
