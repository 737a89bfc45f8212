import { Readability } from '@mozilla/readability';
import type { Article } from './article';
import { fallbackContent } from './fallback-content';
import { htmlToMarkdown } from './html-to-markdown';
import { stripInvisibleCharacters } from './invisible-characters';
import { prepareDocument } from './prepare-document';
import { removeBoilerplate } from './remove-boilerplate';

export interface ExtractOptions {
  /** Skip the boilerplate pass and keep what Readability kept (for comparisons). */
  keepBoilerplate?: boolean;
}

/** Below this many characters Readability's pick is not trusted when the page has much more. */
const TINY_ARTICLE = 250;

/**
 * Extracts the article of a page as markdown. The caller provides the DOM (a clone of the live
 * tab, or a linkedom document in the worker and in Node) and gives up ownership: extraction
 * changes it. Readability picks the article; when it finds none, or a tiny piece of a page with
 * far more text, the main/body content without page chrome is used instead.
 */
export function extractArticle(
  document: Document,
  url: string,
  options: ExtractOptions = {},
): Article {
  const { baseUrl } = prepareDocument(document, url);
  const documentTitle = document.title;
  // An XML or SVG document (a tab can show one) has no body: no article, and Readability would
  // throw on it.
  if (!document.body) return articleFrom(null, null, documentTitle, document, baseUrl);
  const readability = new Readability<Element>(document, {
    keepClasses: true,
    serializer: (node) => node as Element,
  });
  const parsed = readability.parse();

  const clean = (element: Element) => {
    if (!options.keepBoilerplate) removeBoilerplate(element);
    return element;
  };
  // Readability found nothing, or only a scrap. Below its 500-character threshold Readability
  // has put the body back as it found it (from its saved innerHTML) before returning its longest
  // try, so the page is intact: read the main/body content instead when it has clearly more.
  let content = parsed?.content ?? null;
  const scrap = !content || textLength(content) < TINY_ARTICLE;
  if (content) clean(content);
  if (scrap) {
    const fallback = clean(fallbackContent(document.body));
    if (!content || textLength(fallback) > 2 * textLength(content)) content = fallback;
  }

  return articleFrom(parsed, content, documentTitle, document, baseUrl);
}

type Parsed = ReturnType<Readability<Element>['parse']>;

function articleFrom(
  parsed: Parsed,
  content: Element | null,
  documentTitle: string,
  document: Document,
  baseUrl: string,
): Article {
  const markdown = content ? htmlToMarkdown(content, baseUrl) : '';
  const text = plainText(content);
  return {
    title: field(parsed?.title) ?? field(documentTitle) ?? '',
    byline: field(parsed?.byline),
    siteName: field(parsed?.siteName),
    lang: field(parsed?.lang ?? document.documentElement?.getAttribute('lang')),
    publishedTime: field(parsed?.publishedTime),
    markdown,
    textLength: text.length,
    excerpt: field(parsed?.excerpt) ?? excerptOf(text),
  };
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

function textLength(element: Element): number {
  return (element.textContent ?? '').replace(/\s+/g, ' ').trim().length;
}

function excerptOf(text: string): string {
  if (text.length <= 200) return text;
  const cut = text.slice(0, 200);
  const lastSpace = cut.lastIndexOf(' ');
  return `${cut.slice(0, lastSpace > 120 ? lastSpace : 200)}…`;
}
