import { type Browser, browser } from 'wxt/browser';
import { articleSchema } from '../extract/article';
import { inEnglish, type LocalText, local } from '../i18n/local-text';
import { pdfArticle } from '../pdf/pdf-article';
import { readPdf } from '../pdf/pdf-reader';
import { unreadableReasonText } from '../tabs/unreadable-reason';
import type { TabInfo, TabReadResult } from '../tools/tool';
import type { ReadAheadResults } from './read-ahead-results';

type BrowserTab = Browser.tabs.Tab;

function toInfo(tab: BrowserTab): TabInfo {
  return {
    id: tab.id ?? -1,
    title: tab.title ?? '',
    url: tab.url ?? tab.pendingUrl ?? '',
    active: tab.active,
  };
}

export async function getTab(tabId: number): Promise<TabInfo | undefined> {
  try {
    return toInfo(await browser.tabs.get(tabId));
  } catch {
    return undefined;
  }
}

export async function listTabs(): Promise<TabInfo[]> {
  const tabs = await browser.tabs.query({ lastFocusedWindow: true });
  return tabs.filter((tab) => tab.id !== undefined).map(toInfo);
}

export async function activeTab(): Promise<TabInfo | undefined> {
  const [tab] = await browser.tabs.query({ active: true, lastFocusedWindow: true });
  return tab ? toInfo(tab) : undefined;
}

/**
 * Reads a tab's article by running the unlisted `read-page` script in it. The script extracts
 * from a clone of the live DOM (so computed styles can mark hidden text) and returns plain data,
 * which is validated here: a page cannot hand the worker anything but an Article. A page read
 * ahead while the panel is open has already pushed its article (`readAhead`); while it is fresh
 * and of the tab's current address, that is the read, and nothing runs in the page.
 */
export async function readTab(
  tabId: number,
  readAhead?: Pick<ReadAheadResults, 'current'>,
): Promise<TabReadResult> {
  let tab: BrowserTab;
  try {
    tab = await browser.tabs.get(tabId);
  } catch {
    return unreadable(local('tabClosed', tabId));
  }
  const info = toInfo(tab);
  const name = info.title ? local('tabQuotedTitle', info.title) : local('tabNumbered', tabId);
  const refused = unreadableReasonText(info.url, info.title);
  if (refused) return unreadable(refused);
  if (tab.discarded || (tab.status as string | undefined) === 'unloaded') {
    return unreadable(local('tabUnloaded', name));
  }
  if (info.url.startsWith('file:') && !(await browser.extension.isAllowedFileSchemeAccess())) {
    return unreadable(local('tabLocalFile', name));
  }
  const readAheadArticle = readAhead?.current(tabId, info.url);
  if (readAheadArticle) return { ok: true, article: readAheadArticle };
  try {
    const [injection] = await browser.scripting.executeScript({
      target: { tabId },
      files: ['/read-page.js'],
    });
    const result = injection?.result as { pdf?: boolean } | undefined;
    if (result?.pdf) return await readPdfTab(info, name);
    const article = articleSchema.safeParse(injection?.result);
    if (!article.success) return unreadable(local('tabNoContent', name));
    return { ok: true, article: article.data };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/No tab with id/i.test(message)) {
      return unreadable(local('tabClosedWhileReading', name));
    }
    // Firefox's PDF viewer refuses extension scripts: recognise PDFs by their address there.
    if (/\.pdf$/i.test(new URL(info.url).pathname)) return await readPdfTab(info, name);
    return unreadable(local('tabUnreadable', name, message));
  }
}

/** A tab that cannot be read: the English for the model, the key for the panel. */
function unreadable(text: LocalText): TabReadResult {
  return { ok: false, reason: inEnglish(text), i18n: text };
}

/** PDF tabs: the text comes from pdf.js in the offscreen document (lib/pdf), not the viewer's DOM. */
async function readPdfTab(info: TabInfo, name: LocalText): Promise<TabReadResult> {
  const pdf = await readPdf({ url: info.url });
  if (!pdf.ok) return unreadable(local('tabPdfUnreadable', name, pdf.reason));
  return { ok: true, article: pdfArticle(pdf, info.title) };
}
