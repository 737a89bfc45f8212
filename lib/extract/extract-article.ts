import { Readability } from '@mozilla/readability';
import type { Article } from './article';
import type { MarkerKind } from './boilerplate-signals';
import { fallbackContent } from './fallback-content';
import { htmlToMarkdown } from './html-to-markdown';
import { stripInvisibleCharacters } from './invisible-characters';
import {
  cleanListing,
  isShortPick,
  LISTING_PROFILE,
  listingOf,
  mayBeListingSection,
  widerListing,
} from './listing-check';
import { tidyListing } from './listing-tidy';
import { detectPageKind, type PageKind } from './page-kind';
import { readPageMetadata } from './page-metadata';
import { pageRegion } from './page-region';
import { pageText } from './page-text';
import { prepareDocument } from './prepare-document';
import { addMissingDescription } from './product-description';
import { removeProductExtras } from './product-extras';
import { type BoilerplateProfile, removeBoilerplate } from './remove-boilerplate';
import { removeRepeatedBlocks } from './repeated-blocks';
import { separateRunTogetherWords } from './run-together-words';
import { readStructuredData, type StructuredData } from './structured-data';
import { textLength } from './text-measure';

export interface ExtractOptions {
  /** Skip the boilerplate pass and keep what Readability kept (for comparisons). */
  keepBoilerplate?: boolean;
  /** The kind of page, when the caller knows it better than the page's signals. */
  kind?: PageKind;
  /**
   * The page's whole text, for when no content can be picked out of it. Extraction changes the
   * document it reads, so the caller that still has the page (the live tab, or the HTML string)
   * gives it; without it, what is left of the document is read.
   */
  pageText?: () => string;
  /**
   * Keep what markup says is hidden (not what computed styles hide in the live tab). For a page
   * whose content is hidden until a script shows it: a second try when the first found nothing.
   */
  keepHidden?: boolean;
}

/** Below this many characters Readability's pick is not trusted when the page has much more. */
const TINY_ARTICLE = 250;

/** Pages read as one article by Readability; the others are read as a region (page-region). */
const READ_AS_ARTICLE = new Set<PageKind>(['article', 'documentation']);

const PROFILES: Record<PageKind, BoilerplateProfile> = {
  article: {},
  documentation: {},
  forum: { keep: new Set<MarkerKind>(['comments']) },
  product: { mediaSections: true },
  listing: LISTING_PROFILE,
  service: { mediaSections: true },
};

/**
 * Extracts the main content of a page as markdown. The caller provides the DOM (a clone of the
 * live tab, or a linkedom document in the worker and in Node) and gives up ownership: extraction
 * changes it. The page's kind (article, forum thread, product, listing, documentation, service)
 * decides how its content is found: Readability for prose, the posts of a thread, the main
 * region without site chrome for the rest. When that finds nothing, or fails, the page's own text
 * is returned and the result says so (`fallback: 'page-text'`).
 */
export function extractArticle(
  document: Document,
  url: string,
  options: ExtractOptions = {},
): Article {
  let structured: StructuredData | null = null;
  try {
    structured = readStructuredData(document);
    return extractByKind(document, url, structured, options);
  } catch {
    // A page the pipeline cannot handle still has its text: hand that over, marked as such,
    // rather than nothing.
    return pageTextArticle(document, structured, options.kind ?? 'article', options);
  }
}

