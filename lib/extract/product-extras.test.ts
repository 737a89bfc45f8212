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

/** A hand-made product page (written for these tests), its product told by schema.org data. */
function productPage(body: string): string {
  return `<!doctype html><html><head><title>Field Kettle</title>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Field Kettle","offers":{"@type":"Offer","price":"48.00","priceCurrency":"EUR"}}</script>
</head><body><header><a href="/">Ember Outfitters</a></header><main>
<h1>Field Kettle</h1><p class="price">€48.00</p>
<p>A one-litre kettle of brushed steel that boils on a camp stove in four minutes, with a folding
handle that stays cool and a lid that locks for the pack.</p>
${body}
</main><footer>© Ember Outfitters</footer></body></html>`;
}

describe('a product page whose template prints custom fields under their internal names', () => {
  const article = extractFromHtml(
    productPage(`<dl class="product-info">
  <dt>Capacity:</dt><dd>1 litre</dd>
  <dt>price_tier_bulk:</dt><dd>€40.00_10+ items</dd>
  <dt>tab_Care and Storage:</dt><dd>TRUE</dd>
  <dt>grid_stock_limit-2:</dt><dd>5000</dd>
  <dt>Material:</dt><dd>Brushed stainless steel</dd>
</dl>`),
    'https://ember.example/products/field-kettle',
  );

  it('drops each field named for the template, with its value', () => {
    expect(article.kind).toBe('product');
    expect(article.markdown).not.toContain('price_tier_bulk');
    expect(article.markdown).not.toContain('€40.00_10+ items');
    expect(article.markdown).not.toContain('Care and Storage');
    expect(article.markdown).not.toContain('5000');
  });

  it('keeps the fields named for people', () => {
    expect(article.markdown).toContain('1 litre');
    expect(article.markdown).toContain('Brushed stainless steel');
  });
});

describe('a product page with tooltips beside its specifications', () => {
  const article = extractFromHtml(
    productPage(`<table><tr><td class="spec-title">Wall thickness
  <span class="has-tooltip"><button class="tooltip__trigger" aria-label="More information">i</button>
  <span class="tooltip__content">Thicker walls hold heat longer but add weight to the pack.</span></span></td>
  <td>0.6 mm</td></tr></table>
<p>Ships in two days. <span class="infotip"><span class="infotip__overlay">Import fees may apply when the parcel crosses a border.</span></span></p>`),
    'https://ember.example/products/field-kettle',
  );

  it('drops the text shown on hover, and keeps the terms it explains', () => {
    expect(article.markdown).not.toContain('Thicker walls hold heat');
    expect(article.markdown).not.toContain('Import fees may apply');
    expect(article.markdown).toContain('Wall thickness');
    expect(article.markdown).toContain('0.6 mm');
    expect(article.markdown).toContain('Ships in two days');
  });
});
