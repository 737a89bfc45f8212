import { describe, expect, it } from 'vitest';
import {
  capUtf8,
  FETCH_OUTPUT_MAX_BYTES,
  utf8ByteLength,
  WEB_FETCH_INLINE_MAX_BYTES,
} from './truncate-output';

const bytesOf = (text: string) => new TextEncoder().encode(text).length;

describe('capUtf8', () => {
  it('returns short text unchanged', () => {
    expect(capUtf8('hello', 5)).toEqual({ text: 'hello', truncated: false, originalBytes: 5 });
  });

  it('cuts ASCII at exactly the byte limit', () => {
    expect(capUtf8('abcdef', 4)).toEqual({ text: 'abcd', truncated: true, originalBytes: 6 });
  });

  it('never splits a two-byte Cyrillic letter', () => {
    // "привет" is 12 bytes; 5 bytes would split the third letter.
    const result = capUtf8('привет', 5);
    expect(result).toEqual({ text: 'пр', truncated: true, originalBytes: 12 });
  });

  it('never splits a three-byte CJK character', () => {
    const result = capUtf8('日本語', 7);
    expect(result.text).toBe('日本');
    expect(bytesOf(result.text)).toBe(6);
  });

  it('never splits a surrogate pair (a four-byte emoji)', () => {
    for (let max = 1; max <= 9; max += 1) {
      const result = capUtf8('a😀b😀', max);
      expect(result.text).not.toContain('\uFFFD');
      expect(bytesOf(result.text)).toBeLessThanOrEqual(max);
      expect(result.originalBytes).toBe(10);
    }
    expect(capUtf8('a😀b😀', 4).text).toBe('a');
    expect(capUtf8('a😀b😀', 5).text).toBe('a😀');
  });

  it('counts "100 KB" as 102,400 bytes of UTF-8, not characters', () => {
    expect(FETCH_OUTPUT_MAX_BYTES).toBe(102_400);
    expect(WEB_FETCH_INLINE_MAX_BYTES).toBe(50_000);
    const cyrillic = 'ж'.repeat(60_000); // 120,000 bytes but only 60,000 characters
    const result = capUtf8(cyrillic, FETCH_OUTPUT_MAX_BYTES);
    expect(result.truncated).toBe(true);
    expect(result.text.length).toBe(51_200);
    expect(bytesOf(result.text)).toBe(102_400);
    expect(result.originalBytes).toBe(120_000);
  });

  it('gives an empty text for a limit of zero', () => {
    expect(capUtf8('abc', 0)).toEqual({ text: '', truncated: true, originalBytes: 3 });
  });
});

describe('utf8ByteLength', () => {
  it('counts bytes, not UTF-16 code units', () => {
    expect(utf8ByteLength('a😀ж')).toBe(1 + 4 + 2);
  });
});