function extractByKind(
  document: Document,
  url: string,
  structured: StructuredData,
  options: ExtractOptions,
): Article {
  let kind =
    options.kind ??
    detectPageKind({
      url,
      structured,
      body: document.body ?? null,
      ogType: document.querySelector('meta[property="og:type"]')?.getAttribute('content'),
      ogPrice: document
        .querySelector('meta[property="product:price:amount"], meta[property="og:price:amount"]')
        ?.getAttribute('content'),
    });
  const { baseUrl, hiddenKept } = prepareDocument(document, url, {
    keepHidden: options.keepHidden,
  });
  const documentTitle = document.title;
  const meta = readPageMetadata(document);
  // An XML or SVG document (a tab can show one) has no body: no article, and Readability would
  // throw on it.
  if (!document.body) {
    return articleFrom({ kind, meta, structured, documentTitle, document, baseUrl, hiddenKept });
  }
  let profile = PROFILES[kind];
  const clean = (element: Element) => {
    if (!options.keepBoilerplate) removeBoilerplate(element, undefined, profile);
    return element;
  };

  let parsed: Parsed = null;
  let content: Element | null = null;
  if (READ_AS_ARTICLE.has(kind)) {
    // Readability changes the document it reads: keep a copy of the body to compare its pick
    // with the page's whole main region.
    const bodyCopy = kind === 'article' ? copyOf(document.body) : null;
    const readability = new Readability<Element>(document, {
      keepClasses: true,
      serializer: (node) => node as Element,
    });
    parsed = readability.parse();
    // Readability found nothing, or only a scrap. Below its 500-character threshold Readability
    // has put the body back as it found it (from its saved innerHTML) before returning its
    // longest try, so the page is intact: read the main/body content instead when it has
    // clearly more.
    content = parsed?.content ?? null;
    const scrap = !content || textLength(content) < TINY_ARTICLE;
    if (content) clean(content);
    if (scrap) {
      const fallback = clean(fallbackContent(document.body));
      if (!content || textLength(fallback) > 2 * textLength(content)) content = fallback;
    }
    // A short pick may be one item of a listing or one section of a longer page; a long one
    // may be one section of a listing built of sections (a grid of items per category). Both
    // checks read the page as it was, and the region check cleans what it reads: it gets its
    // own copy when the listing check is to follow, and the candidate with more text wins.
    const short = bodyCopy && content ? isShortPick(content) : false;
    const sections = !short && bodyCopy && content ? mayBeListingSection(content, bodyCopy) : null;
    const sectioned = sections !== null;
    const pick = content;
    if (!scrap && bodyCopy && content) {
      // The listing check still reads the page as it was: the region check then cleans a copy,
      // taken only when the region can be large enough to be read at all.
      const regionCopy = short || sectioned ? () => copyOf(bodyCopy) : () => bodyCopy;
      content = wholerRegion(content, bodyCopy, regionCopy, clean);
    }
    // The listing check moves the items it finds out of the body's copy: once it has found a
    // listing, and before it moves them, the page as it was is copied for reading the
    // listing's whole region. Pages that are no listing are never copied again.
    let pageCopy: HTMLElement | undefined;
    let listing =
      (short || sectioned) && bodyCopy && pick
        ? listingOf(document, pick, bodyCopy, {
            onlyLarger: sectioned,
            found: sections ?? undefined,
            beforeMoving: options.keepBoilerplate
              ? undefined
              : () => {
                  pageCopy = copyOf(bodyCopy);
                },
          })
        : null;
    const built = listing !== null && listing !== pick;
    if (listing && bodyCopy && built && !options.keepBoilerplate) {
      listing = cleanListing(listing, bodyCopy);
    }
    if (listing && content !== pick && content && textLength(content) > textLength(listing)) {
      listing = null;
    }
    // Whether the page is a listing is told by its items; once it is, it is read whole.
    if (listing && built && pageCopy) listing = widerListing(listing, pageCopy);
    if (listing) {
      kind = 'listing';
      content = listing;
    }
  } else {
    content = pageRegion(document, document.body, kind);
    if (kind === 'product' && !options.keepBoilerplate) {
      kind = removeProductExtras(content);
      profile = PROFILES[kind];
    }
    content = clean(content);
    if (kind === 'product') {
      removeRepeatedBlocks(content);
      addMissingDescription(content, structured.productDescription);
    }
  }

  if (kind === 'listing' && content && !options.keepBoilerplate) tidyListing(content);
  const article = articleFrom({
    kind,
    parsed,
    content,
    meta,
    structured,
    documentTitle,
    document,
    baseUrl,
    hiddenKept,
  });
  if (article.textLength === 0 || article.markdown.trim().length === 0) {
    return pageTextArticle(document, structured, kind, options, article);
  }
  return article;
}

/**
 * Readability keeps the one block with the most prose. A page made of several sections of
 * prose (a service page, a guide split into panels) loses most of its text that way: when the
 * main region, cleaned the same way, holds several times more text that is not links, it is
 * the content.
 */
function wholerRegion(
  picked: Element,
  body: HTMLElement,
  copy: () => HTMLElement,
  clean: (element: Element) => Element,
): Element {
  const pickedLength = textLength(picked);
  // Cleaning only removes: a body that holds less than that much text cannot give a region
  // that does, and most articles end here without paying for a copy or a second boilerplate
  // pass.
  if (textLength(body) < REGION_SHARE * pickedLength) return picked;
  // Nor can a region whose chrome alone leaves it under that much: the boilerplate pass, a
  // walk over the whole region, is paid only by a region that may still be large enough.
  const uncleaned = fallbackContent(copy());
  if (textLength(uncleaned) < REGION_SHARE * pickedLength) return picked;
  const region = clean(uncleaned);
  const regionLength = textLength(region);
  if (regionLength < REGION_SHARE * pickedLength) return picked;
  if (linkDensity(region, regionLength) > MAX_REGION_LINK_DENSITY) return picked;
  return region;
}

