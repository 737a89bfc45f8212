import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractFromHtml } from './extract-from-html';

/** Hand-made pages in testing/fixtures/extract/ (written for these tests). */
const fixture = (name: string) =>
  readFileSync(new URL(`../../testing/fixtures/extract/${name}`, import.meta.url), 'utf8');

describe('a listing whose main landmark holds only its top stories, with its feed after it', () => {
  const article = extractFromHtml(
    fixture('listing-feed-after-main.html'),
    'https://deltapost.example/economy/',
  );

  it('keeps the top stories and every item of the feed', () => {
    expect(article.kind).toBe('listing');
    expect(article.markdown).toContain('Rice harvest beats forecasts across the delta');
    expect(article.markdown).toContain('Fish auction moves online for night sales');
    expect(article.markdown).toContain('Husk pellets from the rice mills replace coal');
  });

  it("still leaves out the site's navigation and footer", () => {
    expect(article.markdown).not.toContain('About us');
    expect(article.markdown).not.toContain('[Sport]');
  });
});
