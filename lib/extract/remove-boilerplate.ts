import {
  BOILERPLATE_HEADING,
  BOILERPLATE_LINE,
  BYLINE_OR_DATELINE,
  CREDIT_ONLY,
  DATELINE,
  LINK_LIST_LABEL,
  type MarkerKind,
  markerKind,
  PICTURE_CREDIT,
  TRAILING_CREDIT,
} from './boilerplate-signals';
import { normalizedText, textLength } from './text-measure';

/**
 * Removes what Readability keeps around an article but a reader skips: share bars, newsletter,
 * subscription and cookie prompts, related-story boxes, comment widgets, author bios, ads,
 * captions and photo credits, breadcrumbs and datelines. Only general signals are used: class,
 * id and role tokens, link density, short blocks made of boilerplate phrases, and position at the
 * start or end of the article. Nothing holding a large share of the article's text is removed.
 */
export function removeBoilerplate(
  root: Element,
  onRemove?: RemovalListener,
  profile: BoilerplateProfile = {},
): void {
  const rootLength = textLength(root);
  if (rootLength === 0) return;
  const remove = (element: Element, reason: string) => {
    onRemove?.(element, reason);
    element.remove();
  };
  removeMarkedElements(root, rootLength, remove, profile);
  removeBoilerplateBlocks(root, remove, profile);
  trimEdges(root, remove, profile);
}

/**
 * What a kind of page keeps that an article drops: a thread's replies are its content, and a
 * listing is made of links.
 */
export interface BoilerplateProfile {
  /** Marker kinds that are content on this page (e.g. "comments" on a forum thread). */
  keep?: ReadonlySet<MarkerKind>;
  /** Blocks of links are the content (a listing's items): keep them. */
  keepLinks?: boolean;
  /**
   * A block named for its picture ("image-text", "media-left", "carousel-item") that holds a
   * heading and a paragraph is a section of the page laid out beside a picture: keep it.
   */
  mediaSections?: boolean;
}

/** Told about each element before it is removed, and why (for debugging the extractor). */
export type RemovalListener = (element: Element, reason: string) => void;
type Remove = (element: Element, reason: string) => void;

/** How much text an element of each kind may hold and still be taken for boilerplate. */
const MAX_TEXT: Record<MarkerKind, number> = {
  chrome: 400,
  hidden: 300,
  dialog: 5000,
  caption: 600,
  media: 600,
  share: 400,
  promo: 600,
  related: 2500,
  comments: 100_000,
  bio: 800,
  meta: 250,
  ad: 400,
};

/** Element names that are never article text. */
const NEVER_CONTENT = new Set([
  'nav',
  'button',
  'input',
  'select',
  'textarea',
  'label',
  'dialog',
  'menu',
]);

const TABLE_PARTS = new Set([
  'tr',
  'td',
  'th',
  'tbody',
  'thead',
  'tfoot',
  'caption',
  'col',
  'colgroup',
]);

/** The most text a row of tab labels holds. */
const MAX_TAB_LABELS = 300;

/**
 * Roles that mark page furniture. A `marquee` is WAI-ARIA's region of non-essential
 * information that changes on its own (https://www.w3.org/TR/wai-aria-1.2/#marquee): shops
 * mark their rotating bar of promotions with it.
 */
const CHROME_ROLES = new Set([
  'navigation',
  'banner',
  'contentinfo',
  'complementary',
  'search',
  'menu',
  'menubar',
  'toolbar',
  'dialog',
  'alertdialog',
  'tablist',
  'marquee',
]);

/**
 * Walks the tree top-down and removes whole subtrees that markup marks as boilerplate (names,
 * roles, class/id words), never one holding half of the article's text.
 */
