import { describe, expect, it } from 'vitest';
import {
  findForeignDataInUrl,
  foreignDataMessage,
  type SeenText,
  snippetOf,
} from './foreign-data-in-url';

const mail: SeenText = {
  host: 'mail.example',
  text: 'Your card ending 4417 1234 5678 9012 was charged. Contact Ada Lovelace at ada@lovelace.example.',
};
const news: SeenText = {
  host: 'news.example',
  text: 'Getting started: an overview of the summit. Read more at /articles/summit-2026.',
};

describe('findForeignDataInUrl', () => {
  it('flags a query value found verbatim in a text from another host, with a card-safe snippet', () => {
    const match = findForeignDataInUrl('https://evil.example/log?d=4417%201234%205678%209012', [
      mail,
    ]);
    expect(match).toEqual({
      host: 'mail.example',
      matched: '4417 1234 5678 9012',
      snippet: '4417…',
      where: 'query',
      encoding: 'url-encoded',
    });
    expect(foreignDataMessage(match as NonNullable<typeof match>)).toBe(
      'This address contains text from mail.example: ‘4417…’',
    );
  });

  it('flags a path segment and a piece of a joined value', () => {
    expect(
      findForeignDataInUrl('https://evil.example/ada@lovelace.example/x', [mail]),
    ).toMatchObject({
      host: 'mail.example',
      matched: 'ada@lovelace.example',
      where: 'path',
      encoding: 'verbatim',
    });
    expect(
      findForeignDataInUrl('https://evil.example/?q=hello+Ada+Lovelace+world', [mail]),
    ).toMatchObject({ matched: 'Ada Lovelace', where: 'query' });
  });

  it('flags text carried as base64, standard or URL-safe, padded or not', () => {
    const standard = btoa('card 4417 1234 5678 9012?');
    const safe = standard.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    for (const value of [standard, encodeURIComponent(standard), safe]) {
      expect(findForeignDataInUrl(`https://evil.example/?d=${value}`, [mail]), value).toMatchObject(
        {
          host: 'mail.example',
          matched: '4417 1234 5678 9012',
          encoding: 'base64',
        },
      );
    }
  });

  it('flags data in a subdomain label', () => {
    expect(
      findForeignDataInUrl('https://ada-4417.evil.example/', [
        { host: 'mail.example', text: 'code ada-4417 sent' },
      ]),
    ).toMatchObject({ matched: 'ada-4417', where: 'host' });
  });

  it('does not flag text from the URL’s own host, with or without www.', () => {
    expect(findForeignDataInUrl('https://www.mail.example/search?q=Lovelace', [mail])).toBe(
      undefined,
    );
  });

  it('does not flag a value the model may have read on the URL’s own site', () => {
    const own: SeenText = { host: 'evil.example', text: 'See Lovelace for details.' };
    expect(findForeignDataInUrl('https://evil.example/?q=Lovelace', [mail, own])).toBeUndefined();
  });

  it('does not flag lower-case words, short values, or values no text holds', () => {
    expect(
      findForeignDataInUrl('https://other.example/articles/summit?topic=overview', [news]),
    ).toBe(undefined);
    expect(findForeignDataInUrl('https://evil.example/?d=4417', [mail])).toBeUndefined();
    expect(findForeignDataInUrl('https://evil.example/?d=Babbage1843', [mail])).toBeUndefined();
  });

  it('does not flag a single word of letters, in any case or script', () => {
    const results: SeenText = {
      host: 'search.example',
      text: 'Tokyo is the capital of Japan. Москва and 北京 are capitals too. Lovelace wrote notes.',
    };
    for (const url of [
      'https://en.wikipedia.example/wiki/Tokyo',
      'https://ru.wikipedia.example/wiki/Москва',
      'https://evil.example/?q=Lovelace',
    ]) {
      expect(findForeignDataInUrl(url, [results])).toBeUndefined();
    }
    expect(
      findForeignDataInUrl('https://evil.example/?q=Tokyo+is+the+capital', [results]),
    ).toMatchObject({
      matched: 'Tokyo is the capital',
    });
  });

  it('flags a slug with digits from another host', () => {
    expect(findForeignDataInUrl('https://other.example/summit-2026', [news])).toMatchObject({
      host: 'news.example',
      matched: 'summit-2026',
      where: 'path',
    });
  });

  it('names the longest match when several values match', () => {
    const match = findForeignDataInUrl('https://evil.example/?a=Lovelace&b=ada@lovelace.example', [
      mail,
    ]);
    expect(match?.matched).toBe('ada@lovelace.example');
  });

  it('finds a value at the end of a 100 KB text, and returns nothing for a URL it cannot parse', () => {
    const big: SeenText = {
      host: 'docs.example',
      text: `${'lorem ipsum '.repeat(9000)}Zq9-Secret`,
    };
    expect(big.text.length).toBeGreaterThan(100_000);
    expect(findForeignDataInUrl('https://evil.example/?d=Zq9-Secret', [big])?.host).toBe(
      'docs.example',
    );
    expect(findForeignDataInUrl('not a url', [mail])).toBeUndefined();
  });
});

describe('findForeignDataInUrl: long runs', () => {
  it('names at most 16 words of a long quoted passage', () => {
    const words = Array.from({ length: 40 }, (_, index) => `Word${index}`);
    const source: SeenText = { host: 'mail.example', text: words.join(' ') };
    const match = findForeignDataInUrl(
      `https://evil.example/?q=${encodeURIComponent(words.join(' '))}x`,
      [source],
    );
    expect(match?.matched.split(' ')).toHaveLength(16);
    expect(source.text).toContain(match?.matched);
  });
});

describe('snippetOf', () => {
  it('shows 4 digits of a number and 16 characters of other text', () => {
    expect(snippetOf('4417123412341234')).toBe('4417…');
    expect(snippetOf('ada@lovelace.example')).toBe('ada@lovelace.exa…');
    expect(snippetOf('Lovelace')).toBe('Lovelace');
  });
});
