import { removeTooltips } from './product-hover-text';
import { normalizedText, textLength } from './text-measure';

/**
 * What a product page shows around the product it is about: the reviews of other buyers, rows
 * of other products ("You may also like", "Customers also viewed", the variants as tiles), the
 * thumbnails of the gallery, image addresses printed as text. A reader asking about this product
 * wants its name, price, availability, description and specifications; the rest is removed
 * here, before the boilerplate pass. Nothing that holds most of the page's text is removed, and
 * a page that is mostly a grid of products is said to be a listing (and left as it is).
 */
export function removeProductExtras(root: Element): 'product' | 'listing' {
  const rootLength = textLength(root);
  if (rootLength === 0) return 'product';
  const tiles = productTileGroups(root);
  // A grid of products holding much of the page is what a category page is made of: the page
  // lists products rather than being about one (shops give both the same markup and address).
  const largest = tiles.reduce((best, group) => (group.length > best.length ? group : best), []);
  if (largest.length >= GRID_TILES && groupLength(largest) > GRID_SHARE * rootLength) {
    return 'listing';
  }
  const limit = rootLength * MAX_SHARE;
  removeSectionsAboutOthers(root, limit);
  removeMenus(root, limit);
  removeReviews(root, limit);
  removeProductTiles(root, tiles, limit);
  removeBareAddresses(root);
  removeRawFieldNames(root);
  removeTooltips(root);
  return 'product';
}

/** A category page shows at least this many products, holding this share of its text. */
const GRID_TILES = 6;
const GRID_SHARE = 0.4;

function groupLength(group: Element[]): number {
  let length = 0;
  for (const element of group) length += textLength(element);
  return length;
}

/** The largest share of the page's text one removal may take. */
const MAX_SHARE = 0.6;

/** Class and id words of review widgets and rating sections. */
const REVIEW_WORDS =
  /(?:^| )(?:reviews?|ratings?|customer ?reviews?|product ?reviews?|review ?(?:list|section|widget|container)|ugc|questions? ?(?:and|&)? ?answers?|qa ?section)(?: |$)/;

/** A rating badge next to the price ("4.5 out of 5, 120 reviews") is short and stays. */
const MIN_REVIEW_SECTION = 200;

/** Sections of reviews and of buyers' questions, outermost first. */
function removeReviews(root: Element, limit: number): void {
  const stack: Element[] = Array.from(root.children);
  while (stack.length > 0) {
    const element = stack.pop()!;
    const words = markupWordsOf(element);
    // Reviews shown as one of the product's own tabs (beside "Description" and "Details") are
    // part of what the page presents as the product; a widget below the page is not.
    if (element.getAttribute('role') === 'tabpanel' || TAB_WORDS.test(words)) continue;
    if (REVIEW_WORDS.test(words)) {
      const length = textLength(element);
      if (length >= MIN_REVIEW_SECTION && length <= limit) {
        element.remove();
        continue;
      }
    }
    stack.push(...Array.from(element.children));
  }
}

/** Class and id words of a site's menus (a mega menu kept in a `div`, not a `nav`). */
const MENU_WORDS =
  /(?:^| )(?:nav|navigation|navbar|menu|menus|mega ?menu|sub ?menu|main ?menu|site ?menu)(?: |$)/;

/** A menu is mostly links. */
const MENU_LINK_SHARE = 0.5;

/**
 * The site's menus, outermost first, when markup names them as such and they are mostly links:
 * shop themes build their mega menus from `div`s and lists rather than a `nav` element, often
 * larger than the boilerplate pass removes by name alone.
 */
function removeMenus(root: Element, limit: number): void {
  const stack: Element[] = Array.from(root.children);
  while (stack.length > 0) {
    const element = stack.pop()!;
    if (MENU_WORDS.test(markupWordsOf(element))) {
      const length = textLength(element);
      if (length > 0 && length <= limit && linkedLength(element) > MENU_LINK_SHARE * length) {
        element.remove();
        continue;
      }
    }
    stack.push(...Array.from(element.children));
  }
}

