/**
 * An element's text as the extractor measures it: its `textContent` with each run of white
 * space one space, trimmed. What a reader sees of hidden or skipped parts is not asked here;
 * the passes that care remove those parts first.
 */
export function normalizedText(element: Element): string {
  return (element.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** The length of `normalizedText(element)`. */
export function textLength(element: Element): number {
  return normalizedText(element).length;
}
