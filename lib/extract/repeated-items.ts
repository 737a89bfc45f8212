import { markerKind } from './boilerplate-signals';
import { textLength } from './text-measure';

/** Page chrome holds menus built of alike items too: never a listing's items. */
const CHROME =
  'nav, header, footer, aside, [role="navigation"], [role="banner"], [role="contentinfo"]';

/** Class words of a thread of comments or replies. */
const COMMENTS = /comment|repl(?:y|ies)/i;

/** Fewer items than this is a row of teasers, not a listing. */
const MIN_ITEMS = 4;
/** An item says something: a title and a few words, not only a menu label. */
const MIN_ITEM_TEXT = 20;
const MAX_AVERAGE_ITEM_TEXT = 1200;

/**
 * The items of a listing: the largest group (by text) of sibling elements built alike (same tag
 * and first class), each with a link and some text, outside the page's navigation, header and
 * footer. A section front, a search result page or a category page is made of them; Readability
 * keeps one of them (or the intro above them). Returns the items in document order, or an
 * empty list when the page has no such group.
 */
export function repeatedItems(root: Element): Element[] {
  let best: Element[] = [];
  let bestLength = 0;
  for (const parent of Array.from(root.querySelectorAll('ul, ol, div, section, main, tbody'))) {
    if (parent.children.length < MIN_ITEMS) continue;
    const groups = new Map<string, Element[]>();
    for (const child of Array.from(parent.children)) {
      const key = `${child.localName}.${(child.getAttribute('class') ?? '').split(/\s+/)[0]}`;
      const group = groups.get(key);
      if (group) group.push(child);
      else groups.set(key, [child]);
    }
    let checkedChrome = false;
    // Comments and replies are built alike too, under a post: never a listing's items.
    if (COMMENTS.test(parent.getAttribute('class') ?? '')) continue;
    for (const [key, group] of groups) {
      if (group.length < MIN_ITEMS || COMMENTS.test(key)) continue;
      let length = 0;
      const items: Element[] = [];
      for (const child of group) {
        const text = textLength(child);
        if (text < MIN_ITEM_TEXT) continue;
        if (child.localName !== 'a' && child.getElementsByTagName('a').length === 0) continue;
        items.push(child);
        length += text;
      }
      if (items.length < MIN_ITEMS || length <= bestLength) continue;
      // Teasers are short; sections of a page that each hold a link are not items.
      if (length / items.length > MAX_AVERAGE_ITEM_TEXT) continue;
      // Only a group that could win is checked for being inside the chrome: it is the costly part.
      if (!checkedChrome) {
        if (inChrome(parent, root)) break;
        checkedChrome = true;
      }
      best = items;
      bestLength = length;
    }
  }
  return best;
}

/**
 * Whether an element sits in the page's chrome: a navigation, header or footer element, or a
 * block whose class or id names it so ("MainNavigation", "site-header", "mega-menu"), as menus
 * built from plain `div`s are. The root and what holds it are not asked: a body or a wrapper
 * named for an open menu holds the whole page.
 */
function inChrome(element: Element, root: Element): boolean {
  if (element.closest(CHROME)) return true;
  for (let node: Element | null = element; node && node !== root; node = node.parentElement) {
    if (markerKind(node) === 'chrome') return true;
  }
  return false;
}
