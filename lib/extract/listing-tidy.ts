/**
 * What a listing's markup says twice, said once: sites send a card or a grid twice, once for
 * small screens and once for large ones. (A card's picture link, which repeats its title, goes
 * in html-to-markdown with every picture that stands alone.) Only a listing's content is read
 * here, after the boilerplate pass.
 */
import { normalizedText } from './text-measure';
export function tidyListing(content: Element): void {
  dropRepeatedCopies(content);
  dropCardCopies(content);
  dropResultCounts(content);
}

/**
 * The line a listing's toolbar prints over its items: how many it found and which of them are
 * shown ("143 results", "1–30 of 338 products", "Showing 36 of 84", "Products (154)"), and the
 * order they are sorted in ("Sort: Best Match"). It describes the list, not an item, and changes
 * with every filter.
 */
const COUNTED = '(?:results?|items?|products?|listings?|matches|jobs|styles)';
const NUMBER = String.raw`\d[\d,.]*`;
const RESULT_COUNT = new RegExp(
  [
    String.raw`^(?:showing|displaying|viewing|loaded)\s+(?:all\s+)?${NUMBER}(?:\s*[-–—]\s*${NUMBER})?(?:\s+(?:of|out of)\s+${NUMBER})?(?:\s+${COUNTED})?$`,
    String.raw`^${NUMBER}\s*[-–—]\s*${NUMBER}\s+of\s+${NUMBER}(?:\s+${COUNTED})?$`,
    String.raw`^${NUMBER}\s+${COUNTED}(?:\s+found)?$`,
    String.raw`^${COUNTED}\s*\(${NUMBER}\)$`,
    String.raw`^sort(?:ed)?(?: by)?\s*:\s*[^:]{1,30}$`,
  ].join('|'),
  'i',
);

/** Whole lines only: a count inside a longer line (a card's "Set of 4 items") is the item's. */
const MAX_COUNT_TEXT = 40;

function dropResultCounts(content: Element): void {
  for (const element of Array.from(content.querySelectorAll('*'))) {
    if (element.firstElementChild || !content.contains(element)) continue;
    if (element.closest('a')) continue;
    // "Products <span>(154)</span>": the count and its label make one line; the outermost
    // short box that reads as a count is the line.
    let line: Element | null = null;
    for (let box: Element | null = element; box && box !== content; box = box.parentElement) {
      const text = normalizedText(box);
      if (text.length > MAX_COUNT_TEXT) break;
      if (RESULT_COUNT.test(text)) line = box;
    }
    line?.remove();
  }
}

/** The most text a card holds: two copies further apart than that are two items. */
const MAX_CARD_TEXT = 600;

/**
 * A card that says its title twice: themes print the title link once over the picture's place
 * (shown when the card has no picture) and once under it, and the style sheet shows one; a
 * sale price and the regular price are both printed, and the one the product is not on shows.
 * Within one card, a text link that repeats an earlier link word for word and address for
 * address goes, and so does a struck-out price equal to a price already given: it is no
 * reduction. Two cards leading to the same page (a product in two places of a grid) are apart
 * by more than one card's text and keep their links.
 */
function dropCardCopies(content: Element): void {
  const seen = new Map<string, Element>();
  for (const link of Array.from(content.getElementsByTagName('a'))) {
    const text = normalizedText(link);
    if (!text) continue;
    const key = `${link.getAttribute('href') ?? ''}\u0000${text}`;
    const earlier = seen.get(key);
    seen.set(key, link);
    if (earlier && inOneCard(earlier, link)) removeWithEmptyWrappers(link);
  }
  // A line without links said twice in one card: the sale and the regular price boxes, of
  // which the style sheet shows one, or a badge printed over the picture and under it.
  const lines = new Map<string, Element>();
  for (const element of Array.from(content.querySelectorAll('*'))) {
    if (element.firstElementChild || NOT_LINES.has(element.localName)) continue;
    if (element.closest('a')) continue;
    const text = normalizedText(element);
    if (!text) continue;
    const earlier = lines.get(text);
    lines.set(text, element);
    if (earlier?.isConnected && inOneCard(earlier, element)) removeWithEmptyWrappers(element);
  }
  for (const struck of Array.from(content.querySelectorAll('s, del, strike'))) {
    const price = normalizedText(struck);
    if (PRICE.test(price)) dropPriceCopy(struck, price);
  }
}

