import { describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64 } from './base64';

describe('base64', () => {
  it('round-trips every byte value, across chunk boundaries', () => {
    const bytes = new Uint8Array(70_000).map((_, index) => (index * 7) % 256);
    const text = bytesToBase64(bytes);
    expect(text).toBe(Buffer.from(bytes).toString('base64'));
    expect(Buffer.from(base64ToBytes(text)).equals(Buffer.from(bytes))).toBe(true);
  });

  it('refuses text that is not base64', () => {
    expect(() => base64ToBytes('%%%')).toThrow();
  });
});
