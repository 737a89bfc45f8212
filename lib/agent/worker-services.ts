import { browser } from 'wxt/browser';
import type { ToolServices } from '../tools/tool';

/** The real browser behind the tools' services, used by the worker. */
export function createWorkerServices(): ToolServices {
  return {
    tabs: {
      async list() {
        const tabs = await browser.tabs.query({ lastFocusedWindow: true });
        return tabs
          .filter((tab) => tab.id !== undefined)
          .map((tab) => ({
            id: tab.id!,
            title: tab.title ?? '',
            url: tab.url ?? tab.pendingUrl ?? '',
            active: tab.active,
          }));
      },
    },
  };
}
