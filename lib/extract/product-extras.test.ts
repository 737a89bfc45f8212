import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractFromHtml } from './extract-from-html';

/** Hand-made pages in testing/fixtures/extract/ (written for these tests). */
const fixture = (name: string) =>
  readFileSync(new URL(`../../testing/fixtures/extract/${name}`, import.meta.url), 'utf8');

describe('a product page whose menu is built from divs and lists, not a nav element', () => {
  const article = extractFromHtml(
    fixture('product-mega-menu.html'),
    'https://harbour.example/products/canvas-tote-bag',
  );

  it('drops the menu and keeps the product', () => {
    expect(article.kind).toBe('product');
    expect(article.markdown).not.toContain('Totes and shoppers');
    expect(article.markdown).not.toContain('Gift cards and vouchers');
    expect(article.markdown).toContain('€32.00');
    expect(article.markdown).toContain('Cut from heavy organic canvas');
  });
});

describe('a product page whose template prints image addresses with their field names', () => {
  const article = extractFromHtml(
    fixture('product-mega-menu.html'),
    'https://harbour.example/products/canvas-tote-bag',
  );

  it('drops each address with its name, and keeps the other fields', () => {
    expect(article.markdown).not.toContain('swatch');
    expect(article.markdown).not.toContain('cdn.harbour.example');
    expect(article.markdown).toContain('Organic cotton canvas, 16 oz');
    expect(article.markdown).toContain('40 × 38 × 12 cm');
  });
});
