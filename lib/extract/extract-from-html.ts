import { parseHTML } from 'linkedom';
import type { Article } from './article';
import { type ExtractOptions, extractArticle } from './extract-article';

/**
 * Extracts the article from an HTML string, parsed with linkedom: for the MV3 worker (which has
 * no DOMParser) and for Node. Same pipeline as a live tab.
 */
export function extractFromHtml(html: string, url: string, options?: ExtractOptions): Article {
  const { document } = parseHTML(html);
  return extractArticle(document as unknown as Document, url, options);
}
