import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractFromHtml } from './extract-from-html';

/** Hand-made pages in testing/fixtures/extract/ (written for these tests). */
const fixture = (name: string) =>
  readFileSync(new URL(`../../testing/fixtures/extract/${name}`, import.meta.url), 'utf8');

const count = (text: string, part: string) => text.split(part).length - 1;

describe('a product page that renders its details once per screen size', () => {
  const article = extractFromHtml(
    fixture('product-two-layouts.html'),
    'https://kilnrow.example/products/stoneware-pour-over-set',
  );

  it('gives the description and its list once', () => {
    expect(article.kind).toBe('product');
    expect(count(article.markdown, 'A dripper and a carafe thrown on the wheel')).toBe(1);
    expect(count(article.markdown, 'Carafe holds six hundred millilitres')).toBe(1);
  });

  it('keeps a short value that two products share', () => {
    expect(count(article.markdown, 'Glaze: food-safe, lead-free, dishwasher safe')).toBe(2);
  });
});

describe('a documentation page that repeats a block on purpose', () => {
  it('keeps both copies', () => {
    const html = fixture('product-two-layouts.html').replace(
      /<script type="application\/ld\+json">[\s\S]*?<\/script>/,
      '',
    );
    const article = extractFromHtml(html, 'https://kilnrow.example/docs/care-guide', {
      kind: 'documentation',
    });
    expect(count(article.markdown, 'A dripper and a carafe thrown on the wheel')).toBe(2);
  });
});