function removeMarkedElements(
  root: Element,
  rootLength: number,
  remove: Remove,
  profile: BoilerplateProfile,
): void {
  const limit = rootLength * 0.5;
  const stack: Element[] = Array.from(root.children).reverse();
  while (stack.length > 0) {
    const element = stack.pop()!;
    const reason = boilerplateReason(element, limit, profile);
    if (reason) {
      remove(element, reason);
      continue;
    }
    const children = element.children;
    for (let index = children.length - 1; index >= 0; index--) stack.push(children[index]!);
  }
}

/** Why markup says an element is boilerplate, or null. */
function boilerplateReason(
  element: Element,
  limit: number,
  profile: BoilerplateProfile,
): string | null {
  const name = element.localName;
  // Rows and cells carry styling classes ("player-2020", "media-row"): judge the whole table.
  if (TABLE_PARTS.has(name)) return null;
  if (NEVER_CONTENT.has(name)) return `<${name}>`;
  const role = element.getAttribute('role');
  if (role && CHROME_ROLES.has(role)) {
    const length = textLength(element);
    // A list of tabs is a row of short labels; one holding paragraphs is an accordion whose
    // panels were put inside it, and they are content.
    if (length < limit && (role !== 'tablist' || length <= MAX_TAB_LABELS)) return `role=${role}`;
  }
  if (name === 'form' || name === 'footer') {
    return textLength(element) < Math.min(limit, 1000) ? `<${name}>` : null;
  }
  if (name === 'aside') {
    // Pull quotes repeat the text and link boxes lead away; a note or a tip is content.
    const length = textLength(element);
    if (length >= Math.min(limit, 1000)) return null;
    return length < 100 ||
      linkDensity(element, length) > 0.3 ||
      element.querySelector('blockquote, q')
      ? '<aside>'
      : null;
  }
  if (name === 'figure') return isMediaFigure(element) ? 'media figure' : null;
  if (name === 'figcaption') return '<figcaption>';
  const kind = markerKind(element);
  if (!kind) return null;
  // A gallery whose links only open its pictures is pictures, also where media cards are content.
  if (profile.keep?.has(kind) && !(kind === 'media' && linksOnlyToImages(element))) return null;
  // Code is content whatever its wrapper is called (Prism wraps it in "code-toolbar").
  if (element.getElementsByTagName('pre').length > 0) return null;
  const length = textLength(element);
  // Nothing to gain from removing an empty element, and an image stays to mark its caption.
  if (length === 0 || length > Math.min(limit, MAX_TEXT[kind])) return null;
  if (kind === 'media' && profile.mediaSections && isSection(element)) return null;
  // A link named for a popup opens one (a new window, a dialog): its label is on the page.
  if (kind === 'dialog' && (name === 'a' || name === 'li')) return null;
  if (kind === 'related' && length > 300 && linkDensity(element, length) < 0.3) return null;
  return `marker:${kind}`;
}

/** Text longer than a caption's. */
const SECTION_PARAGRAPH = 80;

/** A heading with a paragraph of text under it: a section, not a picture and its caption. */
function isSection(element: Element): boolean {
  if (!element.querySelector('h1, h2, h3, h4, h5, h6')) return false;
  for (const paragraph of Array.from(element.getElementsByTagName('p'))) {
    if (textLength(paragraph) >= SECTION_PARAGRAPH) return true;
  }
  return false;
}

