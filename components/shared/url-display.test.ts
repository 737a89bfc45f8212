import { describe, expect, it } from 'vitest';
import { decodePunycode, toUnicodeHost, toUnicodeOrigin, urlParts } from './url-display';

describe('urlParts', () => {
  it('sets the origin apart from the path, query and fragment', () => {
    expect(urlParts('https://Example.com:8443/a/b?q=1#top')).toEqual({
      scheme: 'https://',
      userinfo: '',
      host: 'example.com:8443',
      rest: '/a/b?q=1#top',
    });
  });

  it('shows an internationalised host as the URL parser gives it, and its Unicode form', () => {
    const parts = urlParts('https://bücher.example/katalog');
    expect(parts?.host).toBe('xn--bcher-kva.example');
    expect(parts?.unicodeHost).toBe('bücher.example');
  });

  it('recovers the Unicode form of a host already written in punycode', () => {
    const parts = urlParts('https://xn--pple-43d.com/login');
    expect(parts?.host).toBe('xn--pple-43d.com');
    // A Cyrillic "а": the card shows both forms, so it cannot pass for apple.com.
    expect(parts?.unicodeHost).toBe('\u0430pple.com');
  });

  it('gives no Unicode form for a plain ASCII host', () => {
    expect(urlParts('https://www.example.com/')?.unicodeHost).toBeUndefined();
  });

  it('keeps credentials apart so the real host is the one highlighted', () => {
    const parts = urlParts('https://google.com@evil.example/');
    expect(parts?.userinfo).toBe('google.com@');
    expect(parts?.host).toBe('evil.example');
  });

  it('returns undefined for text that is not a URL with a host', () => {
    expect(urlParts('not a url')).toBeUndefined();
    expect(urlParts('file:///home/me/notes.txt')).toBeUndefined();
  });
});

describe('toUnicodeHost', () => {
  it('decodes every punycode label and keeps the port', () => {
    expect(toUnicodeHost('xn--r8jz45g.xn--zckzah:8080')).toBe('例え.テスト:8080');
    expect(toUnicodeHost('shop.xn--mnchen-3ya.de')).toBe('shop.münchen.de');
  });

  it('decodes the host of a stored origin, keeping scheme and port', () => {
    expect(toUnicodeOrigin('https://xn--bcher-kva.example:8443')).toBe(
      'https://bücher.example:8443',
    );
    expect(toUnicodeOrigin('searxng')).toBe('searxng');
  });

  it('leaves a malformed label as written', () => {
    expect(toUnicodeHost('xn--!!.example')).toBe('xn--!!.example');
  });
});

describe('decodePunycode', () => {
  it("decodes labels to what Node's punycode encoder was given", () => {
    expect(decodePunycode('e1afmkfd')).toBe('пример');
    expect(decodePunycode('maana-pta')).toBe('mañana');
    expect(decodePunycode('pxac3bcak3d8526a')).toBe('ὀδυσσεύς');
  });
});
