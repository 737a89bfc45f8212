import { readFileSync } from 'node:fs';
import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { extractFromHtml } from './extract-from-html';
import { tidyListing } from './listing-tidy';

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

describe("a listing's toolbar over its items", () => {
  /** A grid of tiles under a toolbar, written by hand for this test. */
  const { document } = parseHTML(`<!doctype html><html><body><div id="content">
    <h1>Trail shoes</h1>
    <div class="toolbar"><h2>Products <span>(154)</span></h2><p>1–30 of 154 products</p><p>Sort: Best Match</p></div>
    <ul>
      <li><a href="/p/switchback-4">Switchback 4</a><p>$175.00</p><p>Set of 2 items: shoe and spare laces</p></li>
      <li><a href="/p/ridge-runner">Ridge Runner</a><p>$140.00</p><p>4.5 out of 5</p></li>
      <li><a href="/p/fell-racer">Fell Racer</a><p>$120.00</p><p>3 colours</p></li>
    </ul>
    <p>Showing 3 of 154</p>
  </div></body></html>`);
  const content = document.getElementById('content') as unknown as Element;
  tidyListing(content);
  const text = (content.textContent ?? '').replace(/\s+/g, ' ');

  it('drops the count of results and the sort order', () => {
    expect(text).not.toContain('(154)');
    expect(text).not.toContain('1–30 of 154');
    expect(text).not.toContain('Best Match');
    expect(text).not.toContain('Showing 3 of 154');
  });

  it('keeps the items, their prices, ratings and counts of their own', () => {
    expect(text).toContain('Trail shoes');
    expect(text).toContain('Switchback 4');
    expect(text).toContain('$175.00');
    expect(text).toContain('Set of 2 items');
    expect(text).toContain('4.5 out of 5');
    expect(text).toContain('3 colours');
  });
});
