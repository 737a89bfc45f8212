import { describe, expect, it } from 'vitest';
import { extractFromHtml } from './extract-from-html';

/**
 * An awards page made by hand for this test: a long introduction, then one grid of cards per
 * category, each card a linked title and its studio. Readability keeps the introduction (the
 * only prose), and the titles are links, too many for the page to be read whole as a region.
 */
function awardsPage(): string {
  const categories = [
    'Hotel',
    'Restaurant',
    'Office',
    'Library',
    'Museum',
    'Retail',
    'Residence',
    'Spa',
    'School',
    'Clinic',
  ];
  const sections = categories.map((category, c) => {
    const cards = Array.from(
      { length: 10 },
      (_, n) =>
        `<li class="award-card"><a href="/awards/2026/${category.toLowerCase()}-${n}">` +
        `<h4>${category} project number ${n + 1}, a renovation on the riverside</h4></a>` +
        `<p class="studio">Studio ${String.fromCharCode(65 + c)}${n} Architects</p></li>`,
    );
    return `<div class="award-category"><h3>${category}</h3><ul class="award-cards">${cards.join('')}</ul></div>`;
  });
  const sentence =
    'The jury, which met for three days in the spring, read every entry, weighed each project ' +
    'against its brief, its budget and its site, and argued late into the evening about the finalists. ';
  const intro = `<p>${sentence.repeat(6)}</p>`.repeat(3);
  return `<!doctype html><html><head><title>Design Awards 2026: the winners</title>
<meta property="og:type" content="article"></head><body>
<header><nav><a href="/">Home</a> <a href="/awards/">All awards</a></nav></header>
<main><h1>Design Awards 2026: the winners</h1><div class="intro">${intro}</div>
<div class="award-categories">${sections.join('\n')}</div></main>
<footer><p>All rights reserved</p></footer></body></html>`;
}

describe('an awards page with a grid of winners per category, under a long introduction', () => {
  const article = extractFromHtml(awardsPage(), 'https://design.example/awards/2026/');
  const { markdown } = article;

  it('is read as a listing: the introduction, then every category with its cards', () => {
    expect(article.kind).toBe('listing');
    const intro = markdown.indexOf('The jury, which met for three days');
    const first = markdown.indexOf('Hotel project number 1,');
    const last = markdown.indexOf('Clinic project number 10,');
    expect(intro).toBeGreaterThanOrEqual(0);
    expect(first).toBeGreaterThan(intro);
    expect(last).toBeGreaterThan(first);
    expect(markdown).toContain('Studio J9 Architects');
    expect(markdown).toContain('(https://design.example/awards/2026/clinic-9)');
  });

  it('leaves out the site menu and footer', () => {
    expect(markdown).not.toContain('All awards');
    expect(markdown).not.toContain('All rights reserved');
  });
});
