import { describe, expect, it } from 'vitest';
import { isSameHostRedirect } from './redirect-rule';

describe('isSameHostRedirect', () => {
  it.each([
    ['https://example.com/a', 'https://example.com/b?c=1'],
    ['https://Example.com/a', 'https://example.com./b'],
    ['http://example.com/a', 'https://example.com/a'],
    ['http://127.0.0.1:8080/a', 'http://127.0.0.1:8080/b'],
    ['https://example.com:443/a', 'https://example.com/b'],
  ])('follows %s → %s', (from, to) => {
    expect(isSameHostRedirect(from, to)).toBe(true);
  });

  it.each([
    ['https://example.com/a', 'https://www.example.com/a', 'www. is another host'],
    ['https://example.com/a', 'https://evil.io/a', 'another host'],
    ['https://example.com/a', 'https://example.com.evil.io/a', 'a lookalike'],
    ['https://example.com/a', 'https://example.com:8443/a', 'another port'],
    ['https://example.com/a', 'http://example.com/a', 'a downgrade'],
    ['http://example.com:8080/a', 'https://example.com/a', 'an upgrade off the default port'],
    ['http://127.0.0.1:8080/a', 'http://127.0.0.1:8081/a', 'another local port'],
  ])('stops at %s → %s (%s)', (from, to) => {
    expect(isSameHostRedirect(from, to)).toBe(false);
  });
});
