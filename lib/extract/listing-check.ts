import type { MarkerKind } from './boilerplate-signals';
import { listingRegion } from './listing-region';
import { type BoilerplateProfile, removeBoilerplate } from './remove-boilerplate';
import { repeatedItems } from './repeated-items';
import { normalizedText, textLength } from './text-measure';

/**
 * How a listing is cleaned. A listing's items are teasers: a picture, a title, a date, a line of
 * text. Markup names them as media cards, captions and dates; here they are the content.
 */
export const LISTING_PROFILE: BoilerplateProfile = {
  keepLinks: true,
  keep: new Set<MarkerKind>(['media', 'caption', 'meta']),
};

/** Below this many characters the listing the check put together is not trusted. */
const TINY_LISTING = 250;

/** Readability's pick, when shorter than this, may be one item (or the intro) of a listing. */
const SHORT_PICK = 3000;

/**
 * A page that calls itself an article (news sites give their section fronts og:type "article")
 * may be a listing: Readability then keeps one teaser, or the section's intro. When the page has
 * a group of items built alike holding over twice the text of that pick, it is a listing, read
 * as its intro and its items; when the pick is already mostly those items, it is a listing as
 * read.
 */
export function listingOf(
  document: Document,
  picked: Element,
  bodyCopy: HTMLElement,
  {
    onlyLarger = false,
    found,
    beforeMoving,
  }: {
    onlyLarger?: boolean;
    /** The items built alike that `mayBeListingSection` already found in `bodyCopy`. */
    found?: Element[];
    /**
     * Called once the page is found to be a listing put together from its items, before they
     * are moved out of `bodyCopy`: the one moment the page as it was can still be copied.
     */
    beforeMoving?: () => void;
  } = {},
): Element | null {
  const pickedLength = textLength(picked);
  const items = found ?? repeatedItems(bodyCopy);
  let itemsLength = 0;
  for (const item of items) itemsLength += textLength(item);
  if (itemsLength < MIN_LISTING_TEXT) return null;
  const pickedText = normalizedText(picked);
  // Items marked as `article` elements say by markup that each is a composition of its own (a
  // blog's or a recipe site's teasers): holding more text than a short pick is enough.
  const marked = !onlyLarger && items.every((item) => item.localName === 'article');
  if (itemsLength < (marked ? MARKED_LISTING_SHARE : LISTING_SHARE) * pickedLength) {
    if (onlyLarger) return null;
    const inPick = items.filter((item) => pickedText.includes(normalizedText(item))).length;
    return inPick >= MIN_ITEMS_IN_PICK && itemsLength >= ITEMS_SHARE * pickedLength ? picked : null;
  }
  beforeMoving?.();
  const listing = document.createElement('div');
  // The intro above the items (a section's description) is kept unless it is one of them, or
  // lies in the page's footer: a pick from there (a newsletter sign-up with its messages) is
  // the end of the page, not what introduces its items.
  const introStart = pickedText.slice(0, 60);
  if (
    !items.some((item) => normalizedText(item).includes(introStart)) &&
    !inPageFooter(introStart, bodyCopy)
  ) {
    listing.append(picked);
  }
  for (const item of items) listing.append(item);
  return listing;
}

/**
 * The listing the check put together (an intro and its items), cleaned as a listing. The items
 * were found because they are built alike, whatever their class says, and some sites name every
 * teaser a promo ("PagePromo", "cmp-promo-container__content-item"): the boilerplate pass then
 * removes each of them and leaves nothing. When it leaves less than a scrap, two readings are
 * tried and the one with more text wins: the items again, with the marker that removed the most
 * text kept as content (a page of service teasers); and the rest of the page read as a listing's
 * region (a news hub whose feed is built otherwise than its top teasers).
 */
