import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractFromHtml } from './extract-from-html';

/** Hand-made pages in testing/fixtures/extract/ (written for these tests). */
const fixture = (name: string) =>
  readFileSync(new URL(`../../testing/fixtures/extract/${name}`, import.meta.url), 'utf8');

describe('a section front whose menu of headlines is built from divs named for navigation', () => {
  const article = extractFromHtml(
    fixture('section-front-div-menu.html'),
    'https://courier.example/science',
  );

  it("is read as a listing of the section's own teasers", () => {
    expect(article.kind).toBe('listing');
    expect(article.markdown).toContain('Seagrass meadows return to the bay');
    expect(article.markdown).toContain('They will measure how high the biggest waves reach.');
  });

  it("leaves out the menu's headlines from other sections", () => {
    expect(article.markdown).not.toContain('Ferry crews vote');
    expect(article.markdown).not.toContain('harbour wall');
  });
});
