import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseDuckDuckGoPage } from './duckduckgo-page';

const PAGE = 'https://html.duckduckgo.com/html/';
const fixture = (name: string) =>
  readFileSync(new URL(`../../../testing/fixtures/search/${name}`, import.meta.url), 'utf8');

describe('parseDuckDuckGoPage', () => {
  it('reads titles, real URLs and snippets from a results page, without the ad', () => {
    const page = parseDuckDuckGoPage(fixture('duckduckgo-results.html'), PAGE);
    expect(page).toEqual({
      kind: 'results',
      results: [
        {
          title: 'References and Borrowing - The Rust Programming Language',
          url: 'https://doc.rust-lang.org/book/ch04-02-references-and-borrowing.html?highlight=borrow&x=1',
          snippet:
            'We call the action of creating a reference borrowing. As in real life, if a person ' +
            'owns something, you can borrow it from them.',
        },
        {
          title: "Understanding the borrow checker & lifetimes: a beginner's guide",
          url: 'https://blog.example.org/2024/understanding-the-borrow-checker',
          snippet:
            'The borrow checker enforces two rules: one mutable reference "or" any number of shared ones.',
        },
        {
          title: 'Borrow checker error E0502 - help',
          url: 'https://users.rust-lang.example/t/borrow-checker-error-e0502/1234',
          snippet: '',
        },
      ],
    });
  });

  it('reads the "No results." page as an honest empty search', () => {
    expect(parseDuckDuckGoPage(fixture('duckduckgo-no-results.html'), PAGE)).toEqual({
      kind: 'no-results',
    });
  });

  it('recognises the anomaly page as a bot check', () => {
    expect(parseDuckDuckGoPage(fixture('duckduckgo-anomaly.html'), PAGE)).toEqual({
      kind: 'bot-check',
    });
  });

  it('recognises a bot check from its sentence alone, on a page without results', () => {
    const html =
      '<html><body><h1>Unfortunately, bots use DuckDuckGo too.</h1><p>Please try again.</p></body></html>';
    expect(parseDuckDuckGoPage(html, PAGE)).toEqual({ kind: 'bot-check' });
  });

  it('does not take a result that quotes the bot-check sentence for a bot check', () => {
    const html = `<div id="links"><div class="result web-result">
      <h2><a class="result__a" href="https://news.example/ddg">Why DuckDuckGo shows a CAPTCHA</a></h2>
      <a class="result__snippet">"Unfortunately, bots use DuckDuckGo too," the page says.</a>
    </div></div>`;
    const page = parseDuckDuckGoPage(html, PAGE);
    expect(page.kind).toBe('results');
  });

  it('calls a page with neither results nor the notice unrecognised, not empty', () => {
    const html = '<html><body><div id="links"></div><p>Something else entirely</p></body></html>';
    expect(parseDuckDuckGoPage(html, PAGE)).toEqual({ kind: 'unrecognised' });
  });
});
