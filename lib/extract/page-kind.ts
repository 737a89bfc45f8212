import type { StructuredData } from './structured-data';

/** The kinds of page told apart: each decides how the content is found and presented. */
export const PAGE_KINDS = [
  'article',
  'forum',
  'product',
  'listing',
  'documentation',
  'service',
] as const;

/** What kind of page was read. */
export type PageKind = (typeof PAGE_KINDS)[number];

/** schema.org types that say what the page is, strongest first within each kind. */
const TYPES_BY_KIND: [PageKind, RegExp][] = [
  ['forum', /^(?:DiscussionForumPosting|QAPage|SocialMediaPosting)$/],
  ['product', /^(?:Product|ProductGroup|IndividualProduct|ProductModel|Car|Vehicle|Book)$/],
  ['listing', /^(?:ItemList|CollectionPage|SearchResultsPage|OfferCatalog)$/],
  ['documentation', /^(?:TechArticle|APIReference|HowTo)$/],
  [
    'article',
    /^(?:Article|NewsArticle|BlogPosting|Report|ScholarlyArticle|OpinionNewsArticle|AnalysisNewsArticle|ReviewNewsArticle|LiveBlogPosting|Recipe|Review)$/,
  ],
  ['service', /^(?:Service|ProfessionalService|SoftwareApplication|WebApplication|FAQPage)$/],
];

/**
 * Path segments and host prefixes that CMSs and forum engines give each kind of page; a host
 * whose name says forum ("physicsforums", "warriorforum") is one too.
 */
