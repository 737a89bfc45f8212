/**
 * `npm run bench:extract -- --live`: the extractor as the live tab runs it (the built extension's
 * `read-page.js`, injected with `scripting.executeScript` into a real Chromium tab, with layout
 * and computed styles), against the same pages through `extractFromHtml` (linkedom, no styles),
 * scored alike. Issue 13: the live tab must not be worse than the benchmark's linkedom path.
 *
 * Each page is served at its own address by Playwright's router (so rules that read the address
 * see the real one), with every other request refused: the machine has no internet, and the
 * page's own scripts are off (`script-src 'none'`), so the tab shows the HTML the server sent,
 * with its inline styles. Pages whose scripts would have moved streamed parts into place are
 * therefore read here with those parts still hidden.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findServiceWorker, launchBrowser } from '../../e2e/fixtures';
import { within } from '../wait';

export interface LivePage {
  id: string;
  url: string;
  html: string;
  pageType: string;
}

interface ExtensionGlobal {
  chrome: {
    tabs: { query(info: { url: string }): Promise<Array<{ id?: number }>> };
    scripting: {
      executeScript(injection: {
        target: { tabId: number };
        files: string[];
      }): Promise<Array<{ result?: unknown }>>;
    };
  };
}

/** What each page gave in the live tab: its markdown, or the sentence that says why not. */
export interface LiveRead {
  markdown: string;
  /** The text the tab shows (`innerText`), to tell a page whose scripts would show the rest. */
  shownText: string;
  failed?: string;
}

/** A page's address as the tab can open it: a fragment never reaches the router. */
function addressOf(page: LivePage): string {
  try {
    const url = new URL(page.url);
    url.hash = '';
    return url.href;
  } catch {
    return `https://page-${page.id}.invalid/`;
  }
}

export async function readInLiveTabs(pages: readonly LivePage[]): Promise<LiveRead[]> {
  const profile = await mkdtemp(path.join(tmpdir(), 'gleaner-live-extract-'));
  const context = await launchBrowser(profile);
  try {
    const worker = await findServiceWorker(context);
    const extensionId = new URL(worker.url()).host;
    const served = new Map(pages.map((page) => [addressOf(page), page.html]));
    // Tabs opened by Playwright go through its router; tabs the extension opens would not.
    await context.route(/^https?:/, async (route) => {
      const request = route.request();
      const html = served.get(request.url());
      if (request.resourceType() !== 'document' || html === undefined) {
        await route.abort('blockedbyclient');
        return;
      }
      await route.fulfill({
        status: 200,
        contentType: 'text/html; charset=utf-8',
        headers: { 'content-security-policy': "script-src 'none'" },
        body: html,
      });
    });
    const host = await context.newPage();
    await host.goto(`chrome-extension://${extensionId}/bench-empty.html`);
    const reads: LiveRead[] = [];
    for (const page of pages) {
      const url = addressOf(page);
      const tab = await context.newPage();
      try {
        // A tab as wide as a desktop window: the browser was launched at a side panel's width,
        // and media queries hide or show parts of a page by width.
        await tab.setViewportSize({ width: 1280, height: 800 });
        // Scripting off, as a parser without scripts reads the page: `noscript` is shown.
        const cdp = await context.newCDPSession(tab);
        await cdp.send('Emulation.setScriptExecutionDisabled', { value: true });
        await within(`page ${page.id} to load`, tab.goto(url, { waitUntil: 'load' }));
        // biome-ignore lint/performance/useDomNodeTextContent: what the tab shows is the point.
        const shownText = await tab.evaluate(() => document.body?.innerText ?? '');
        const read = await within(
          `page ${page.id} read in a live tab`,
          host.evaluate(async (address) => {
            const { chrome } = globalThis as unknown as ExtensionGlobal;
            const [found] = await chrome.tabs.query({ url: address });
            if (found?.id === undefined) return { markdown: '', failed: 'no tab has the address' };
            try {
              const [frame] = await chrome.scripting.executeScript({
                target: { tabId: found.id },
                files: ['/read-page.js'],
              });
              const result = frame?.result as { markdown?: unknown } | undefined;
              return typeof result?.markdown === 'string'
                ? { markdown: result.markdown }
                : { markdown: '', failed: 'read-page.js returned no article' };
            } catch (error) {
              return { markdown: '', failed: String(error) };
            }
          }, tab.url()),
        );
        reads.push({ ...read, shownText });
      } catch (error) {
        const failed = error instanceof Error ? error.message : String(error);
        reads.push({ markdown: '', shownText: '', failed });
      } finally {
        await tab.close();
      }
    }
    return reads;
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
}

/** Up to `perType` pages of each type, spread over the corpus (every k-th page of the type). */
export function samplePages<T extends { pageType: string }>(
  pages: readonly T[],
  perType: number,
): T[] {
  const byType = new Map<string, T[]>();
  for (const page of pages) byType.set(page.pageType, [...(byType.get(page.pageType) ?? []), page]);
  return [...byType.values()].flatMap((ofType) => {
    if (ofType.length <= perType) return ofType;
    const step = ofType.length / perType;
    return Array.from({ length: perType }, (_, index) => ofType[Math.floor(index * step)]!);
  });
}
