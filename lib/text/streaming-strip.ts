import { stripInvisible } from './strip-invisible';

/**
 * Text appended to a streamed answer: `text` goes at `offset` of what was sent before and is
 * final; `tail` is the cleaned rest of what arrived, shown for now and replaced by the next
 * append (it is usually a character or two).
 */
export interface StreamAppend {
  offset: number;
  text: string;
  tail: string;
}

export interface StreamingStrip {
  /**
   * Takes the answer's raw text so far and returns the cleaned text that became final since the
   * last call, and the tail after it. A text shorter than the one before (the model started
   * over) starts again at offset 0.
   */
  update(textSoFar: string): StreamAppend;
  /** The cleaned text that is final so far: what every append put together. */
  readonly text: string;
  /** The final text and the current tail: what is shown now. */
  readonly visible: string;
}

/**
 * True for a UTF-16 unit that stripInvisible never removes and never looks past: a character of
 * the Basic Multilingual Plane that is not a surrogate half and not one of the candidates
 * (bidi controls, zero-width and format characters, variation selectors). Emoji modifiers and
 * tag characters are astral, so they are never plain.
 */
function isPlain(code: number): boolean {
  if (code >= 0xd800 && code <= 0xdfff) return false;
  if (code < 0x061c) return true;
  return !(
    code === 0x061c ||
    code === 0x180e ||
    (code >= 0x200b && code <= 0x200f) ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2060 && code <= 0x2064) ||
    (code >= 0x2066 && code <= 0x206f) ||
    (code >= 0xfe00 && code <= 0xfe0f) ||
    code === 0xfeff ||
    (code >= 0xfff9 && code <= 0xfffb)
  );
}

/**
 * The last index after `from` where the text can be cut so that stripping each side on its own
 * gives the same as stripping the whole: both the unit before the cut and the unit after it are
 * plain. stripInvisible only judges a candidate by its neighbours (a joiner by the characters on
 * each side, a variation selector by the one before, a ZWJ by the emoji before it past skin tones
 * and VS16) and keeps a subdivision flag whole; a plain character on each side of the cut stops
 * all of these, and a surrogate pair is never split. Returns -1 when there is no such place.
 */
function lastSafeCut(text: string, from: number): number {
  for (let cut = text.length - 1; cut > from; cut--) {
    if (isPlain(text.charCodeAt(cut)) && isPlain(text.charCodeAt(cut - 1))) return cut;
  }
  return -1;
}

/**
 * Strips invisible characters from a streamed answer as it grows, in time proportional to what
 * arrived: each part between two safe cuts is stripped once and never changes afterwards, so
 * what was sent stays a prefix of the final cleaned text. The tail after the last safe cut (a
 * half surrogate pair, a joiner whose next character has not come yet) is held back until a
 * later chunk makes it final; stripInvisible of the whole answer is the sent text plus the
 * stripped tail.
 */
export function createStreamingStrip(): StreamingStrip {
  let raw = 0;
  let cleaned = '';
  let tail = '';
  return {
    update(textSoFar) {
      if (textSoFar.length < raw) {
        raw = 0;
        cleaned = '';
      }
      const offset = cleaned.length;
      // Searching back from the end costs only the new part: a cut is usually a character away.
      const cut = lastSafeCut(textSoFar, raw);
      let text = '';
      if (cut !== -1) {
        text = stripInvisible(textSoFar.slice(raw, cut));
        raw = cut;
        cleaned += text;
      }
      tail = stripInvisible(textSoFar.slice(raw));
      return { offset, text, tail };
    },
    get text() {
      return cleaned;
    },
    get visible() {
      return cleaned + tail;
    },
  };
}
