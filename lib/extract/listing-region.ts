import { fallbackContent, mainLandmark } from './fallback-content';
import { repeatedItems } from './repeated-items';
import { textLength } from './text-measure';

/**
 * The region a listing is read from. A `main` landmark usually holds a listing's items, but
 * a page may put only its top stories in `main` and run its feed of items after it: when the
 * page's largest group of items built alike lies outside `main` and holds more text than
 * `main` does, the whole body is read (without its chrome, as any region is).
 */
export function listingRegion(body: HTMLElement): Element {
  const main = mainLandmark(body);
  if (!main) return fallbackContent(body);
  const items = repeatedItems(body);
  const first = items[0];
  if (!first || main.contains(first)) return fallbackContent(body);
  let itemsLength = 0;
  for (const item of items) itemsLength += textLength(item);
  return fallbackContent(body, itemsLength > textLength(main));
}
