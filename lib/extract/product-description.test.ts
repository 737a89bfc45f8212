import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractFromHtml } from './extract-from-html';

/** Hand-made pages in testing/fixtures/extract/ (written for these tests). */
const fixture = (name: string) =>
  readFileSync(new URL(`../../testing/fixtures/extract/${name}`, import.meta.url), 'utf8');

describe('a product page whose description is only in its structured data', () => {
  const article = extractFromHtml(
    fixture('product-description-in-data.html'),
    'https://fernhill.example/products/merino-trail-socks',
  );

  it('adds the description under a heading that says where it came from', () => {
    expect(article.kind).toBe('product');
    expect(article.markdown).toContain("Description (from the page's product data)");
    expect(article.markdown).toContain('Knitted from merino wool with a cushioned sole');
    expect(article.markdown).toContain('A reinforced heel and toe stand up to rough boots');
  });

  it('keeps what the page shows before it, and no markup of the description', () => {
    const { markdown } = article;
    expect(markdown.indexOf('£24.00')).toBeGreaterThanOrEqual(0);
    expect(markdown.indexOf('£24.00')).toBeLessThan(markdown.indexOf('Knitted from merino'));
    expect(markdown).not.toContain('<br>');
  });
});

describe('a product page that shows its description', () => {
  it('does not add the description a second time', () => {
    const article = extractFromHtml(
      fixture('product-description-in-data.html').replace(
        '<div id="description-drawer" class="drawer"></div>',
        '<div class="product-description"><p>Knitted from merino wool with a cushioned sole, these socks keep feet dry on long climbs and warm at camp. A reinforced heel and toe stand up to rough boots, and the ribbed cuff stays put without pinching.</p></div>',
      ),
      'https://fernhill.example/products/merino-trail-socks',
    );
    expect(article.markdown).toContain('Knitted from merino wool');
    expect(article.markdown).not.toContain('product data');
    expect(article.markdown.split('Knitted from merino wool')).toHaveLength(2);
  });
});

describe('a product description that is percent-encoded in the structured data', () => {
  it('is added as readable text', () => {
    const encoded = encodeURIComponent(
      'Knitted from merino wool with a cushioned sole, these socks keep feet dry on long climbs and warm at camp.',
    );
    const html = fixture('product-description-in-data.html').replace(
      /"description": "[^"]*"/,
      `"description": "${encoded}"`,
    );
    const article = extractFromHtml(html, 'https://fernhill.example/products/merino-trail-socks');
    expect(article.markdown).toContain('Knitted from merino wool with a cushioned sole');
    expect(article.markdown).not.toContain('%20');
  });
});
