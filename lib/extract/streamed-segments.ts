/**
 * React's streaming server rendering sends the parts of a page that load later (a product's
 * specifications, a listing's items) at the end of the HTML, in `<div hidden id="S:n">`, and
 * leaves a `<template id="P:n">` (a segment) or `<template id="B:n">` (a suspense boundary, with
 * a loading fallback after it) where they belong; a small inline script moves them into place.
 * A browser has run that script by the time a reader sees the page; a fetched page never runs
 * it, so its content is hidden and out of order. This puts each part where the script would.
 */
export function placeStreamedSegments(
  segments: readonly Element[],
  placeholders: ReadonlyMap<string, Element>,
): void {
  for (const segment of segments) {
    const suffix = segment.id.slice(SEGMENT_PREFIX.length);
    const slot = placeholders.get(`P:${suffix}`);
    if (slot?.parentNode) {
      slot.replaceWith(...Array.from(segment.childNodes));
      segment.remove();
      continue;
    }
    const boundary = placeholders.get(`B:${suffix}`);
    if (boundary?.parentNode) {
      removeFallback(boundary);
      boundary.replaceWith(...Array.from(segment.childNodes));
      segment.remove();
    }
  }
}

/** The id prefix of a hidden streamed part. */
const SEGMENT_PREFIX = 'S:';

/** Whether an element is a placeholder that a streamed part replaces. */
export function isStreamPlaceholder(element: Element): boolean {
  return element.localName === 'template' && PLACEHOLDER_ID.test(element.id);
}

/** Whether an element is a hidden streamed part waiting to be moved into place. */
export function isStreamedSegment(element: Element): boolean {
  return (
    element.localName === 'div' &&
    element.hasAttribute('hidden') &&
    element.id.startsWith(SEGMENT_PREFIX)
  );
}

const PLACEHOLDER_ID = /^[BP]:/;

/**
 * The loading fallback a boundary shows until its content arrives: the nodes after the
 * template up to the comment that closes the boundary (`<!--/$-->`), nested boundaries
 * included. React's script removes them before inserting the content.
 */
function removeFallback(boundary: Element): void {
  let depth = 0;
  let node = boundary.nextSibling;
  while (node) {
    const next = node.nextSibling;
    if (node.nodeType === COMMENT_NODE) {
      const data = node.nodeValue ?? '';
      if (data === '/$') {
        if (depth === 0) return;
        depth--;
      } else if (data === '$' || data === '$?' || data === '$!') depth++;
    }
    node.parentNode?.removeChild(node);
    node = next;
  }
}

const COMMENT_NODE = 8;
