import type { Article } from '../extract/article';
import { stripInvisibleCharacters } from '../extract/invisible-characters';
import type { PdfTextResult } from './pdf-text';

const PAGE_HEADING = /^## Page \d+$/gm;

/**
 * A PDF's text as the Article that `read_tab` hands the model, so PDF tabs go through the same
 * budget, envelope and Sources as web pages. The `## Page N` headings stay in the markdown (the
 * model cites pages by them) but are not counted as text.
 */
export function pdfArticle(
  result: Extract<PdfTextResult, { ok: true }>,
  fallbackTitle: string,
): Article {
  const markdown = stripInvisibleCharacters(result.text);
  const text = markdown.replace(PAGE_HEADING, ' ').replace(/\s+/g, ' ').trim();
  return {
    title: stripInvisibleCharacters(result.title ?? '').trim() || fallbackTitle,
    byline: null,
    siteName: null,
    lang: result.lang ?? null,
    publishedTime: null,
    markdown,
    textLength: text.length,
    excerpt: excerptOf(text),
  };
}

function excerptOf(text: string): string {
  if (text.length <= 200) return text;
  const cut = text.slice(0, 200);
  const lastSpace = cut.lastIndexOf(' ');
  return `${cut.slice(0, lastSpace > 120 ? lastSpace : 200)}…`;
}
