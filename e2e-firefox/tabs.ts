import type { FirefoxPanel } from './panel';

export interface OpenedTab {
  id: number;
  title: string;
  url: string;
}

type TabsApi = {
  getCurrent(): Promise<{ windowId?: number } | undefined>;
  create(options: { windowId?: number; url: string; active: boolean }): Promise<{ id?: number }>;
  get(id: number): Promise<{ id?: number; status?: string; title?: string; url?: string }>;
  update(id: number, options: { active: boolean }): Promise<unknown>;
  executeScript(id: number, details: { code: string }): Promise<unknown[]>;
};

/**
 * Opens `url` in a background tab of the panel's window through the panel's own `browser.tabs`
 * and waits until it has loaded (polling its status: a load that ends before a listener is
 * registered cannot be missed this way).
 */
export async function openTab(panel: FirefoxPanel, url: string): Promise<OpenedTab> {
  return panel.page.evaluate(async (address) => {
    const { tabs } = (globalThis as unknown as { browser: { tabs: TabsApi } }).browser;
    const own = await tabs.getCurrent();
    const created = await tabs.create({ windowId: own?.windowId, url: address, active: false });
    const deadline = Date.now() + 10_000;
    for (;;) {
      const tab = await tabs.get(created.id ?? -1);
      if (tab.status === 'complete' && tab.url !== 'about:blank') {
        return { id: tab.id ?? -1, title: tab.title ?? '', url: tab.url ?? address };
      }
      if (Date.now() > deadline) throw new Error(`The tab for ${address} did not load in 10 s.`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, url);
}

/** Makes `tabId` the active tab of its window: the panel's "current tab". */
export async function activateTab(panel: FirefoxPanel, tabId: number): Promise<void> {
  await panel.page.evaluate(async (id) => {
    const { tabs } = (globalThis as unknown as { browser: { tabs: TabsApi } }).browser;
    await tabs.update(id, { active: true });
  }, tabId);
}

/**
 * Waits until the page reader (Read the open tab ahead) in `tabId` has its result ready, asked
 * in the extension's own world of the tab with Firefox's `tabs.executeScript`.
 */
export async function waitForReadAhead(panel: FirefoxPanel, tabId: number): Promise<void> {
  await panel.page.evaluate(async (id) => {
    const { tabs } = (globalThis as unknown as { browser: { tabs: TabsApi } }).browser;
    const deadline = Date.now() + 10_000;
    for (;;) {
      const [state] = await tabs.executeScript(id, {
        code: 'var reader = globalThis.__gleanerPageReader; reader ? (reader.ready() ? "ready" : "reading") : "none"',
      });
      if (state === 'ready') return;
      if (Date.now() > deadline) {
        throw new Error(`Tab ${id} was not read ahead in 10 s (its reader says ${String(state)}).`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, tabId);
}
