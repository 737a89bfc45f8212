import { describe, expect, it } from 'vitest';
import { decodeBody, resolveEncoding } from './decode-body';

// Byte fixtures made by hand and checked with Python's codecs
// ('Привет, мир'.encode('cp1251'), '日本語のテキスト'.encode('shift_jis')).
const RUSSIAN_1251 = [0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2, 0x2c, 0x20, 0xec, 0xe8, 0xf0];
const JAPANESE_SJIS = [
  0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea, 0x82, 0xcc, 0x83, 0x65, 0x83, 0x4c, 0x83, 0x58, 0x83, 0x67,
];

const ascii = (text: string) => Array.from(text, (character) => character.charCodeAt(0));
const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? ascii(part) : part)));
const utf8 = (text: string) => new TextEncoder().encode(text);

describe('decodeBody', () => {
  it('decodes windows-1251 Russian named by the header', () => {
    expect(decodeBody(bytes(RUSSIAN_1251), 'text/plain; charset=windows-1251')).toEqual({
      text: 'Привет, мир',
      encoding: 'windows-1251',
      source: 'header',
    });
  });

  it('accepts any WHATWG label for it (cp1251, quoted, odd case)', () => {
    expect(decodeBody(bytes(RUSSIAN_1251), 'text/plain; charset="CP1251"').text).toBe(
      'Привет, мир',
    );
  });

  it('decodes Shift_JIS Japanese named by the header', () => {
    expect(decodeBody(bytes(JAPANESE_SJIS), 'text/plain; charset=Shift_JIS')).toMatchObject({
      text: '日本語のテキスト',
      encoding: 'shift_jis',
    });
  });

  it('uses <meta charset> in an HTML page whose header names none', () => {
    const page = bytes('<!doctype html><meta charset="windows-1251"><p>', RUSSIAN_1251, '</p>');
    expect(decodeBody(page, 'text/html')).toEqual({
      text: '<!doctype html><meta charset="windows-1251"><p>Привет, мир</p>',
      encoding: 'windows-1251',
      source: 'meta',
    });
  });

  it('uses <meta http-equiv content="...charset="> too', () => {
    const page = bytes(
      '<html><head><meta http-equiv="Content-Type" content="text/html; charset=shift_jis">',
      '</head><body>',
      JAPANESE_SJIS,
    );
    expect(decodeBody(page, 'text/html')).toMatchObject({
      encoding: 'shift_jis',
      source: 'meta',
    });
    expect(decodeBody(page, 'text/html').text).toContain('日本語のテキスト');
  });

  it('ignores a meta charset past the first 1024 bytes', () => {
    const page = bytes(' '.repeat(1024), '<meta charset="windows-1251">', RUSSIAN_1251);
    expect(decodeBody(page, 'text/html').source).toBe('default');
  });

  it('ignores a meta charset inside a comment', () => {
    const page = bytes('<!-- <meta charset="windows-1251"> -->', RUSSIAN_1251);
    expect(decodeBody(page, 'text/html').source).toBe('default');
  });

  it('looks for meta charset only in HTML', () => {
    const text = bytes('<meta charset="windows-1251">', RUSSIAN_1251);
    expect(decodeBody(text, 'text/plain').source).toBe('default');
    expect(decodeBody(text, null, { html: true }).encoding).toBe('windows-1251');
  });

  it('lets the header win over the meta tag', () => {
    const page = bytes('<meta charset="shift_jis">', RUSSIAN_1251);
    expect(decodeBody(page, 'text/html; charset=windows-1251').text).toContain('Привет, мир');
  });

  it('lets a BOM win over the header and the meta tag', () => {
    const page = bytes([0xef, 0xbb, 0xbf], Array.from(utf8('<meta charset="windows-1251">Привет')));
    expect(decodeBody(page, 'text/html; charset=windows-1251')).toEqual({
      text: '<meta charset="windows-1251">Привет',
      encoding: 'utf-8',
      source: 'bom',
    });
  });

  it('decodes UTF-16LE and UTF-16BE by their BOM', () => {
    const le = bytes([0xff, 0xfe, 0x1f, 0x04, 0x40, 0x04]); // "Пр"
    const be = bytes([0xfe, 0xff, 0x04, 0x1f, 0x04, 0x40]);
    expect(decodeBody(le, 'text/plain; charset=iso-8859-1')).toMatchObject({
      text: 'Пр',
      encoding: 'utf-16le',
    });
    expect(decodeBody(be, null)).toMatchObject({ text: 'Пр', encoding: 'utf-16be' });
  });

  it('falls through a bogus header label to the meta tag', () => {
    const page = bytes('<meta charset="windows-1251">', RUSSIAN_1251);
    expect(decodeBody(page, 'text/html; charset=no-such-charset')).toMatchObject({
      encoding: 'windows-1251',
      source: 'meta',
    });
  });

  it('falls through a bogus meta label to UTF-8', () => {
    const page = bytes(
      '<meta charset="klingon"><meta charset="also-bogus">',
      Array.from(utf8('ж')),
    );
    expect(decodeBody(page, 'text/html')).toMatchObject({ encoding: 'utf-8', source: 'default' });
  });

  it('decodes invalid UTF-8 with replacement characters', () => {
    expect(decodeBody(bytes('a', [0xff, 0xfe - 0x10], 'b'), 'text/plain')).toEqual({
      text: 'a\uFFFD\uFFFDb',
      encoding: 'utf-8',
      source: 'default',
    });
  });

  it('turns a meta charset of UTF-16 into UTF-8, as the HTML spec says', () => {
    const page = bytes('<meta charset="utf-16">', Array.from(utf8('ж')));
    expect(decodeBody(page, 'text/html')).toMatchObject({ text: '<meta charset="utf-16">ж' });
    expect(decodeBody(page, 'text/html').encoding).toBe('utf-8');
  });
});

describe('resolveEncoding', () => {
  it('maps labels to WHATWG names and refuses unknown ones', () => {
    expect(resolveEncoding(' latin1 ')).toBe('windows-1252');
    expect(resolveEncoding('x-sjis')).toBe('shift_jis');
    expect(resolveEncoding('gb2312')).toBe('gbk');
    expect(resolveEncoding('bogus')).toBeUndefined();
  });
});
