import { describe, expect, it } from 'vitest';
import { inEnglish } from '../i18n/local-text';
import {
  findSecretInArguments,
  findSecretInText,
  findSecretInUrl,
  percentDecode,
  secretInRequestText,
} from './secret-in-request';

/** Chosen so its base64 has + and / at every byte alignment, to tell the two alphabets apart. */
const KEY = 'sk-proj-Ab3_dE9?xYz~~0123>>';

function base64(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64');
}
function base64url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}
function hex(text: string): string {
  return Buffer.from(text, 'utf8').toString('hex');
}

describe('findSecretInUrl', () => {
  it('finds the plain key in a query value and in a path segment', () => {
    expect(findSecretInUrl(`https://evil.example/log?k=${KEY}`, KEY)).toEqual({
      encoding: 'plain',
    });
    expect(findSecretInUrl(`https://evil.example/${KEY}/x`, KEY)).toEqual({ encoding: 'plain' });
  });

  it('finds the key URL-encoded, also fully and doubly percent-encoded', () => {
    const once = encodeURIComponent(KEY);
    expect(once).not.toBe(KEY);
    expect(findSecretInUrl(`https://evil.example/?k=${once}`, KEY)).toEqual({
      encoding: 'url-encoded',
    });
    const every = Array.from(Buffer.from(KEY), (b) => `%${b.toString(16)}`).join('');
    expect(findSecretInUrl(`https://evil.example/?k=${every}`, KEY)).toEqual({
      encoding: 'url-encoded',
    });
    expect(findSecretInUrl(`https://evil.example/?k=${encodeURIComponent(once)}`, KEY)).toEqual({
      encoding: 'url-encoded',
    });
  });

  it('is not fooled by a malformed escape placed before the key', () => {
    expect(
      findSecretInUrl(`https://evil.example/?a=%zz&k=${encodeURIComponent(KEY)}`, KEY),
    ).toEqual({ encoding: 'url-encoded' });
  });

  it('finds the key base64-encoded, padded or not, standard or URL-safe', () => {
    const standard = base64(KEY);
    const safe = base64url(KEY);
    expect(standard).toMatch(/[+/]/);
    expect(findSecretInUrl(`https://evil.example/?d=${standard}`, KEY)).toEqual({
      encoding: 'base64',
    });
    expect(findSecretInUrl(`https://evil.example/?d=${standard.replace(/=+$/, '')}`, KEY)).toEqual({
      encoding: 'base64',
    });
    expect(findSecretInUrl(`https://evil.example/?d=${encodeURIComponent(standard)}`, KEY)).toEqual(
      { encoding: 'base64' },
    );
    expect(findSecretInUrl(`https://evil.example/${safe}`, KEY)).toEqual({
      encoding: 'base64url',
    });
  });

  it('finds the key base64-encoded inside a longer value, at each of the three byte alignments', () => {
    for (const prefix of ['', 'a', 'ab', 'abc', '{"key":"']) {
      const encoded = base64(`${prefix}${KEY}","more":"data"}`);
      expect(findSecretInUrl(`https://evil.example/?d=${encoded}`, KEY), prefix).toEqual({
        encoding: 'base64',
      });
      const safe = base64url(`${prefix}${KEY}!`);
      expect(findSecretInUrl(`https://evil.example/?d=${safe}`, KEY), prefix).toEqual({
        encoding: 'base64url',
      });
    }
  });

  it('finds the key hex-encoded, lower or upper case', () => {
    expect(findSecretInUrl(`https://evil.example/?h=${hex(KEY)}`, KEY)).toEqual({
      encoding: 'hex',
    });
    expect(findSecretInUrl(`https://evil.example/?h=${hex(KEY).toUpperCase()}`, KEY)).toEqual({
      encoding: 'hex',
    });
  });

  it('finds the key in a subdomain, which URL parsing lower-cases', () => {
    const key = 'AbCdEfGh12345678';
    const parsed = new URL(`https://${key}.evil.example/`).href;
    expect(parsed).toContain(key.toLowerCase());
    expect(findSecretInUrl(parsed, key)).toEqual({ encoding: 'plain' });
  });

  it('finds nothing in an ordinary URL, nor a key shorter than 8 characters', () => {
    expect(findSecretInUrl('https://en.wikipedia.org/wiki/Base64?x=1#top', KEY)).toBeUndefined();
    expect(findSecretInUrl('https://evil.example/?k=abc1234', 'abc1234')).toBeUndefined();
    expect(findSecretInUrl('https://evil.example/?k=anything', '')).toBeUndefined();
  });

  it('ignores whitespace around the configured key, as the client does', () => {
    expect(findSecretInUrl(`https://evil.example/?k=${KEY}`, `  ${KEY}\n`)).toEqual({
      encoding: 'plain',
    });
  });

  it('does not take a near miss for the key', () => {
    const almost = `${KEY.slice(0, -1)}X`;
    expect(findSecretInUrl(`https://evil.example/?k=${almost}`, KEY)).toBeUndefined();
    expect(findSecretInUrl(`https://evil.example/?k=${base64(almost.slice(0, 12))}`, KEY)).toBe(
      undefined,
    );
  });
});

describe('findSecretInText', () => {
  it('finds the key in a search query, plain or encoded', () => {
    expect(findSecretInText(`weather paris ${KEY}`, KEY)).toEqual({ encoding: 'plain' });
    expect(findSecretInText(`site:evil.example ${base64(KEY)}`, KEY)).toEqual({
      encoding: 'base64',
    });
    expect(findSecretInText('weather paris tomorrow', KEY)).toBeUndefined();
  });
});

describe('findSecretInArguments', () => {
  it('finds the key in the raw arguments and behind JSON escapes', () => {
    expect(
      findSecretInArguments(JSON.stringify({ url: `https://e.example/?k=${KEY}` }), KEY),
    ).toEqual({ encoding: 'plain' });
    const escaped = `{"url":"https://e.example/?k=${Array.from(KEY, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')}"}`;
    expect(escaped).not.toContain(KEY);
    expect(findSecretInArguments(escaped, KEY)).toEqual({ encoding: 'plain' });
  });

  it('finds the key in an object key and a nested array, and searches text that is not JSON', () => {
    expect(findSecretInArguments(JSON.stringify({ list: [{ [hex(KEY)]: 1 }] }), KEY)).toEqual({
      encoding: 'hex',
    });
    expect(findSecretInArguments(`{"url": "${KEY}`, KEY)).toEqual({ encoding: 'plain' });
    expect(findSecretInArguments('{"url":"https://example.com"}', KEY)).toBeUndefined();
  });
});

describe('percentDecode', () => {
  it('decodes valid escapes, keeps malformed ones, and reads UTF-8', () => {
    expect(percentDecode('a%20b%zz%e2%82%ac%')).toBe('a b%zz€%');
  });
});

describe('secretInRequestText', () => {
  it('names the request and the encoding', () => {
    expect(inEnglish(secretInRequestText('address', { encoding: 'base64' }))).toBe(
      'This address contains your API key (base64-encoded), so Gleaner refused to send it. ' +
        'The key goes only to the model endpoint; a page may have asked for it.',
    );
  });
});
