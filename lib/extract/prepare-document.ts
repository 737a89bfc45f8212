import { HIDDEN_MARK, hidesTooMuch, isHiddenByMarkup } from './hidden-elements';

/** Never part of what a reader sees as text. */
const NEVER_TEXT = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'iframe',
  'object',
  'embed',
  'canvas',
  'dialog',
]);

/**
 * Gets a document ready for Readability: points relative links at the page (a `<base href>`,
 * which linkedom documents lack, else links resolve against nothing or chrome-extension://),
 * and removes what is never text and what is hidden. Returns the base URL links resolve against.
 */
export function prepareDocument(document: Document, url: string): { baseUrl: string } {
  const baseUrl = ensureBaseHref(document, url);
  const body = document.body;
  if (body) removeInvisible(body);
  return { baseUrl };
}

/**
 * One pass over the body's elements (a selector list is several times slower in linkedom):
 * drops scripts, styles, embeds and dialogs, and elements markup says are hidden.
 */
function removeInvisible(body: HTMLElement): void {
  const hidden: Element[] = [];
  for (const element of Array.from(body.querySelectorAll('*'))) {
    if (NEVER_TEXT.has(element.localName)) element.remove();
    else if (element.getAttribute('hidden') === 'until-found') {
      // Collapsed text that find-in-page reveals is part of the page; Readability would drop
      // any element with a hidden attribute.
      element.removeAttribute('hidden');
    } else if (
      (element.hasAttribute('style') ||
        element.hasAttribute('hidden') ||
        element.hasAttribute('aria-hidden') ||
        element.hasAttribute(HIDDEN_MARK)) &&
      isHiddenByMarkup(element)
    ) {
      hidden.push(element);
    }
  }
  let bodyTextLength = -1;
  const bodyText = () => {
    if (bodyTextLength < 0) bodyTextLength = body.textContent?.length ?? 0;
    return bodyTextLength;
  };
  for (const element of hidden) {
    if (!hidesTooMuch(element, body, bodyText)) {
      element.remove();
      continue;
    }
    element.removeAttribute('hidden');
    element.removeAttribute('aria-hidden');
    element.removeAttribute('style');
  }
}

/** Resolves the page's own `<base href>` (if any) against its URL and makes sure one is set. */
function ensureBaseHref(document: Document, url: string): string {
  const existing = document.querySelector('base[href]');
  let baseUrl = url;
  try {
    baseUrl = new URL(existing?.getAttribute('href') ?? '', url).href;
  } catch {
    // A broken <base href> (or URL) leaves links relative to the page URL itself.
  }
  if (existing) {
    existing.setAttribute('href', baseUrl);
    return baseUrl;
  }
  const base = document.createElement('base');
  base.setAttribute('href', baseUrl);
  const head = document.head ?? document.documentElement;
  head?.insertBefore(base, head.firstChild);
  return baseUrl;
}
