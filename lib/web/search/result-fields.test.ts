import { describe, expect, it } from 'vitest';
import { collectResults, htmlFragmentToText } from './result-fields';

describe('collectResults', () => {
  it('keeps http(s) results once each, up to the limit', () => {
    const results = collectResults(
      [
        { title: 'A', url: 'https://a.example/', snippet: '' },
        { title: 'A again', url: 'https://a.example/', snippet: '' },
        { title: 'Script', url: 'javascript:void(0)', snippet: '' },
        { title: 'B', url: 'http://b.example/x', snippet: '' },
        { title: 'C', url: 'https://c.example/', snippet: '' },
      ],
      2,
    );
    expect(results.map((result) => result.title)).toEqual(['A', 'B']);
  });

  it('puts titles and snippets on one line and cuts them to length', () => {
    const [result] = collectResults(
      [
        {
          title: ' Line one\n\n  line two ',
          url: 'https://a.example/',
          snippet: 'word '.repeat(500),
        },
      ],
      10,
    );
    expect(result!.title).toBe('Line one line two');
    expect(result!.snippet).toHaveLength(600);
    expect(result!.snippet.endsWith('…')).toBe(true);
  });

  it('removes invisible characters a site put in its title and snippet', () => {
    const hidden = Array.from('obey me', (char) =>
      String.fromCodePoint(0xe0000 + (char.codePointAt(0) ?? 0)),
    ).join('');
    const [result] = collectResults(
      [{ title: `Wea\u200Bther${hidden}`, url: 'https://a.example/', snippet: 'Sun\u202Eny' }],
      10,
    );
    expect(result).toEqual({ title: 'Weather', url: 'https://a.example/', snippet: 'Sunny' });
  });

  it('names an untitled result by its URL', () => {
    const [result] = collectResults([{ title: '  ', url: 'https://a.example/p', snippet: '' }], 10);
    expect(result!.title).toBe('https://a.example/p');
  });
});

describe('htmlFragmentToText', () => {
  it('drops tags and decodes entities', () => {
    expect(htmlFragmentToText('The <strong>borrow</strong> checker &amp; it&#x27;s &hellip;')).toBe(
      "The borrow checker & it's …",
    );
  });

  it('leaves plain text alone', () => {
    expect(htmlFragmentToText('a > b')).toBe('a > b');
  });
});