const FORUM_URL =
  /^[a-z]+:\/\/[^/?#]*forum|(?:^|\.)(?:forums?|community|discuss|discussion|discourse|bbs|answers)\.|\/(?:forums?|threads?|topics?|discussions?|questions|t|showthread\.php|viewtopic\.php|showtopic)(?:[/?.-]|$)|\/comments\/[a-z0-9]+\//i;
const DOCS_URL =
  /(?:^|\.)(?:docs?|developers?|wiki|learn|devdocs)\.|\/(?:docs?|documentation|reference|api|manual|handbook|guides?|tutorials?|wiki|man|book|spec)(?:[/?#.]|$)/i;
const PRODUCT_URL = /\/(?:products?|p|dp|itm|item|gp\/product|pd|sku)\/[^/?#]+/i;
const LISTING_URL =
  /\/(?:collections?|categor(?:y|ies)|c|l|browse|shop|tags?|topics?|sections?|hub|search|list|lists|chart|archives?|blog|news|recipes|market|d)(?:\/|$|\?)|\/$/i;
const SERVICE_URL =
  /\/(?:services?|solutions?|offerings?|what-we-do|capabilities|pricing|features|product|platform|industries)(?:[/?#.-]|$)/i;

export interface KindSignals {
  url: string;
  structured: StructuredData;
  /** The document before cleaning (scripts already read); only read, never changed. */
  body: HTMLElement | null;
  /** The page's Open Graph type (`og:type`), e.g. "article", "product", "website". */
  ogType?: string | null;
  /** The price the page gives in Open Graph's product properties (`product:price:amount`). */
  ogPrice?: string | null;
}

/**
 * Tells the kind of a page from what it says about itself (schema.org types), its address, and
 * the shape of its markup (repeated posts, prices and buy buttons, code blocks). Signals from
 * structured data win; the URL and the DOM decide when it says nothing or only "WebPage".
 */
export function detectPageKind({ url, structured, body, ogType, ogPrice }: KindSignals): PageKind {
  const fromTypes = kindFromTypes(structured.types) ?? kindFromOpenGraph(ogType);
  const path = pathOf(url);
  if (fromTypes === 'forum' || fromTypes === 'documentation') return fromTypes;
  if (fromTypes === 'product') {
    // A category page lists many products, each with its own Product node.
    return structured.productCount > 2 ? 'listing' : 'product';
  }
  const forumUrl = FORUM_URL.test(url);
  // A page that says it is an article is one unless it is a thread: no need to read its shape.
  if (fromTypes === 'article' && !forumUrl) return 'article';
  const shape = body ? domShape(body) : EMPTY_SHAPE;
  // Prose in many long paragraphs is an article whatever else the page holds; a listing or a
  // category page has many items built alike and little prose.
  const prose = shape.longParagraphs >= 8;
  const items = shape.repeatedItems >= 8 && shape.longParagraphs < 5;
  if (fromTypes === 'listing' && !prose) return 'listing';
  // Articles carry comment threads built the same way as posts: the address must agree.
  if (shape.posts >= 2 && forumUrl) return 'forum';
  if (fromTypes === 'article') return 'article';
  if (PRODUCT_URL.test(path)) return 'product';
  // Open Graph's product object gives one price, the product's: a listing has many.
  if (ogPrice?.trim()) return 'product';
  if (shape.buyButton && shape.price && !items) return 'product';
  if (DOCS_URL.test(url) && (shape.code > 0 || shape.longParagraphs >= 3)) return 'documentation';
  if (prose) return 'article';
  if (items) return 'listing';
  if (fromTypes === 'service' || SERVICE_URL.test(path)) return 'service';
  if (LISTING_URL.test(path) && path !== '/' && shape.repeatedItems >= 5) return 'listing';
  if (shape.longParagraphs >= 4) return 'article';
  return 'service';
}

const EMPTY_SHAPE: DomShape = {
  posts: 0,
  repeatedItems: 0,
  code: 0,
  paragraphs: 0,
  longParagraphs: 0,
  price: false,
  buyButton: false,
};

function kindFromOpenGraph(ogType: string | null | undefined): PageKind | null {
  const type = ogType?.trim().toLowerCase() ?? '';
  if (type === 'article' || type === 'blog' || type.startsWith('article')) return 'article';
  // Open Graph's type for a group of products: shops give it to their collection pages.
  if (type === 'product.group' || type === 'product:group') return 'listing';
  if (type === 'product' || type.startsWith('product') || type === 'og:product') return 'product';
  return null;
}

function kindFromTypes(types: Set<string>): PageKind | null {
  for (const [kind, pattern] of TYPES_BY_KIND) {
    for (const type of types) if (pattern.test(type)) return kind;
  }
  return null;
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return '';
  }
}

interface DomShape {
  /** Elements that look like posts of a thread (class/id/itemprop words). */
  posts: number;
  /** The largest group of siblings built alike, each with a link and some text. */
  repeatedItems: number;
  code: number;
  paragraphs: number;
  /** Paragraphs of prose: more than a sentence or two. */
  longParagraphs: number;
  price: boolean;
  buyButton: boolean;
}

/** Class tokens forum engines give a post's body (phpBB, vBulletin, XenForo, Discourse, IPS). */
const POST_CLASS =
  /^(?:postbody|post-body|post_body|postcontent|post-content|post_content|message-body|message-content|messagecontent|message-text|bbwrapper|cooked|topic-body|comment-body|comment-content|answer|answercell|postcell|js-post-body|s-prose|ipstype-richtext|ipsComment_content)$/i;
const POST_ITEMTYPE = /schema\.org\/(?:Comment|Answer|DiscussionForumPosting|Question)$/i;
const BUY_TEXT =
  /^(?:add to (?:cart|bag|basket|trolley)|buy (?:it )?now|add to wish ?list|in den warenkorb|ajouter au panier|pre-?order)$/i;

/** One pass over the body's elements, counting what each kind of page is built from. */
function domShape(body: HTMLElement): DomShape {
  const shape: DomShape = {
    posts: 0,
    repeatedItems: 0,
    code: 0,
    paragraphs: 0,
    longParagraphs: 0,
    price: false,
    buyButton: false,
  };
  for (const element of Array.from(body.querySelectorAll('*'))) {
    const name = element.localName;
    if (name === 'p') {
      shape.paragraphs++;
      if ((element.textContent?.length ?? 0) > 200) shape.longParagraphs++;
    } else if (name === 'div' && ownTextLength(element) > 200) {
      // Some sites set their paragraphs as <div>s of text.
      shape.longParagraphs++;
    } else if (name === 'pre') shape.code++;
    else if (name === 'button' || name === 'input') {
      const label = (
        element.getAttribute('value') ??
        element.getAttribute('aria-label') ??
        element.textContent ??
        ''
      )
        .replace(/\s+/g, ' ')
        .trim();
      if (BUY_TEXT.test(label)) shape.buyButton = true;
    }
    const itemprop = element.getAttribute('itemprop');
    if (itemprop === 'price' || itemprop === 'lowPrice') shape.price = true;
    const itemtype = element.getAttribute('itemtype');
    if (itemtype && POST_ITEMTYPE.test(itemtype)) shape.posts++;
    else {
      const className = element.getAttribute('class');
      if (className?.split(/\s+/).some((token) => POST_CLASS.test(token))) shape.posts++;
    }
  }
  // Only a page with little prose can be a listing: the costly count is skipped for the rest.
  if (shape.longParagraphs < 8) shape.repeatedItems = largestRepeatedGroup(body);
  return shape;
}

/** Characters of text directly inside an element, not in its child elements. */
function ownTextLength(element: Element): number {
  let length = 0;
  for (let child = element.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === 3) length += child.nodeValue?.trim().length ?? 0;
  }
  return length;
}

/**
 * The size of the largest group of sibling elements sharing a tag and class, each holding a
 * link and a few words: the cards of a listing or the tiles of a category page.
 */
function largestRepeatedGroup(root: Element): number {
  let best = 0;
  for (const parent of Array.from(root.querySelectorAll('ul, ol, div, section, tbody, main'))) {
    const children = parent.children;
    if (children.length < 4 || children.length <= best) continue;
    const groups = new Map<string, Element[]>();
    for (const child of Array.from(children)) {
      const key = `${child.localName}.${(child.getAttribute('class') ?? '').split(/\s+/)[0]}`;
      const group = groups.get(key);
      if (group) group.push(child);
      else groups.set(key, [child]);
    }
    for (const group of groups.values()) {
      if (group.length < 4 || group.length <= best) continue;
      // Text is only measured for groups that could be the largest: it is the costly part.
      const items = group.filter(
        (child) =>
          child.getElementsByTagName('a').length > 0 &&
          (child.textContent?.trim().length ?? 0) >= 20,
      ).length;
      best = Math.max(best, items);
    }
  }
  return best;
}
