import type { Page } from '@playwright/test';

interface ScriptingGlobal {
  chrome: {
    scripting: {
      executeScript(injection: {
        target: { tabId: number };
        func: () => string;
      }): Promise<Array<{ result?: unknown }>>;
    };
  };
}

/**
 * What the page reader in a tab says ("ready", "reading", or "none" when there is no reader),
 * asked from an extension page in the extension's own world of the tab.
 */
export async function readAheadState(page: Page, tabId: number): Promise<string> {
  return page.evaluate(async (id) => {
    const { chrome } = globalThis as unknown as ScriptingGlobal;
    const [frame] = await chrome.scripting.executeScript({
      target: { tabId: id },
      // Built from source text: the bundler would wrap an inline function in a helper that the
      // tab does not have.
      func: new Function(
        'const reader = globalThis.__gleanerPageReader; return reader ? (reader.ready() ? "ready" : "reading") : "none";',
      ) as () => string,
    });
    return String(frame?.result);
  }, tabId);
}