function linkedLength(element: Element): number {
  let length = 0;
  for (const link of Array.from(element.getElementsByTagName('a'))) length += textLength(link);
  return length;
}

function markupWordsOf(element: Element): string {
  return markupWords(`${element.getAttribute('class') ?? ''} ${element.getAttribute('id') ?? ''}`);
}

const TAB_WORDS = /(?:^| )(?:tabs?|tab ?panel|tab ?content|tabs ?panel|tabs ?content)(?: |$)/;

/**
 * Headings of the sections a shop puts under a product about other products, other buyers or
 * the seller: "Similar items", "Customers also bought", "Explore related items", "Reviews".
 */
const ABOUT_OTHERS_HEADING =
  /^(?:similar (?:items|products|styles)|(?:explore )?related (?:items|products)|more to (?:explore|consider|love)|frequently bought together|(?:customers|people|shoppers) (?:also|who) .{1,40}|you (?:may|might|will|'ll) also (?:like|love|need|want)|complete the look|(?:recommended|picked) for you|recommendations|sponsored .{1,40}|more from (?:this|the) (?:seller|shop|store|brand)|(?:customer |product )?reviews?(?: \(\d[\d,.]*\))?|ratings? (?:&|and) reviews|reviews summary|seller feedback.{0,20}|(?:customer )?questions (?:&|and) answers|recently viewed.{0,20}|more (?:seller|buying) options.{0,10})$/i;

/**
 * The sections under a heading about other products, other buyers or the seller, each taken
 * as the outermost box that starts with that heading (or, in a flat page, the heading and
 * what follows it up to the next heading as high). A product's own tab of reviews stays, as in
 * removeReviews.
 */
function removeSectionsAboutOthers(root: Element, limit: number): void {
  for (const heading of Array.from(root.querySelectorAll('h2, h3, h4'))) {
    if (!root.contains(heading)) continue;
    const text = normalizedText(heading);
    if (text.length > 60 || !ABOUT_OTHERS_HEADING.test(text)) continue;
    if (heading.closest('[role="tabpanel"]')) continue;
    const section = sectionOf(heading, root, limit);
    if (section) section.remove();
    else removeFlatSection(heading, limit);
  }
}

/** The outermost box (below the root, within the limit) whose first heading is this one. */
function sectionOf(heading: Element, root: Element, limit: number): Element | null {
  let section: Element | null = null;
  for (let box = heading.parentElement; box && box !== root; box = box.parentElement) {
    if (box.querySelector('h1, h2, h3, h4, h5, h6') !== heading) break;
    if (textLength(box) > limit) break;
    section = box;
  }
  // A box holding only the heading says nothing about where its section ends.
  return section && textLength(section) > normalizedText(heading).length ? section : null;
}

function removeFlatSection(heading: Element, limit: number): void {
  const level = Number(heading.localName.slice(1));
  const doomed: Element[] = [heading];
  let length = 0;
  for (let next = heading.nextElementSibling; next; next = next.nextElementSibling) {
    const nextLevel = /^h[1-6]$/.test(next.localName) ? Number(next.localName.slice(1)) : 7;
    if (nextLevel <= level) break;
    length += textLength(next);
    if (length > limit) return;
    doomed.push(next);
  }
  for (const element of doomed) element.remove();
}

/** "$19.99", "£675", "19,99 €", "EUR 163.12". */
const PRICE =
  /(?:[$£€¥₹]|\b(?:USD|EUR|GBP|CAD|AUD|CHF)\b)\s?\d|\d(?:[.,]\d{2})?\s?(?:€|zł|kr)(?!\w)/;

/** A tile of another product: short, links away, and shows a price. */
const MAX_TILE_TEXT = 400;
const MIN_TILES = 3;

/**
 * Rows of products other than the page's own: groups of three or more siblings built alike
 * (same tag and first class), each a short block with a link and a price. The
 * group goes, and so does the box around it when what is left of it is only a heading.
 */
function productTileGroups(root: Element): Element[][] {
  const groups: Element[][] = [];
  for (const parent of Array.from(root.querySelectorAll('ul, ol, div, section'))) {
    if (parent.children.length < MIN_TILES) continue;
    const bySignature = new Map<string, Element[]>();
    for (const child of Array.from(parent.children)) {
      const key = `${child.localName}.${(child.getAttribute('class') ?? '').split(/\s+/)[0]}`;
      const group = bySignature.get(key);
      if (group) group.push(child);
      else bySignature.set(key, [child]);
    }
    for (const group of bySignature.values()) {
      if (group.length < MIN_TILES) continue;
      const tiles = group.filter(isProductTile);
      if (tiles.length >= MIN_TILES && tiles.length >= group.length * 0.75) groups.push(tiles);
    }
  }
  return groups;
}

function removeProductTiles(root: Element, groups: Element[][], limit: number): void {
  let removed = 0;
  for (const tiles of groups) {
    const live = tiles.filter((tile) => root.contains(tile));
    if (live.length === 0) continue;
    const length = groupLength(live);
    if (removed + length > limit) continue;
    removed += length;
    const parent = live[0]!.parentElement;
    for (const tile of live) tile.remove();
    if (parent) removeEmptiedBox(parent, root);
  }
}

function isProductTile(element: Element): boolean {
  if (element.getElementsByTagName('a').length === 0 && element.localName !== 'a') return false;
  const text = normalizedText(element);
  // Tiles of features or services also pair a picture with a link; a price says it is for sale.
  return text.length <= MAX_TILE_TEXT && PRICE.test(text);
}

/** Climbs from an emptied list to the outermost box around it that holds only a heading. */
function removeEmptiedBox(start: Element, root: Element): void {
  let box: Element | null = null;
  for (
    let element: Element | null = start;
    element && element !== root;
    element = element.parentElement
  ) {
    if (textLength(element) > 80) break;
    box = element;
  }
  box?.remove();
}

/** An image address printed as text (a gallery's data shown by a template): never content. */
const BARE_ADDRESS = /^https?:\/\/\S+$/;

function removeBareAddresses(root: Element): void {
  for (const element of Array.from(root.querySelectorAll('*'))) {
    if (element.firstElementChild || !root.contains(element)) continue;
    if (!BARE_ADDRESS.test(normalizedText(element))) continue;
    // The name a template prints before the value ("cat_thumb_Bone:") says nothing without it.
    const label = element.previousElementSibling;
    if (label && isLabelOf(label, element)) label.remove();
    element.remove();
  }
}

/**
 * A template that prints every custom field of the product shows each under its internal name
 * ("retail_price_tier3:", "tab_Care Instructions:", "shipping_chunk-1:"): names made for the
 * template's code, with underscores and no spaces, and values that are settings (prices per
 * tier, flags, colour codes) the page shows elsewhere, or not at all. A list's terms written
 * for people ("Fabric:", "Product type:") stay.
 */
const RAW_FIELD_NAME = /^[A-Za-z][A-Za-z0-9]*_[A-Za-z0-9]\S*(?: [^:]{0,40})?:?$/;

function removeRawFieldNames(root: Element): void {
  for (const term of Array.from(root.getElementsByTagName('dt'))) {
    if (!RAW_FIELD_NAME.test(normalizedText(term))) continue;
    for (let value = term.nextElementSibling; value?.localName === 'dd'; ) {
      const next = value.nextElementSibling;
      value.remove();
      value = next;
    }
    term.remove();
  }
}

/** A description list's term, or a short text ending in a colon, right before its value. */
function isLabelOf(label: Element, value: Element): boolean {
  if (label.localName === 'dt' && value.localName === 'dd') return true;
  const text = normalizedText(label);
  return text.length <= 60 && text.endsWith(':') && label.firstElementChild === null;
}

function markupWords(raw: string): string {
  return raw
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/[^a-z0-9&]+/g, ' ')
    .trim();
}
