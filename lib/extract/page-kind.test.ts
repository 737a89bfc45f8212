import { describe, expect, it } from 'vitest';
import { extractFromHtml } from './extract-from-html';

/**
 * A hand-made product page for this test: sold out (no buy button, only a notice), without
 * schema.org data, its story told in long paragraphs, its price in Open Graph's product meta.
 */
const story =
  'Cut from a single block of steel, brushed by hand and fitted with a sapphire crystal, the case ' +
  'keeps its shape through years of daily wear, while the quartz movement inside, set and tested ' +
  'in our workshop, keeps time to a few seconds a month. ';
const page = (price: string) => `<!doctype html><html><head><title>Harbor 40 watch</title>
${price}</head><body><main>
<h1>Harbor 40 watch</h1><p class="price">$168.00</p><p>Sold out</p>
${`<p>${story.repeat(2)}</p>`.repeat(8)}
</main></body></html>`;
const url = 'https://watches.example/mens/harbor-40/28000436.html';

describe('a sold-out product page that gives its price in Open Graph meta', () => {
  it('is read as a product page, not as an article, although it is mostly prose', () => {
    const meta = '<meta property="og:price:amount" content="168.00">';
    expect(extractFromHtml(page(meta), url).kind).toBe('product');
    const productMeta = '<meta property="product:price:amount" content="168.00">';
    expect(extractFromHtml(page(productMeta), url).kind).toBe('product');
  });

  it('is read as an article without that price', () => {
    expect(extractFromHtml(page(''), url).kind).toBe('article');
  });
});
