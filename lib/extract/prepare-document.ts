import {
  HIDDEN_MARK,
  hidesTooMuch,
  isHiddenByMarkup,
  isShownDespiteAriaHidden,
} from './hidden-elements';
import { isStreamedSegment, isStreamPlaceholder, placeStreamedSegments } from './streamed-segments';

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
export function prepareDocument(
  document: Document,
  url: string,
  { keepHidden = false }: { keepHidden?: boolean } = {},
): { baseUrl: string; hiddenKept: boolean } {
  const baseUrl = ensureBaseHref(document, url);
  const body = document.body;
  if (body) unwrapNoscriptContent(body);
  const hiddenKept = body ? removeInvisible(body, keepHidden) : false;
  return { baseUrl, hiddenKept };
}

/**
 * Some single-page apps (Discourse forums among them) render their content with scripts and
 * put the same content in `<noscript>` for readers without them. Fetched and parsed without
 * running scripts, that is the only copy of the content: keep it when it holds most of the
 * page's text. A live tab parses `<noscript>` as raw text (scripts run there), so only a
 * `<noscript>` with elements inside is unwrapped.
 */
function unwrapNoscriptContent(body: HTMLElement): void {
  const noscripts = Array.from(body.getElementsByTagName('noscript')).filter(
    (element) => element.firstElementChild !== null,
  );
  if (noscripts.length === 0) return;
  let inside = 0;
  for (const element of noscripts) inside += element.textContent?.length ?? 0;
  if (inside < 500) return;
  let code = 0;
  for (const name of ['script', 'style', 'template'])
    for (const element of Array.from(body.getElementsByTagName(name)))
      code += element.textContent?.length ?? 0;
  const outside = (body.textContent?.length ?? 0) - inside - code;
  if (inside < 2 * outside) return;
  for (const element of noscripts) {
    if (!element.isConnected) continue;
    const wrapper = element.ownerDocument.createElement('div');
    wrapper.append(...Array.from(element.childNodes));
    element.replaceWith(wrapper);
  }
}

/**
 * One pass over the body's elements (a selector list is several times slower in linkedom):
 * drops scripts, styles, embeds and dialogs, and elements markup says are hidden (unless asked to
 * keep them), after putting the parts a streaming server sent hidden where they belong
 * (streamed-segments). Returns whether hidden text was kept (see hidesTooMuch).
 */
function removeInvisible(body: HTMLElement, keepHidden: boolean): boolean {
  let hiddenKept = false;
  const hidden: Element[] = [];
  const segments: Element[] = [];
  const placeholders = new Map<string, Element>();
  for (const element of Array.from(body.querySelectorAll('*'))) {
    if (isStreamPlaceholder(element)) placeholders.set(element.id, element);
    else if (isStreamedSegment(element)) segments.push(element);
    else if (NEVER_TEXT.has(element.localName)) element.remove();
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
  if (segments.length > 0) placeStreamedSegments(segments, placeholders);
  for (const placeholder of placeholders.values()) placeholder.remove();
  let bodyTextLength = -1;
  const bodyText = () => {
    if (bodyTextLength < 0) bodyTextLength = body.textContent?.length ?? 0;
    return bodyTextLength;
  };
  for (const element of hidden) {
    // A hint that wide (a page behind a dialog) is kept and flagged below.
    if (!keepHidden && !hidesTooMuch(element, body, bodyText)) {
      // Readability drops what carries aria-hidden: it goes from text the page shows.
      if (isShownDespiteAriaHidden(element)) element.removeAttribute('aria-hidden');
      else element.remove();
      continue;
    }
    hiddenKept = true;
    element.removeAttribute('hidden');
    element.removeAttribute('aria-hidden');
    element.removeAttribute('style');
  }
  return hiddenKept;
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
