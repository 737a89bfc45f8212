import { describe, expect, it } from 'vitest';
import { PIECE_LENGTH, paragraphPieces } from './paragraph-pieces';

const prose = (words: number) => Array.from({ length: words }, (_, i) => `word${i}`).join(' ');

describe('paragraphPieces', () => {
  it('cuts a long line of prose into pieces of about PIECE_LENGTH that join back into it', () => {
    const text = prose(200);
    const pieces = paragraphPieces(text);
    expect(pieces.length).toBeGreaterThan(5);
    expect(pieces.join(' ')).toBe(text);
    for (const piece of pieces.slice(0, -1)) {
      expect(piece.length).toBeGreaterThanOrEqual(PIECE_LENGTH);
      expect(piece.length).toBeLessThan(PIECE_LENGTH + 10);
    }
  });

  it('keeps its cuts where they were as the text grows', () => {
    const text = prose(200);
    const before = paragraphPieces(text.slice(0, 900));
    expect(paragraphPieces(text).slice(0, before.length - 1)).toEqual(before.slice(0, -1));
  });

  it('makes no cut after a character that may open a span', () => {
    for (const opener of ['*', '_', '~', '`', '[', '[a](', '<', '\\']) {
      const text = `${prose(10)} ${opener}${prose(200)}`;
      const pieces = paragraphPieces(text);
      expect(pieces.join(' ')).toBe(text);
      expect(pieces.at(-1), opener).toContain(opener);
      expect(pieces.length, opener).toBe(1);
    }
  });

  it('cuts after brackets that closed and made no link', () => {
    const text = `[m001] ${prose(10)} [a [b] c] ![d] ]e ${prose(200)}`;
    const pieces = paragraphPieces(text);
    expect(pieces.length).toBeGreaterThan(3);
    expect(pieces.join(' ')).toBe(text);
  });

  it('cuts a paragraph that ends in the line break before the next block', () => {
    const text = `${prose(200)}\n`;
    expect(paragraphPieces(text).length).toBeGreaterThan(5);
    expect(paragraphPieces(text).join(' ')).toBe(text);
  });

  it('keeps text of several lines, or not starting with a letter, whole', () => {
    for (const text of [
      `${prose(100)}\n${prose(100)}`,
      `# ${prose(200)}`,
      `1. ${prose(200)}`,
      `[a]: ${prose(200)}`,
      `[^1]: ${prose(200)}`,
    ]) {
      expect(paragraphPieces(text)).toEqual([text]);
    }
  });

  it('cuts only at a single space followed by a letter', () => {
    const text = `${'a'.repeat(PIECE_LENGTH)}  two spaces 3 digits (paren ok fine`;
    expect(paragraphPieces(text)).toEqual([
      `${'a'.repeat(PIECE_LENGTH)}  two`,
      'spaces 3 digits (paren ok fine',
    ]);
  });
});
