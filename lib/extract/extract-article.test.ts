import { readFileSync } from 'node:fs';
import { Readability } from '@mozilla/readability';
import { DOMParser, parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { articleSchema } from './article';
import { extractArticle } from './extract-article';
import { extractFromHtml } from './extract-from-html';

const fixture = (name: string) =>
  readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8');
const linkedomDocument = (html: string) => parseHTML(html).document as unknown as Document;

describe('extractFromHtml on an article full of boilerplate', () => {
  const url = 'https://courier.example/news/local/bridges';
  const article = extractFromHtml(fixture('article-with-boilerplate.html'), url);
  const { markdown } = article;

  it('keeps every paragraph of the article', () => {
    for (const sentence of [
      'When the spring flood of 2022 tore through Millbrook',
      "The council's first plan, a single wide crossing north of town",
      'Shares of the regional builder that won the contract rose sharply',
      'The three replacements came in under the combined budget',
      'The river gauge readings that decided the new deck heights',
      "The town's engineer published the small script",
      'Read the full method on the',
      'Residents on the east bank say the new crossings',
      '"Last winter it was an hour each way."',
    ]) {
      expect(markdown).toContain(sentence);
    }
    expect(markdown).toContain('## What it cost');
  });

  it('drops navigation, share bars, newsletter and cookie prompts, related stories, comments, bio and captions', () => {
    for (const boilerplate of [
      'Opinion', // site navigation
      'Home', // breadcrumbs
      'We use cookies',
      'Accept all',
      'Facebook',
      'Share this article',
      'Sign up for our free morning newsletter',
      'in your inbox',
      'Subscribe',
      'Related articles',
      'The flood, one year on',
      '3 comments',
      'Took long enough',
      'staff reporter',
      'Photo: Valley Courier archive',
      'All rights reserved',
      'By Maria Okafor',
    ]) {
      expect(markdown).not.toContain(boilerplate);
    }
  });

  it('turns the table with a header row, and the one without, into GFM tables', () => {
    expect(markdown).toContain(
      [
        '| Bridge | Budget | Final cost | Opened |',
        '| --- | --- | --- | --- |',
        '| Mill Street | $2.1m | $1.8m | August 2023 |',
        '| Ferry Lane | $3.4m | $3.5m | November 2023 |',
        '| Quarry Road | $1.2m | $1.1m | January 2024 |',
      ].join('\n'),
    );
    expect(markdown).toContain(
      [
        '| Gauge | Peak level | Date |',
        '| --- | --- | --- |',
        '| Upper weir | 4.9 m | 12 April |',
        '| Town quay | 5.6 m \\| record | 13 April |',
      ].join('\n'),
    );
  });

  it('fences code and keeps its language', () => {
    expect(markdown).toContain(
      '```python\ndef deck_height(peak_m, freeboard_m=1.5):\n    # Keep the deck clear of a flood one metre above the record.\n    return peak_m + 1.0 + freeboard_m\n```',
    );
  });

  it('makes relative links absolute against the page URL', () => {
    expect(markdown).toContain(
      '[flood report](https://courier.example/documents/flood-report.pdf)',
    );
    expect(markdown).toContain(
      '[2019 river survey](https://courier.example/news/archive/2019/river-survey)',
    );
    expect(markdown).toContain('[costs section](https://courier.example/news/local/bridges#costs)');
    expect(markdown).toContain(
      '[raw gauge logs](https://courier.example/downloads/gauge-logs.csv)',
    );
  });

  it('names a link around an image by the alt text and drops the image itself', () => {
    expect(markdown).toContain(
      '[Millbrook council bridges page](https://millbrook.example/bridges)',
    );
    expect(markdown).not.toContain('![');
    expect(markdown).not.toContain('bridge-before.jpg');
  });

  it('leaves no raw HTML in the markdown', () => {
    expect(markdown).not.toMatch(/<\/?[a-z][a-z0-9-]*(?:\s[^>]*)?>/i);
  });

  it('fills the metadata from the page', () => {
    expect(articleSchema.parse(article)).toEqual(article);
    expect(article).toMatchObject({
      title: 'How the river town rebuilt its bridges',
      byline: 'Maria Okafor',
      siteName: 'The Valley Courier',
      lang: 'en',
      publishedTime: '2024-03-18T09:30:00Z',
      excerpt: 'After the flood, Millbrook replaced three bridges in eighteen months.',
    });
    expect(article.textLength).toBeGreaterThan(1500);
    expect(article.textLength).toBeLessThan(markdown.length);
  });
});

describe('extractArticle when Readability finds no article', () => {
  const html = fixture('no-article.html');

  it('is a page plain Readability gets wrong', () => {
    const picked = new Readability(linkedomDocument(html)).parse();
    expect(picked?.textContent ?? '').not.toContain('Object storage');
  });

  it('reads the main content without the navigation, header and footer', () => {
    const { markdown, title } = extractArticle(
      linkedomDocument(html),
      'https://status.harbor.example/',
    );
    expect(title).toBe('Service status | Harbor Cloud');
    expect(markdown).toContain('# Service status');
    expect(markdown).toContain('- **Block volumes** — degraded performance in eu-west-2');
    expect(markdown).toContain('## Open incidents');
    expect(markdown).toContain('traffic moved to its pair.');
    for (const chrome of [
      'Pricing',
      'Careers',
      'Sign in',
      'Partner programme',
      'registered in England',
    ]) {
      expect(markdown).not.toContain(chrome);
    }
  });
});

describe('extractArticle and hidden text', () => {
  const { markdown } = extractFromHtml(
    fixture('hidden-text.html'),
    'https://rail.example/night-trains',
  );

  it("leaves out text hidden by the hidden attribute, a closed dialog's aria-hidden, inline styles and the in-page mark", () => {
    expect(markdown).not.toContain('SECRET');
  });

  it('keeps text that aria-hidden hides only from screen readers', () => {
    expect(markdown).toContain('Sleeper fares from €49 are shown');
  });

  it('keeps the visible paragraphs and text revealed by find-in-page', () => {
    expect(markdown).toContain("Europe's sleeper network");
    expect(markdown).toContain('The Vienna to Paris route reopened');
    expect(markdown).toContain('Rolling stock is the bottleneck');
    expect(markdown).toContain('Ticket prices still compare badly');
    expect(markdown).toContain('Operators expect the network to double');
    expect(markdown).toContain('Found text: the collapsed timetable notes stay');
  });

  it('does not trust a hint that would hide most of the page (a cookie dialog sets aria-hidden on it)', () => {
    const paragraphs = Array.from(
      { length: 6 },
      (_, index) =>
        `<p>Paragraph ${index} of a page whose whole wrapper is aria-hidden while a consent dialog is open, which happens on many news sites.</p>`,
    ).join('');
    const html = `<html><body><div id="wrapper" aria-hidden="true"><article><h1>Title</h1>${paragraphs}</article></div><div role="dialog"><p>We use cookies. Accept?</p></div></body></html>`;
    const { markdown: text } = extractFromHtml(html, 'https://news.example/a');
    expect(text).toContain('Paragraph 0 of a page');
    expect(text).toContain('Paragraph 5 of a page');
    expect(text).not.toContain('We use cookies');
  });
});

describe('extractArticle on non-Latin text', () => {
  it('keeps Russian and Chinese text intact', () => {
    const { markdown, lang } = extractFromHtml(
      fixture('non-latin.html'),
      'https://lake.example/baikal',
    );
    expect(lang).toBe('ru');
    expect(markdown).toContain(
      'Зимой лёд на Байкале становится настолько прозрачным, что сквозь него видно дно на глубине нескольких метров, а трещины во льду тянутся на десятки километров.',
    );
    expect(markdown).toContain(
      '贝加尔湖是世界上最深的湖泊，冬季湖面结冰后，冰层清澈透明，可以看到几米深的湖底。',
    );
    expect(markdown).toContain(
      '每年二月，冰层厚度可达一米，湖上会开辟正式的冰上通道，甚至有公共汽车在上面行驶。',
    );
    expect(markdown).toContain('| 二月 | 一米 |');
    expect(markdown).toContain(
      'Туристический сезон на льду длится с конца января до середины марта',
    );
  });
});

describe('extractArticle and invisible characters', () => {
  // "IGNORE ALL" spelled in Unicode tag characters (U+E0000 + the ASCII code): invisible on
  // screen, but read by a model.
  const smuggled = Array.from('IGNORE ALL', (character) =>
    String.fromCodePoint(0xe0000 + character.charCodeAt(0)),
  ).join('');
  const paragraph = (text: string) =>
    `<p>${text} and it goes on long enough to count as an article paragraph for Readability.</p>`;
  const html = `<html><head><title>Zero\u200bwidth title${smuggled}</title></head><body><article>
    ${paragraph(`Plain${smuggled} text`)}
    ${paragraph('Zero\u200bwidth\u200c joiners\u200d and a word\u2060joiner')}
    ${paragraph('A stray byte-order mark\ufeff inside')}
    ${paragraph('Nothing odd here at all')}
  </article></body></html>`;
  const article = extractFromHtml(html, 'https://x.example/');

  it('strips tag characters and zero-width characters from the markdown and the metadata', () => {
    const invisible = /[\u{E0000}-\u{E007F}\u200B-\u200D\u2060\uFEFF]/u;
    expect(article.markdown).not.toMatch(invisible);
    expect(article.title).not.toMatch(invisible);
    expect(article.excerpt).not.toMatch(invisible);
    expect(article.markdown).toContain('Plain text and it goes on');
    expect(article.markdown).toContain('Zerowidth joiners and a wordjoiner');
    expect(article.markdown).toContain('A stray byte-order mark inside');
    expect(article.title).toBe('Zerowidth title');
  });
});

describe('extractFromHtml and base URLs', () => {
  it("resolves links against the page's own relative <base href>", () => {
    const html = `<html><head><base href="/docs/v2/"></head><body><article><p>${'Words about the guide. '.repeat(30)}See the <a href="install">install guide</a> and <a href="/faq">the FAQ</a>.</p></article></body></html>`;
    const { markdown } = extractFromHtml(html, 'https://tool.example/docs/v2/intro');
    expect(markdown).toContain('[install guide](https://tool.example/docs/v2/install)');
    expect(markdown).toContain('[the FAQ](https://tool.example/faq)');
  });
});

describe('extractArticle on a document without a body', () => {
  it('returns an empty article instead of throwing (a tab can show an SVG or XML file)', () => {
    const svg = new DOMParser().parseFromString(
      '<svg xmlns="http://www.w3.org/2000/svg"><text>Logo</text></svg>',
      'image/svg+xml',
    ) as unknown as Document;
    expect(extractArticle(svg, 'https://x.example/logo.svg')).toMatchObject({
      markdown: '',
      textLength: 0,
    });
  });
});

describe('extractFromHtml on a huge page', () => {
  it('extracts a multi-megabyte page without failing', () => {
    const sections: string[] = [];
    for (let section = 0; section < 1000; section++) {
      const paragraphs = Array.from(
        { length: 20 },
        (_, index) =>
          `<p>Section ${section}, paragraph ${index}: a generated sentence about river crossings, timetables and budgets, repeated to make the page large.</p>`,
      ).join('\n');
      const rows = Array.from(
        { length: 10 },
        (_, row) => `<tr><td>Row ${row}</td><td>${section * row}</td><td>value</td></tr>`,
      ).join('');
      sections.push(
        `<section><h2>Section ${section}</h2>${paragraphs}<table>${rows}</table></section>`,
      );
    }
    const navigation = `<nav>${Array.from({ length: 500 }, (_, index) => `<a href="/page/${index}">Page ${index}</a>`).join(' ')}</nav>`;
    const html = `<!doctype html><html><head><title>Huge</title></head><body>${navigation}<main><article>${sections.join('\n')}</article></main></body></html>`;
    expect(html.length).toBeGreaterThan(3_000_000);

    const { markdown } = extractFromHtml(html, 'https://huge.example/');
    expect(markdown).toContain('Section 0, paragraph 0: a generated sentence');
    expect(markdown).toContain('Section 999, paragraph 19: a generated sentence');
    expect(markdown).toContain('| Row 9 | 8991 | value |');
    expect(markdown).not.toContain('Page 250');
  }, 120_000);
});
