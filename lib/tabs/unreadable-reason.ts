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
  const name = title ? `"${title}"` : 'This tab';
  if (!rawUrl)
    return `${name} has no address yet (it may still be loading). Try again in a moment.`;
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return `${name} has an address Gleaner cannot read (${rawUrl}).`;
  }
  if (BROWSER_SCHEMES.has(url.protocol)) {
    return `${name} is a browser page (${url.protocol}//…); browsers do not let extensions read their own pages or other extensions.`;
  }
  if (
    STORE_PAGES.some((store) => url.hostname === store.host && url.pathname.startsWith(store.path))
  ) {
    return `${name} is in the browser's extension store, which browsers do not let extensions read.`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:' && url.protocol !== 'file:') {
    return `${name} uses ${url.protocol} addresses, which Gleaner cannot read.`;
  }
  return null;
}
