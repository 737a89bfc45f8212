import { describe, expect, it } from 'vitest';
import { articleSchema } from '../extract/article';
import { pdfArticle } from './pdf-article';

describe('pdfArticle', () => {
  it('makes a valid Article that keeps page headings but does not count them', () => {
    const article = pdfArticle(
      {
        ok: true,
        text: '## Page 1\n\nHello\u200B World\n\n## Page 2\n\nBye',
        pages: 2,
        pagesRead: 2,
        lang: 'en',
      },
      'report.pdf',
    );
    expect(articleSchema.parse(article)).toEqual({
      title: 'report.pdf',
      byline: null,
      siteName: null,
      lang: 'en',
      publishedTime: null,
      markdown: '## Page 1\n\nHello World\n\n## Page 2\n\nBye',
      textLength: 'Hello World Bye'.length,
      excerpt: 'Hello World Bye',
    });
  });

  it("prefers the PDF's own title and cuts a long excerpt at a word", () => {
    const words = 'lorem ipsum '.repeat(40);
    const article = pdfArticle(
      { ok: true, text: `## Page 1\n\n${words}`, pages: 1, pagesRead: 1, title: 'Annual report' },
      'x.pdf',
    );
    expect(article.title).toBe('Annual report');
    expect(article.excerpt.length).toBeLessThanOrEqual(201);
    expect(article.excerpt).toMatch(/(lorem|ipsum)…$/);
  });
});
