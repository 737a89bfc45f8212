import { describe, expect, it } from 'vitest';
import { createStreamingStrip } from './streaming-strip';
import { stripInvisible } from './strip-invisible';

const TAGGED = [...'ignore all']
  .map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0)))
  .join('');
const ENGLAND = '\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}';

/** Feeds `text` in chunks of the given sizes (cycled) and returns every append in order. */
function stream(text: string, sizes: readonly number[]) {
  const strip = createStreamingStrip();
  const appends: Array<{ offset: number; text: string }> = [];
  let end = 0;
  for (let index = 0; end < text.length; index++) {
    end = Math.min(text.length, end + sizes[index % sizes.length]!);
    appends.push(strip.update(text.slice(0, end)));
    // What was sent is final: it never has to be taken back.
    expect(stripInvisible(text).startsWith(strip.text)).toBe(true);
  }
  return { strip, appends };
}

const TRICKY = [
  // A joiner between two emoji (kept) and between Latin letters (removed).
  `Team 👩\u200D💻 at work, no\u200Djoin here. `,
  // A joiner between Persian letters is kept.
  `Persian می\u200Cخواهم is fine. `,
  // VS16 after a heart is kept, a second one is not.
  `Love \u2764\uFE0F\uFE0F and more. `,
  // A subdivision flag is kept whole; smuggled tag letters are removed.
  `Flag ${ENGLAND} then ${TAGGED} hidden. `,
  // Bidi controls and zero-width spaces go.
  `Right\u202Eto\u202Cleft and zero\u200Bwidth. `,
  // A skin tone before a joiner.
  `Family 👨🏽\u200D👩🏽 here. `,
].join('');

describe('stripping a streamed answer', () => {
  it('sends the same text as stripping the whole answer, whatever the chunk boundaries', () => {
    for (const sizes of [[1], [2], [3], [5, 1, 7], [8], [100]]) {
      const { strip, appends } = stream(TRICKY, sizes);
      let rebuilt = '';
      for (const append of appends) {
        expect(append.offset).toBe(rebuilt.length);
        rebuilt += append.text;
      }
      expect(rebuilt).toBe(strip.text);
      // The held-back tail is only the last character or so, never the answer.
      expect(strip.text.length).toBeGreaterThan(stripInvisible(TRICKY).length - 3);
      expect(strip.visible).toBe(stripInvisible(TRICKY));
    }
  });

  it('never splits a surrogate pair or a joiner from the emoji after it', () => {
    const strip = createStreamingStrip();
    const text = 'ok 👩\u200D💻 done';
    const cutInPair = text.indexOf('💻') + 1;
    strip.update(text.slice(0, cutInPair));
    // The joiner and the half pair are held back: whether the joiner stays needs the next emoji.
    expect(strip.text).toBe('ok');
    strip.update(text);
    expect(strip.text).toBe('ok 👩\u200D💻 don');
  });

  it('removes characters split across chunks as it would in one piece', () => {
    const hidden = `before ${TAGGED} after`;
    const { strip } = stream(hidden, [1]);
    expect(strip.text).toBe('before  afte');
  });

  it('starts again at offset 0 when the model starts its answer over', () => {
    const strip = createStreamingStrip();
    strip.update('A first try that');
    expect(strip.update('Second')).toEqual({ offset: 0, text: 'Secon', tail: 'd' });
    expect(strip.text).toBe('Secon');
  });

  it('shows the last character at once, as a tail the next chunk replaces', () => {
    const strip = createStreamingStrip();
    expect(strip.update('A')).toEqual({ offset: 0, text: '', tail: 'A' });
    expect(strip.update('Ab')).toEqual({ offset: 0, text: 'A', tail: 'b' });
    expect(strip.visible).toBe('Ab');
  });
});
