import { useEffect } from 'react';
import { type Browser, browser } from 'wxt/browser';
import { READ_AHEAD_PORT, readAheadTarget } from '../lib/tabs/read-ahead-target';
import type { WindowTab } from '../lib/tabs/window-tab';

/**
 * Read the open tab ahead: while this panel is open, the active tab of its window gets the page
 * reader (entrypoints/read-ahead.ts) and a Port from the panel. The reader reads the page when
 * it is idle and again after it changes, and keeps the result in the page; nothing is sent to
 * the panel or anywhere else. Closing the panel, switching tabs or turning the setting off
 * closes the Port, and the reader forgets what it read.
 */
export function useReadAhead(current: WindowTab | undefined, enabled: boolean | undefined): void {
  const target = readAheadTarget(current, enabled);
  const tabId = target?.id;
  const address = target?.url;

  useEffect(() => {
    // A new address in the same tab is a new document (or a history navigation): connect anew.
    if (tabId === undefined || address === undefined) return;
    let live = true;
    let port: Browser.runtime.Port | undefined;

    async function connect() {
      if (port || tabId === undefined) return;
      try {
        await browser.scripting.executeScript({ target: { tabId }, files: ['/read-ahead.js'] });
      } catch {
        // The page refuses extension scripts (a store page, an error page, a page still being
        // replaced). Reading ahead is only a head start: Summarize reads the page itself then
        // and says what went wrong, if anything does.
        return;
      }
      if (!live || port) return;
      const opened = browser.tabs.connect(tabId, { name: READ_AHEAD_PORT, frameId: 0 });
      port = opened;
      // The document went away (a navigation): the next load brings a new reader.
      opened.onDisconnect.addListener(() => {
        if (port === opened) port = undefined;
      });
    }

    const onUpdated = (updatedId: number, change: Browser.tabs.OnUpdatedInfo) => {
      if (updatedId === tabId && change.status === 'complete') void connect();
    };
    browser.tabs.onUpdated.addListener(onUpdated);
    void connect();
    return () => {
      live = false;
      browser.tabs.onUpdated.removeListener(onUpdated);
      port?.disconnect();
      port = undefined;
    };
  }, [tabId, address]);
}
