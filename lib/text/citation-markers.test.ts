import { describe, expect, it } from 'vitest';
import { findAnswerMarkers, findMarkers, renumberMarkers } from './citation-markers';

describe('citation markers', () => {
  it('finds numbered markers and the quoted words right before one', () => {
    const markers = findMarkers(
      'High water is at noon [1]. It says "the tide turns twice" [2][3].',
    );
    expect(markers.map(({ number, quote }) => ({ number, quote }))).toEqual([
      { number: 1, quote: undefined },
      { number: 2, quote: 'the tide turns twice' },
      { number: 3, quote: undefined },
    ]);
  });

  it('takes curly and guillemet quotes, and points at the marker itself', () => {
    const text = 'Он пишет «прилив в полдень» [4] and “ebb at six”[5]';
    const markers = findMarkers(text);
    expect(markers.map((marker) => marker.quote)).toEqual(['прилив в полдень', 'ebb at six']);
    expect(markers.map((marker) => text.slice(marker.index, marker.index + marker.length))).toEqual(
      ['[4]', '[5]'],
    );
  });

  it('ignores links, link definitions, zero and numbers inside code', () => {
    const markdown = [
      'See [1](https://example.test/) and [0].',
      '[2]: https://example.test/two',
      'Use `arr[3]` here.',
      '```',
      'x = y[4]',
      '```',
      'Real [5].',
    ].join('\n');
    expect(findAnswerMarkers(markdown).map((marker) => marker.number)).toEqual([5]);
  });

  it('renumbers markers it knows and leaves the others', () => {
    const map = new Map([
      [1, 4],
      [2, 7],
    ]);
    expect(renumberMarkers('"a b" [1], then [2][9] and `[1]`.', map)).toBe(
      '"a b" [4], then [7][9] and `[1]`.',
    );
  });
});
