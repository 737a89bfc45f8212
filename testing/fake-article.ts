import type { Article } from '../lib/extract/article';

/** An article as the extractor returns it, made of the given markdown. */
export function fakeArticle(markdown: string): Article {
  return {
    title: 'A page',
    byline: null,
    siteName: null,
    lang: null,
    publishedTime: null,
    markdown,
    textLength: markdown.length,
    excerpt: markdown.slice(0, 20),
  };
}
