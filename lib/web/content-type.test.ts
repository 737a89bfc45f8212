import { describe, expect, it } from 'vitest';
import { isHtmlType, isJsonType, isMarkdownType, parseContentType } from './content-type';

describe('parseContentType', () => {
  it.each([
    [null, { mimeType: '' }],
    ['', { mimeType: '' }],
    ['text/html', { mimeType: 'text/html' }],
    ['Text/HTML; Charset=Windows-1251', { mimeType: 'text/html', charset: 'Windows-1251' }],
    ['text/plain;charset="shift_jis"', { mimeType: 'text/plain', charset: 'shift_jis' }],
    [
      'application/json; foo=bar; charset=utf-8',
      { mimeType: 'application/json', charset: 'utf-8' },
    ],
    ['text/html; charset=', { mimeType: 'text/html' }],
    ['text/html; boundary', { mimeType: 'text/html' }],
  ])('reads %j', (header, expected) => {
    expect(parseContentType(header)).toEqual(expected);
  });
});

describe('type families', () => {
  it('knows HTML, markdown and JSON types', () => {
    expect(isHtmlType('application/xhtml+xml')).toBe(true);
    expect(isHtmlType('text/plain')).toBe(false);
    expect(isMarkdownType('text/x-markdown')).toBe(true);
    expect(isJsonType('application/ld+json')).toBe(true);
    expect(isJsonType('application/javascript')).toBe(false);
  });
});