function copyOf(element: HTMLElement): HTMLElement {
  return element.cloneNode(true) as HTMLElement;
}

const REGION_SHARE = 2;
const MAX_REGION_LINK_DENSITY = 0.3;

function linkDensity(element: Element, length: number): number {
  if (length === 0) return 0;
  let linked = 0;
  for (const link of Array.from(element.getElementsByTagName('a'))) linked += textLength(link);
  return linked / length;
}

type Parsed = ReturnType<Readability<Element>['parse']>;

interface Parts {
  kind: PageKind;
  parsed?: Parsed;
  content?: Element | null;
  meta: ReturnType<typeof readPageMetadata>;
  structured: StructuredData | null;
  documentTitle: string;
  document: Document;
  baseUrl: string;
  hiddenKept: boolean;
}

function articleFrom(parts: Parts): Article {
  const { parsed, content, meta, structured, document } = parts;
  if (content) separateRunTogetherWords(content);
  const markdown = content ? htmlToMarkdown(content, parts.baseUrl) : '';
  const text = plainText(content ?? null);
  return {
    title:
      field(structured?.title) ??
      field(parsed?.title) ??
      field(parts.documentTitle) ??
      field(meta.title) ??
      '',
    byline: field(structured?.byline) ?? field(parsed?.byline) ?? field(meta.byline),
    siteName: field(structured?.siteName) ?? field(parsed?.siteName) ?? field(meta.siteName),
    lang: field(parsed?.lang ?? document.documentElement?.getAttribute('lang')),
    publishedTime:
      field(structured?.publishedTime) ?? field(parsed?.publishedTime) ?? field(meta.publishedTime),
    markdown,
    textLength: text.length,
    excerpt: field(parsed?.excerpt) ?? field(meta.excerpt) ?? excerptOf(text),
    kind: parts.kind,
    fallback: null,
    hiddenText: parts.hiddenKept,
  };
}

/**
 * The page's text as it stands, for a page whose content could not be found (or whose reading
 * failed): better than nothing, and flagged so the caller can say it is unfiltered.
 */
function pageTextArticle(
  document: Document,
  structured: StructuredData | null,
  kind: PageKind,
  options: ExtractOptions,
  partial?: Article,
): Article {
  let text = '';
  let lang: string | null = null;
  let documentTitle = '';
  try {
    text = options.pageText ? options.pageText() : pageText(document);
    lang = document.documentElement?.getAttribute('lang') ?? null;
    documentTitle = document.title ?? '';
  } catch {
    // A document too broken to read (linkedom without a root element): nothing to give.
  }
  const clean = stripInvisibleCharacters(text).trim();
  const flat = clean.replace(/\s+/g, ' ');
  return {
    title: partial?.title || field(structured?.title) || field(documentTitle) || '',
    byline: partial?.byline ?? field(structured?.byline),
    siteName: partial?.siteName ?? field(structured?.siteName),
    lang: partial?.lang ?? field(lang),
    publishedTime: partial?.publishedTime ?? field(structured?.publishedTime),
    markdown: escapeMarkdownText(clean),
    textLength: flat.length,
    excerpt: partial?.excerpt || excerptOf(flat),
    kind: partial?.kind ?? kind,
    fallback: flat.length > 0 ? 'page-text' : null,
    hiddenText: partial?.hiddenText ?? false,
  };
}

/** Plain text shown as markdown: only the characters that would start markup are escaped. */
function escapeMarkdownText(text: string): string {
  return text.replace(/^([#>*+-]|\d+\.)(?=\s)/gm, '\\$1').replace(/<(?=[a-zA-Z/!?])/g, '\\<');
}

/** A metadata string without invisible characters or runs of whitespace; null when empty. */
function field(value: string | null | undefined): string | null {
  const cleaned = stripInvisibleCharacters(value ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  return cleaned || null;
}

function plainText(content: Element | null): string {
  return stripInvisibleCharacters(content?.textContent ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

function excerptOf(text: string): string {
  if (text.length <= 200) return text;
  const cut = text.slice(0, 200);
  const lastSpace = cut.lastIndexOf(' ');
  return `${cut.slice(0, lastSpace > 120 ? lastSpace : 200)}…`;
}