export function cleanListing(listing: Element, rest: HTMLElement): Element {
  const parts = Array.from(listing.children).map((part) => part.cloneNode(true) as Element);
  const removedText = new Map<MarkerKind, number>();
  removeBoilerplate(
    listing,
    (element, reason) => {
      const kind = reason.startsWith(MARKER_REASON)
        ? (reason.slice(MARKER_REASON.length) as MarkerKind)
        : null;
      if (kind) removedText.set(kind, (removedText.get(kind) ?? 0) + textLength(element));
    },
    LISTING_PROFILE,
  );
  if (textLength(listing) >= TINY_LISTING) return listing;
  let best = listing;
  let named: MarkerKind | null = null;
  for (const [kind, length] of removedText) {
    if (!named || length > (removedText.get(named) ?? 0)) named = kind;
  }
  if (named && named !== 'hidden') {
    const items = listing.ownerDocument.createElement('div');
    items.append(...parts);
    const keep = new Set<MarkerKind>([...(LISTING_PROFILE.keep ?? []), named]);
    removeBoilerplate(items, undefined, { ...LISTING_PROFILE, keep });
    if (textLength(items) > textLength(best)) best = items;
  }
  const region = listingRegion(rest);
  removeBoilerplate(region, undefined, LISTING_PROFILE);
  return textLength(region) > textLength(best) ? region : best;
}

/**
 * The listing the check put together holds one group of items built alike, the largest; a page
 * made of several groups (a grid of recipes per course, a box of featured posts above the
 * latest ones, a carousel per category) loses the others, with their headings. The listing's
 * whole region, read from a copy of the page as it was and cleaned as a listing, holds them
 * all: when it holds more text than the intro and its items, it is the listing. That region is
 * what a page the kind detection calls a listing is read as.
 */
export function widerListing(cleaned: Element, page: HTMLElement): Element {
  const region = listingRegion(page);
  removeBoilerplate(region, undefined, LISTING_PROFILE);
  return textLength(region) > textLength(cleaned) ? region : cleaned;
}

/** How the boilerplate pass names a removal by class words ("marker:promo"). */
const MARKER_REASON = 'marker:';

/**
 * Whether a long pick may be one section of a listing built of sections: an awards page with a
 * grid of winners per category, a directory with a box per letter. Readability keeps the one
 * section with the most text, and a listing whose titles are links is too link-heavy to be read
 * whole by the region check. Such a pick is checked for a listing too, read as one only when
 * the sections built alike hold over twice its text. A body holding less than that cannot have
 * them, so most articles are not searched, and the page is copied only when they do.
 * Returns those sections, or null.
 */
export function mayBeListingSection(picked: Element, bodyCopy: HTMLElement): Element[] | null {
  const pickedLength = textLength(picked);
  if (pickedLength < SHORT_PICK || textLength(bodyCopy) < LISTING_SHARE * pickedLength) {
    return null;
  }
  // Read only here: the page is copied for the listing check only when its items qualify, and
  // the check is handed the items found.
  const items = repeatedItems(bodyCopy);
  let itemsLength = 0;
  for (const item of items) itemsLength += textLength(item);
  return itemsLength >= LISTING_SHARE * pickedLength ? items : null;
}

/** Whether Readability's pick is short enough, and not prose, to be checked for a listing. */
export function isShortPick(picked: Element): boolean {
  return textLength(picked) < SHORT_PICK && !isProse(picked);
}

/**
 * A pick with several paragraphs of prose is a (short) article: the listing check, which walks
 * the whole page, is skipped for it.
 */
function isProse(picked: Element): boolean {
  let long = 0;
  for (const paragraph of Array.from(picked.getElementsByTagName('p'))) {
    if ((paragraph.textContent?.length ?? 0) > LONG_PARAGRAPH && ++long >= PROSE_PARAGRAPHS)
      return true;
  }
  return false;
}

const LONG_PARAGRAPH = 200;
const PROSE_PARAGRAPHS = 3;

/**
 * Whether the text starting so is in the page's footer: a `footer` element (or the
 * `contentinfo` landmark) outside any article or section, where HTML puts the page's own.
 */
function inPageFooter(textStart: string, bodyCopy: HTMLElement): boolean {
  if (textStart.length === 0) return false;
  for (const footer of Array.from(bodyCopy.querySelectorAll('footer, [role="contentinfo"]'))) {
    if (footer.parentElement?.closest('article, section')) continue;
    if (normalizedText(footer).includes(textStart)) return true;
  }
  return false;
}

const MIN_ITEMS_IN_PICK = 4;
const ITEMS_SHARE = 0.6;
const LISTING_SHARE = 2;
const MARKED_LISTING_SHARE = 1;
const MIN_LISTING_TEXT = 400;
