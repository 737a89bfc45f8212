import { inEnglish, type LocalText, local } from '../i18n/local-text';

/**
 * Pages the browser never lets an extension script: its own pages, other extensions, and the
 * extension stores. Returns a sentence saying why, or null when the page may be readable.
 * https://developer.chrome.com/docs/extensions/reference/api/scripting#restricted-pages
 */
const BROWSER_SCHEMES = new Set([
  'chrome:',
  'chrome-untrusted:',
  'chrome-search:',
  'chrome-extension:',
  'edge:',
  'brave:',
  'opera:',
  'vivaldi:',
  'about:',
  'devtools:',
  'view-source:',
  'moz-extension:',
  'resource:',
  'data:',
  'javascript:',
  'blob:',
]);

const STORE_PAGES = [
  { host: 'chromewebstore.google.com', path: '/' },
  { host: 'chrome.google.com', path: '/webstore' },
  { host: 'microsoftedge.microsoft.com', path: '/addons' },
  { host: 'addons.mozilla.org', path: '/' },
];

export function unreadableReason(rawUrl: string, title = ''): string | null {
  const text = unreadableReasonText(rawUrl, title);
  return text ? inEnglish(text) : null;
}

/** The same sentence, stored with its message key so the panel shows it in the chosen language. */
export function unreadableReasonText(rawUrl: string, title = ''): LocalText | null {
  const name = title ? local('tabQuotedTitle', title) : local('thisTab');
  if (!rawUrl) return local('tabNoAddress', name);
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return local('tabBadAddress', name, rawUrl);
  }
  if (BROWSER_SCHEMES.has(url.protocol)) return local('tabBrowserPage', name, url.protocol);
  if (
    STORE_PAGES.some((store) => url.hostname === store.host && url.pathname.startsWith(store.path))
  ) {
    return local('tabStorePage', name);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:' && url.protocol !== 'file:') {
    return local('tabOtherScheme', name, url.protocol);
  }
  return null;
}