/** Table cells repeat values by design; a struck-out price is judged on its own below. */
const NOT_LINES = new Set(['td', 'th', 's', 'del', 'strike']);

const PRICE = /^\D{0,4}\d[\d.,\s]*\D{0,4}$/;

/**
 * A struck-out price whose card gives the same price again. Beside another price (the sale
 * price) it is a reduction, and the other copy (the regular price box, which the style sheet
 * hides while the product is on sale) goes; alone, it strikes out the price the product sells
 * at, which is no reduction, and it goes.
 */
function dropPriceCopy(struck: Element, price: string): void {
  // The nearest box that gives the price again must be within the card.
  let box = struck.parentElement;
  while (box && normalizedText(box).length <= MAX_CARD_TEXT) {
    if (normalizedText(box).split(price).length > 2) break;
    box = box.parentElement;
  }
  if (!box || normalizedText(box).length > MAX_CARD_TEXT) return;
  // What stands beside the struck-out price, past the wrappers that hold only it.
  let holder = struck;
  while (holder.parentElement && normalizedText(holder.parentElement) === price) {
    holder = holder.parentElement;
  }
  const group = holder.parentElement ?? holder;
  if (!/\d/.test(normalizedText(group).split(price).join(' '))) {
    removeWithEmptyWrappers(struck);
    return;
  }
  for (const element of Array.from(box.querySelectorAll('*'))) {
    if (element.firstElementChild || group.contains(element)) continue;
    if (normalizedText(element) === price) removeWithEmptyWrappers(element);
  }
}

/**
 * Whether two elements sit in one card: the nearest box holding both holds no more than one
 * card's text, and leads to one page (its title's) or two (a quick-view or a seller's link
 * beside it). A row of three short cards leads to three.
 */
function inOneCard(earlier: Element, later: Element): boolean {
  let box = later.parentElement;
  while (box && !box.contains(earlier)) box = box.parentElement;
  if (!box || normalizedText(box).length > MAX_CARD_TEXT) return false;
  const targets = new Set<string>();
  if (box.localName === 'a') targets.add(box.getAttribute('href') ?? '');
  for (const link of Array.from(box.getElementsByTagName('a'))) {
    targets.add(link.getAttribute('href') ?? '');
  }
  return targets.size <= MAX_CARD_TARGETS;
}

const MAX_CARD_TARGETS = 2;

/** Removes an element, and the wrappers (a heading, a span) it leaves without text. */
function removeWithEmptyWrappers(element: Element): void {
  let target = element;
  while (target.parentElement && normalizedText(target.parentElement) === normalizedText(target)) {
    target = target.parentElement;
    if (target.getElementsByTagName('img').length > 0) break;
  }
  target.remove();
}

/** Shorter blocks repeat by nature ("Free", "In stock", a price): only longer copies go. */
const MIN_COPY_TEXT = 20;

/**
 * A block that repeats an earlier sibling word for word and link for link: sites send a card or
 * a grid twice, one copy for small screens and one for large ones, and the style sheet shows
 * one. The first copy stays. Blocks that read alike but lead to different pages (two postings of
 * the same job) are different items, and a block without links is left alone: text repeated
 * there (a carousel's slides sent twice) is read as the page gives it.
 */
function dropRepeatedCopies(parent: Element): void {
  const seen = new Map<string, Element>();
  for (const child of Array.from(parent.children)) {
    const text = (child.textContent ?? '').replace(/\s+/g, ' ').trim();
    // Nothing shorter can hold a copy long enough to go.
    if (text.length < MIN_COPY_TEXT) continue;
    const earlier = seen.get(text);
    const hrefs = earlier ? hrefsOf(child) : '';
    if (earlier && hrefs && hrefsOf(earlier) === hrefs) {
      child.remove();
      continue;
    }
    if (!earlier) seen.set(text, child);
    dropRepeatedCopies(child);
  }
}

function hrefsOf(element: Element): string {
  const links = element.localName === 'a' ? [element] : [];
  links.push(...Array.from(element.getElementsByTagName('a')));
  return links.map((link) => link.getAttribute('href') ?? '').join(' ');
}
