/**
 * Shop themes often render a product's description, specifications or buy box twice, one copy
 * for small screens and one for large, and let the style sheet show only one. A live tab's
 * computed styles drop the copy not shown; a fetched page (no styles) keeps both, and a reader
 * would get everything twice. On a product page, a block whose text repeats an earlier block
 * word for word goes. Only product pages are read this way: a documentation page repeats a
 * code sample or a note on purpose.
 */
export function removeRepeatedBlocks(root: Element): void {
  const firstWithText = new Map<string, Element>();
  for (const element of Array.from(root.querySelectorAll('*'))) {
    if (INLINE.has(element.localName) || !root.contains(element)) continue;
    const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim();
    if (text.length < MIN_REPEATED_TEXT) continue;
    const first = firstWithText.get(text);
    if (!first) {
      firstWithText.set(text, element);
      continue;
    }
    // A wrapper and the block it wraps hold the same text: that is one block, not a copy.
    if (first.contains(element)) continue;
    element.remove();
  }
}

/** Shorter texts (a price, "In stock", a spec label) repeat on a page for good reasons. */
const MIN_REPEATED_TEXT = 60;

/** Inline elements are judged with the block around them. */
const INLINE = new Set([
  'a',
  'abbr',
  'b',
  'bdi',
  'br',
  'cite',
  'code',
  'em',
  'i',
  'img',
  'mark',
  'q',
  's',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'time',
  'u',
  'wbr',
  'svg',
  'picture',
  'source',
]);
