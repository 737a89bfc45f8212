import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractFromHtml } from './extract-from-html';

/** Hand-made pages in testing/fixtures/extract/ (written for these tests). */
const fixture = (name: string) =>
  readFileSync(new URL(`../../testing/fixtures/extract/${name}`, import.meta.url), 'utf8');

describe('a listing whose cards link their picture and their title to the same page', () => {
  const article = extractFromHtml(
    fixture('listing-picture-links.html'),
    'https://ridgeway.example/c/trail-running-shoes',
  );

  it('keeps each card once: its title with its link, its text and its price', () => {
    expect(article.kind).toBe('listing');
    expect(article.markdown).toContain('[Switchback 4](https://ridgeway.example/p/switchback-4)');
    expect(article.markdown).toContain('Waterproof, with deep lugs for wet ground.');
    expect(article.markdown).toContain('$175.00');
    expect(article.markdown.match(/\/p\/switchback-4/g)).toHaveLength(1);
  });

  it("drops the picture's link, which only describes the photo", () => {
    expect(article.markdown).not.toContain('mossy rock');
    expect(article.markdown).not.toContain('puddle');
  });

  it('drops a picture link that leads where no text link does: its alt text is not shown', () => {
    expect(article.markdown).not.toContain('See the autumn lookbook');
  });
});

describe('a listing that sends each card twice, once for small screens and once for large ones', () => {
  const article = extractFromHtml(
    fixture('listing-screen-copies.html'),
    'https://fardesk.example/search?q=design',
  );

  it('keeps one copy of each card', () => {
    expect(article.kind).toBe('listing');
    expect(article.markdown.match(/Product Designer/g)).toHaveLength(1);
    expect(article.markdown.match(/Tallow Health/g)).toHaveLength(1);
  });

  it('keeps two items that read alike but lead to different pages', () => {
    expect(article.markdown).toContain('https://fardesk.example/jobs/4104-motion-designer');
    expect(article.markdown).toContain('https://fardesk.example/jobs/4105-motion-designer');
  });
});

describe('a listing whose cards print their title, price and badge twice, for the style sheet to pick', () => {
  const article = extractFromHtml(
    fixture('listing-card-copies.html'),
    'https://pinecrest.example/collections/camp-kitchen',
  );

  it('keeps each card once: its title with its link, its price and its badge', () => {
    expect(article.kind).toBe('listing');
    expect(article.markdown.match(/\[Fieldcraft Lantern Mk II\]/g)).toHaveLength(1);
    expect(article.markdown.match(/\$64\.00/g)).toHaveLength(1);
    expect(article.markdown.match(/Back-order/g)).toHaveLength(2);
  });

  it('keeps a reduction: the sale price and the struck-out price it replaces', () => {
    expect(article.markdown).toContain('$120.00');
    expect(article.markdown).toContain('~~$150.00~~');
    expect(article.markdown.match(/\$150\.00/g)).toHaveLength(1);
  });

  it('keeps the same badge and price on two different cards', () => {
    expect(article.markdown.match(/\[Enamel Trail Mug\]/g)).toHaveLength(1);
    expect(article.markdown).toContain('$18.00');
    expect(article.markdown).toContain('$89.00');
  });
});
