/**
 * Link safety for anything the model or a page wrote. Only web and mail links survive; every
 * other scheme (javascript:, data:, vbscript:, chrome-extension:, relative paths that would
 * resolve inside the extension) is dropped so the text stays inert.
 */
const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

export function safeHref(raw: string | null | undefined): string | undefined {
  if (!raw) return undefined;
  // Browsers ignore control characters and whitespace inside a scheme ("java\tscript:"), so the
  // URL parser, not a regex, decides what the scheme is.
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return undefined;
  }
  if (!SAFE_PROTOCOLS.has(url.protocol)) return undefined;
  if (url.protocol !== 'mailto:' && (url.username || url.password)) return undefined;
  return url.href;
}

/** What to show as the real target: the host for web links, the address for mail links. */
export function displayTarget(href: string): string {
  const url = new URL(href);
  if (url.protocol === 'mailto:') return decodeURIComponent(url.pathname);
  return url.host;
}

/** The target is worth showing when the link text does not already name it. */
export function textHidesTarget(text: string, href: string): boolean {
  const target = displayTarget(href).toLowerCase();
  return !text.toLowerCase().includes(target.replace(/^www\./, ''));
}
