/**
 * The attribute the in-page script puts on elements the browser does not show (computed
 * styles exist only in the live tab), before it clones the document for extraction.
 */
export const HIDDEN_MARK = 'data-gleaner-hidden';

/**
 * Marks every element of the live page that computed CSS hides, without descending into an
 * element already found hidden. Returns a function that removes the marks again, so the page
 * is left as it was. Only the in-page script calls this: it needs a rendered document.
 */
export function markHiddenElements(document: Document): () => void {
  const view = document.defaultView;
  const marked: Element[] = [];
  if (!view || !document.body) return () => {};
  const stack: Element[] = [document.body];
  while (stack.length > 0) {
    const element = stack.pop()!;
    for (let child = element.lastElementChild; child; child = child.previousElementSibling) {
      // Never text, and removed later anyway: not worth a style lookup, nor a look inside.
      if (SKIPPED.has(child.localName)) continue;
      if (isHiddenByStyle(child, view)) {
        child.setAttribute(HIDDEN_MARK, '');
        marked.push(child);
      } else {
        stack.push(child);
      }
    }
  }
  return () => {
    for (const element of marked) element.removeAttribute(HIDDEN_MARK);
  };
}

const SKIPPED = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'canvas',
  'iframe',
  'object',
]);

function isHiddenByStyle(element: Element, view: Window): boolean {
  const style = view.getComputedStyle(element);
  if (style.display === 'none' || style.visibility === 'hidden') return true;
  // Clipped to (almost) nothing: the "visually hidden" pattern of screen-reader-only text.
  // Layout is only read for elements that clip, which keeps this cheap.
  if (style.overflow === 'hidden' || style.overflow === 'clip') {
    const box = element as HTMLElement;
    return box.offsetWidth <= 1 && box.offsetHeight <= 1;
  }
  return false;
}

/**
 * Whether markup alone says an element is not shown: the in-page mark, the `hidden` attribute,
 * `aria-hidden="true"`, or an inline `display:none` / `visibility:hidden`. This is all a
 * document without computed styles (linkedom) can know.
 */
export function isHiddenByMarkup(element: Element): boolean {
  return element.getAttribute('aria-hidden') === 'true' || isHiddenFromTheEye(element);
}

/** What of `isHiddenByMarkup` hides an element from the eye, not only from screen readers. */
function isHiddenFromTheEye(element: Element): boolean {
  if (element.hasAttribute(HIDDEN_MARK)) return true;
  const hidden = element.getAttribute('hidden');
  // hidden="until-found" is collapsed text the browser's find reveals: part of the page.
  if (hidden !== null && hidden !== 'until-found') return true;
  const style = element.getAttribute('style');
  return style !== null && INLINE_HIDDEN.test(style);
}

const INLINE_HIDDEN =
  /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)\s*(?:!important\s*)?(?:;|$)/i;

/**
 * Whether removing an element that markup says is hidden would throw away most of the page: a
 * hint that wide is not trusted. While a cookie dialog is open, scripts set aria-hidden on the
 * whole page behind it, and anti-flicker snippets hide the body until scripts run. The in-page
 * mark comes from computed styles and is always trusted.
 */
export function hidesTooMuch(
  element: Element,
  root: Element,
  rootTextLength: () => number,
): boolean {
  if (element.hasAttribute(HIDDEN_MARK) || element === root) return false;
  const length = element.textContent?.length ?? 0;
  return length > 500 && length > rootTextLength() * 0.5;
}

/**
 * Whether an element that markup hides only with `aria-hidden="true"` is text the page shows.
 * That attribute hides from screen readers, not from the eye: sites put it on the copy of a
 * teaser's text or a rating's count that sighted readers see, when a screen reader gets the
 * same thing another way, and on an accordion's closed panels, which the reader opens with a
 * click. Such an element is shown, unless the text around it already says every word of it
 * (the sighted copy of a price or a title read out by a text hidden with a class: one copy is
 * enough), or it is a dialog (`role="dialog"`, `aria-modal`).
 */
export function isShownDespiteAriaHidden(element: Element): boolean {
  if (isHiddenFromTheEye(element)) return false;
  const role = element.getAttribute('role');
  if (role === 'dialog' || role === 'alertdialog' || element.hasAttribute('aria-modal')) {
    return false;
  }
  const words = wordsOf(element.textContent ?? '');
  if (words.length === 0) return false;
  const parent = element.parentElement;
  if (!parent) return true;
  const around = new Set(
    wordsOf((parent.textContent ?? '').replace(element.textContent ?? '', ' ')),
  );
  return words.some((word) => !around.has(word));
}

function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}
