import { useEffect, useState } from 'react';
import { type Browser, browser } from 'wxt/browser';
import type { WindowTab } from '../lib/tabs/window-tab';
import { stripInvisible } from '../lib/text/strip-invisible';

function toWindowTab(tab: Browser.tabs.Tab & { id: number }): WindowTab {
  return {
    id: tab.id,
    // A page picks its own title: what it hides in it is not shown.
    title: stripInvisible(tab.title ?? ''),
    url: tab.url ?? tab.pendingUrl ?? '',
    active: tab.active,
  };
}

const sameTabs = (a: readonly WindowTab[] | undefined, b: readonly WindowTab[]) =>
  a !== undefined && JSON.stringify(a) === JSON.stringify(b);

/** Events come in bursts (a page load updates status, URL and title); one query answers them. */
const SETTLE_MS = 60;

/**
 * The tabs of the window the panel belongs to, in tab order, kept current as the user switches,
 * opens, closes, moves and loads tabs. undefined until the first answer. In a side panel (and in
 * the panel page opened as a tab, as the tests do) `currentWindow` is the panel's own window.
 */
export function useWindowTabs(): readonly WindowTab[] | undefined {
  const [tabs, setTabs] = useState<readonly WindowTab[]>();

  useEffect(() => {
    let live = true;
    let windowId: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;

    async function refresh() {
      try {
        const found = await browser.tabs.query({ currentWindow: true });
        if (!live) return;
        windowId = found[0]?.windowId ?? windowId;
        const next = found
          .filter((tab): tab is Browser.tabs.Tab & { id: number } => tab.id !== undefined)
          .map(toWindowTab);
        setTabs((current) => (sameTabs(current, next) ? current : next));
      } catch (error) {
        console.error('Gleaner could not list the tabs of this window', error);
      }
    }

    /** Refreshes soon, unless the event is about another window. */
    const schedule = (eventWindowId?: number) => {
      if (eventWindowId !== undefined && windowId !== undefined && eventWindowId !== windowId)
        return;
      clearTimeout(timer);
      timer = setTimeout(() => void refresh(), SETTLE_MS);
    };

    const onActivated = (info: Browser.tabs.OnActivatedInfo) => schedule(info.windowId);
    const onUpdated = (
      _tabId: number,
      change: Browser.tabs.OnUpdatedInfo,
      tab: Browser.tabs.Tab,
    ) => {
      // Favicon and audio changes do not change a chip.
      if (change.title === undefined && change.url === undefined && change.status === undefined)
        return;
      schedule(tab.windowId);
    };
    const onCreated = (tab: Browser.tabs.Tab) => schedule(tab.windowId);
    const onRemoved = (_tabId: number, info: Browser.tabs.OnRemovedInfo) => schedule(info.windowId);
    const onMoved = (_tabId: number, info: Browser.tabs.OnMovedInfo) => schedule(info.windowId);
    // A tab dragged in or out of this window: the ids are not worth comparing, just re-read.
    const onAttachedOrDetached = () => schedule();
    const onReplaced = () => schedule();

    const events = browser.tabs;
    events.onActivated.addListener(onActivated);
    events.onUpdated.addListener(onUpdated);
    events.onCreated.addListener(onCreated);
    events.onRemoved.addListener(onRemoved);
    events.onMoved.addListener(onMoved);
    events.onAttached.addListener(onAttachedOrDetached);
    events.onDetached.addListener(onAttachedOrDetached);
    events.onReplaced.addListener(onReplaced);
    void refresh();

    return () => {
      live = false;
      clearTimeout(timer);
      events.onActivated.removeListener(onActivated);
      events.onUpdated.removeListener(onUpdated);
      events.onCreated.removeListener(onCreated);
      events.onRemoved.removeListener(onRemoved);
      events.onMoved.removeListener(onMoved);
      events.onAttached.removeListener(onAttachedOrDetached);
      events.onDetached.removeListener(onAttachedOrDetached);
      events.onReplaced.removeListener(onReplaced);
    };
  }, []);

  return tabs;
}
