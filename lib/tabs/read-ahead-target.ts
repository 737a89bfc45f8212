import type { WindowTab } from './window-tab';

/** The Port name the panel opens to a tab it reads ahead: while it is open, the tab is read. */
export const READ_AHEAD_PORT = 'gleaner-read-ahead';

/**
 * The Port name the page reader opens to the worker while it holds a fresh result: each result
 * read ahead is posted on it, and it is closed as soon as that result goes stale.
 */
export const READ_AHEAD_RESULT_PORT = 'gleaner-read-ahead-result';

/** What the page reader posts on the result Port: what it read, and the address it read it at. */
export interface ReadAheadMessage {
  type: 'read';
  address: string;
  result: unknown;
}

/**
 * The tab the panel reads ahead, if any: the active tab of the panel's own window, only when
 * Read the open tab ahead is on (undefined while the settings load counts as off) and only an
 * http(s) page; never a browser page, a local file, a PDF viewer or another extension's page.
 * A panel only exists in a private window when the extension is allowed there.
 */
export function readAheadTarget(
  tab: WindowTab | undefined,
  enabled: boolean | undefined,
): WindowTab | undefined {
  if (!enabled || !tab?.active) return undefined;
  let address: URL;
  try {
    address = new URL(tab.url);
  } catch {
    return undefined;
  }
  if (address.protocol !== 'http:' && address.protocol !== 'https:') return undefined;
  // Chrome shows a PDF in its viewer at the PDF's own address; the viewer refuses scripts.
  if (/\.pdf$/i.test(address.pathname)) return undefined;
  return tab;
}
