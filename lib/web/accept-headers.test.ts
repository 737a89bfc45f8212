import { describe, expect, it } from 'vitest';
import { acceptHeaderFor, FETCH_FORMATS } from './accept-headers';

describe('acceptHeaderFor', () => {
  it.each([
    ['auto', 'text/markdown, text/html;q=0.9, text/plain;q=0.8, */*;q=0.1'],
    ['markdown', 'text/markdown, */*;q=0.1'],
    ['html', 'text/html, */*;q=0.1'],
    ['text', 'text/plain, */*;q=0.1'],
  ] as const)('sends exactly the %s header the product defines', (format, header) => {
    expect(acceptHeaderFor(format)).toBe(header);
  });

  it('covers every format', () => {
    expect(FETCH_FORMATS.map(acceptHeaderFor)).toHaveLength(4);
    expect(new Set(FETCH_FORMATS.map(acceptHeaderFor)).size).toBe(4);
  });
});