const IMAGE_FILE = /\.(?:jpe?g|png|gif|webp|avif|svg)(?:[?#]|$)/i;

function linksOnlyToImages(element: Element): boolean {
  const links = element.getElementsByTagName('a');
  if (links.length === 0) return false;
  for (const link of Array.from(links)) {
    if (!IMAGE_FILE.test(link.getAttribute('href') ?? '')) return false;
  }
  return true;
}

/** A figure showing an image or video, whose only text is its caption. */
function isMediaFigure(figure: Element): boolean {
  if (!hasAny(figure, MEDIA_NAMES)) return false;
  let ownText = textLength(figure);
  for (const caption of Array.from(figure.getElementsByTagName('figcaption'))) {
    ownText -= textLength(caption);
  }
  return ownText < 80;
}

/**
 * Short blocks that are boilerplate by what they say ("Sign up for our newsletter",
 * "Advertisement", "READ MORE: <link>"), and sections under a boilerplate heading
 * ("Related stories", "More from ...") when what follows is links.
 */
function removeBoilerplateBlocks(root: Element, remove: Remove, profile: BoilerplateProfile): void {
  // All elements and a name check: a selector list is several times slower in linkedom.
  for (const block of Array.from(root.querySelectorAll('*'))) {
    const name = block.nodeName;
    if (!BLOCK_NAMES.has(name)) continue;
    if (!HEADING_NAMES.has(name) && hasBlockChildren(block)) continue;
    if (!root.contains(block)) continue;
    const text = normalizedText(block);
    if (text.length === 0 || text.length > 300) continue;
    if (isHeadingLike(block, text) && BOILERPLATE_HEADING.test(text)) {
      removeSectionAfter(block, remove);
      remove(block, 'boilerplate heading');
    } else if (BOILERPLATE_LINE.test(text)) remove(block, 'boilerplate line');
    else if (!profile.keepLinks && isLinkListBlock(block, text)) remove(block, 'story links');
    else if (isCaption(block, text)) removeCaption(block, remove);
    else if (isDateline(block, text)) remove(block, 'dateline');
  }
}

const HEADING_NAMES = new Set(['H2', 'H3', 'H4', 'H5', 'H6']);
const BLOCK_NAMES = new Set([
  ...HEADING_NAMES,
  'P',
  'LI',
  'DIV',
  'SECTION',
  'CENTER',
  'BLOCKQUOTE',
  'DL',
  'UL',
  'OL',
  'TABLE',
]);

/**
 * Removes a caption with the picture it describes (so that the next paragraph does not look like
 * a caption of the same picture). For image, caption, credit in a row, called on the credit, it
 * takes the caption between them too.
 */
function removeCaption(block: Element, remove: Remove): void {
  let image = previousNonEmptySibling(block);
  if (!isImageBlock(image) && image && !hasAny(image, IMAGE_NAMES) && textLength(image) < 250) {
    const beforeCaption = previousNonEmptySibling(image);
    if (isImageBlock(beforeCaption)) {
      remove(image, 'caption');
      image = beforeCaption;
    }
  }
  if (image && isImageBlock(image)) remove(image, 'captioned picture');
  remove(block, 'caption');
}

/** "Published: 10:48, Nov 19, 2019", "| Updated …", or a block that is only a <time>. */
function isDateline(block: Element, text: string): boolean {
  if (text.length >= 100 || !/\d/.test(text)) return false;
  if (DATELINE.test(text.replace(LEADING_PUNCTUATION, ''))) return true;
  const only = block.children.length === 1 ? block.children[0]! : null;
  return only?.nodeName === 'TIME' && normalizedText(only) === text;
}

const LEADING_PUNCTUATION = /^[\s([{|—–*•·-]+/;

/**
 * A caption without caption markup: a short block holding or following an image that credits
 * a picture, or that is set apart as a whole (all italic, small or in a styled span).
 */
function isCaption(block: Element, text: string): boolean {
  if (text.length < 150 && CREDIT_ONLY.test(text)) return true;
  const holdsImage = hasAny(block, IMAGE_NAMES);
  const followsImage = !holdsImage && isImageBlock(previousNonEmptySibling(block));
  if (!holdsImage && !followsImage) return false;
  if (PICTURE_CREDIT.test(text)) return true;
  return followsImage && isSetApart(block, text);
}

function isImageBlock(element: Element | null): boolean {
  if (!element) return false;
  if (element.nodeName === 'IMG' || element.nodeName === 'PICTURE') return true;
  return !hasText(element) && hasAny(element, IMAGE_NAMES);
}

function previousNonEmptySibling(element: Element): Element | null {
  let previous = element.previousElementSibling;
  while (previous && !hasText(previous) && !isImageBlock(previous)) {
    previous = previous.previousElementSibling;
  }
  return previous;
}

const SET_APART = new Set(['EM', 'I', 'SMALL', 'CITE', 'SPAN', 'SUB', 'FONT']);

function isSetApart(block: Element, text: string): boolean {
  if (block.nodeName === 'SMALL' || block.nodeName === 'CENTER') return true;
  const only = block.children.length === 1 ? block.children[0]! : null;
  if (!only || normalizedText(only) !== text) return false;
  if (only.nodeName === 'SPAN') return only.hasAttribute('class');
  return SET_APART.has(only.nodeName);
}

/** A paragraph that is a list of story links: "DON'T MISS: <a>…</a> <a>…</a>", or an all-caps link. */
function isLinkListBlock(block: Element, text: string): boolean {
  const density = linkDensity(block, text.length);
  if (density < 0.6) return false;
  if (LINK_LIST_LABEL.test(text)) return true;
  if (density > 0.8 && block.localName !== 'li' && linkCount(block) >= 2) return true;
  // A lone link in capitals is a "related story" plug on news sites.
  return density > 0.9 && text.length > 20 && isMostlyCapitals(text);
}

/** After a "Related stories" heading: drop the link lists and short teasers that follow it. */
function removeSectionAfter(heading: Element, remove: Remove): void {
  let anchor: Element = heading;
  // A heading wrapped alone in a box: the section is the box's siblings.
  while (anchor.parentElement && anchor.parentElement.children.length === 1) {
    anchor = anchor.parentElement;
  }
  let next = anchor.nextElementSibling;
  while (next) {
    const length = textLength(next);
    const isLinks = length === 0 || linkDensity(next, length) > 0.5 || isListOfLinks(next);
    if (!isLinks && length > 160) break;
    const after = next.nextElementSibling;
    remove(next, 'under boilerplate heading');
    next = after;
  }
  if (anchor !== heading) remove(anchor, 'boilerplate heading');
}

/** A list whose every item links somewhere: story teasers, however much text each has. */
function isListOfLinks(element: Element): boolean {
  if (element.nodeName !== 'UL' && element.nodeName !== 'OL') return false;
  const items = Array.from(element.children).filter((child) => child.nodeName === 'LI');
  return items.length > 0 && items.every((item) => item.getElementsByTagName('a').length > 0);
}

/**
 * At the start of the article: breadcrumbs, datelines, bylines, share bars. At the end: link
 * lists, author credits and bios, copyright lines, "Comments". Both stop at the first block of
 * real text.
 */
function trimEdges(root: Element, remove: Remove, profile: BoilerplateProfile): void {
  const blocks = leafBlocks(root);
  for (const block of blocks) {
    const text = normalizedText(block);
    if (text.length === 0) continue;
    if (text.length > 160 || /^H[1-6]$/.test(block.nodeName)) break;
    // Breadcrumbs and tag lists are several links; one link alone may be the point of the page.
    const leading =
      (!profile.keepLinks && linkDensity(block, text.length) > 0.5 && linkCount(block) >= 2) ||
      BYLINE_OR_DATELINE.test(text) ||
      BOILERPLATE_LINE.test(text);
    if (!leading) break;
    remove(block, 'leading chrome');
  }
  for (let index = blocks.length - 1; index >= 0; index--) {
    const block = blocks[index]!;
    if (!root.contains(block)) continue;
    const text = normalizedText(block);
    if (text.length === 0) continue;
    if (text.length > 400) break;
    const density = linkDensity(block, text.length);
    const trailing =
      (!profile.keepLinks && density > 0.5 && (density > 0.9 || linkCount(block) >= 2)) ||
      TRAILING_CREDIT.test(text.replace(LEADING_PUNCTUATION, '')) ||
      BOILERPLATE_LINE.test(text) ||
      BYLINE_OR_DATELINE.test(text);
    if (!trailing) break;
    remove(block, 'trailing chrome');
  }
}

const LEAF_BLOCK_NAMES = new Set([
  'P',
  'LI',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'DIV',
  'SECTION',
  'BLOCKQUOTE',
  'PRE',
  'TABLE',
  'DL',
  'UL',
  'OL',
  'SPAN',
  'TIME',
  'ADDRESS',
]);

/** Blocks in document order that hold text directly (no block descendants), plus lists and tables. */
function leafBlocks(root: Element): Element[] {
  const blocks: Element[] = [];
  const visit = (element: Element) => {
    for (const child of Array.from(element.children)) {
      const name = child.nodeName;
      if (name === 'TABLE' || name === 'PRE' || name === 'UL' || name === 'OL' || name === 'DL') {
        blocks.push(child);
      } else if (LEAF_BLOCK_NAMES.has(name) && !hasBlockChildren(child)) {
        blocks.push(child);
      } else {
        visit(child);
      }
    }
  };
  visit(root);
  return blocks;
}

const BLOCK_CHILD_NAMES = new Set([
  'P',
  'DIV',
  'SECTION',
  'ARTICLE',
  'UL',
  'OL',
  'DL',
  'TABLE',
  'BLOCKQUOTE',
  'PRE',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'FIGURE',
  'HEADER',
  'FOOTER',
  'LI',
]);

function hasBlockChildren(element: Element): boolean {
  for (let child = element.firstElementChild; child; child = child.nextElementSibling) {
    if (BLOCK_CHILD_NAMES.has(child.nodeName)) return true;
  }
  return false;
}

function isHeadingLike(block: Element, text: string): boolean {
  if (/^H[2-6]$/.test(block.nodeName)) return true;
  if (text.length > 60 || hasBlockChildren(block) || block.nodeName !== 'P') return false;
  // <p><strong>Related</strong></p>: a short line that is all emphasis.
  const only = block.children.length === 1 ? block.children[0]! : null;
  if ((only?.nodeName === 'STRONG' || only?.nodeName === 'B') && normalizedText(only) === text) {
    return true;
  }
  if (text.length <= 40 && isMostlyCapitals(text)) return true;
  // <p>More stories</p><ul>…</ul>: a short line without a full stop that introduces a list.
  const next = block.nextElementSibling;
  return !/[.!?]$/.test(text) && (next?.nodeName === 'UL' || next?.nodeName === 'OL');
}

function isMostlyCapitals(text: string): boolean {
  const letters = text.replace(/[^\p{L}]/gu, '');
  const capitals = letters.replace(/[^\p{Lu}]/gu, '');
  return letters.length > 0 && capitals.length >= letters.length * 0.8;
}

const IMAGE_NAMES = ['img', 'picture'];
const MEDIA_NAMES = ['img', 'picture', 'video', 'audio', 'iframe', 'svg', 'canvas', 'object'];

/** Whether an element contains any of these elements (getElementsByTagName is cheap in linkedom). */
function hasAny(element: Element, names: string[]): boolean {
  return names.some((name) => element.getElementsByTagName(name).length > 0);
}

/** Whether an element holds any visible character; stops at the first one. */
function hasText(element: Element): boolean {
  const stack: Node[] = [element];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.nodeType === 3) {
      if (/\S/.test(node.nodeValue ?? '')) return true;
    } else {
      for (let child = node.lastChild; child; child = child.previousSibling) stack.push(child);
    }
  }
  return false;
}

function linkCount(element: Element): number {
  return element.getElementsByTagName('a').length;
}

function linkDensity(element: Element, length: number): number {
  if (length === 0) return 0;
  let linked = 0;
  for (const link of Array.from(element.getElementsByTagName('a'))) linked += textLength(link);
  return linked / length;
}
