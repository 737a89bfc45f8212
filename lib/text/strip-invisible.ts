/**
 * Removes the characters a page can use to write text that a model reads but a person does not
 * see: Unicode tag characters (ASCII smuggled as U+E0000–E007F), bidi controls (which reorder what
 * is shown, so the screen and the model read different text), zero-width characters, and runs
 * of variation selectors (bytes smuggled after an emoji). Applied to everything a page can
 * influence before it reaches the model or the screen.
 *
 * What is removed:
 * - Tag characters U+E0000–E007F, except inside an emoji subdivision flag (🏴 + 3 to 6 tag
 *   letters or digits + CANCEL TAG, as in the flags of England, Scotland and Wales).
 * - Bidi controls: U+202A–202E (embeddings, overrides), U+2066–2069 (isolates), U+200E, U+200F
 *   (LRM, RLM) and U+061C (ALM). Mixed right-to-left text may then show neutral characters
 *   (punctuation, digits) on the other side in rare cases; the letters and their order in memory
 *   stay the same, which is what the model reads.
 * - Zero-width and other invisible format characters: U+200B (zero-width space), U+2060 (word
 *   joiner), U+FEFF (byte order mark, wherever it is: a decoder has already consumed a real one),
 *   U+180E, U+2061–2064 (invisible math operators), U+206A–206F (deprecated format controls),
 *   U+FFF9–FFFB (interlinear annotation).
 * - U+200D (ZWJ) and U+200C (ZWNJ), except where writing needs them: ZWJ between two emoji
 *   (👩‍💻, 🏳️‍🌈), and either of them between two letters or marks of a script other than Latin
 *   (Persian, Hindi, Malayalam spell words with them). A joiner between Latin letters, at an edge,
 *   or next to another invisible character is removed.
 * - Variation selectors: U+FE00–FE0F is kept once after a visible character (️ makes ❤ red), a
 *   second in a row is removed; U+E0100–E01EF is kept once after a Han ideograph (its only use),
 *   removed elsewhere.
 *
 * Kept on purpose: the soft hyphen U+00AD (it shows as a hyphen at a line break, and German or
 * Dutch text uses it legitimately), ordinary spaces and line breaks.
 */

const CANCEL_TAG = 0xe007f;
const ZWNJ = 0x200c;
const ZWJ = 0x200d;

/**
 * Every character this module may remove: tags, bidi controls, zero-width and format characters,
 * variation selectors. Joiners and variation selectors are then judged by their neighbours; all
 * the others go. Used first as a quick test, so text without any candidate is returned as it is. Built from a
 * string because, in a regex literal, Biome's noMisleadingCharacterClass rule takes these
 * characters for a character-plus-combining-mark sequence; each is looked for on its own.
 */
const ANY_CANDIDATE = new RegExp(
  '[\\u{E0000}-\\u{E007F}\\u202A-\\u202E\\u2066-\\u2069\\u200B-\\u200F\\u061C\\u2060-\\u2064' +
    '\\u206A-\\u206F\\uFEFF\\u180E\\uFFF9-\\uFFFB\\uFE00-\\uFE0F\\u{E0100}-\\u{E01EF}]',
  'u',
);

const PICTOGRAPHIC = /\p{Extended_Pictographic}/u;
const EMOJI_MODIFIER = /\p{Emoji_Modifier}/u;
const LETTER_OR_MARK = /[\p{L}\p{M}]/u;
const LATIN_OR_COMMON = /[\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]/u;
const HAN = /\p{Script=Han}/u;

function isVariationSelector(code: number): boolean {
  return (code >= 0xfe00 && code <= 0xfe0f) || (code >= 0xe0100 && code <= 0xe01ef);
}

/** The code point that ends just before `index` (a surrogate pair counts as one). */
function codePointBefore(text: string, index: number): number | undefined {
  if (index <= 0) return undefined;
  const low = text.charCodeAt(index - 1);
  if (low >= 0xdc00 && low <= 0xdfff && index >= 2) {
    const high = text.charCodeAt(index - 2);
    if (high >= 0xd800 && high <= 0xdbff) return text.codePointAt(index - 2);
  }
  return low;
}

/** The emoji a ZWJ joins may carry a skin-tone modifier or VS16 before the joiner. */
function emojiBefore(text: string, index: number): boolean {
  let at = index;
  while (at > 0) {
    const code = codePointBefore(text, at) as number;
    const char = String.fromCodePoint(code);
    if (code === 0xfe0f || EMOJI_MODIFIER.test(char)) {
      at -= char.length;
      continue;
    }
    return PICTOGRAPHIC.test(char);
  }
  return false;
}

function nonLatinLetter(code: number | undefined): boolean {
  if (code === undefined) return false;
  const char = String.fromCodePoint(code);
  return LETTER_OR_MARK.test(char) && !LATIN_OR_COMMON.test(char);
}

/** `index` is the joiner's position in `text`; a joiner is one UTF-16 unit long. */
function keepJoiner(text: string, index: number, code: number): boolean {
  const next = text.codePointAt(index + 1);
  const nextIsEmoji = next !== undefined && PICTOGRAPHIC.test(String.fromCodePoint(next));
  if (code === ZWJ && nextIsEmoji && emojiBefore(text, index)) return true;
  return nonLatinLetter(codePointBefore(text, index)) && nonLatinLetter(next);
}

/**
 * A subdivision flag (kept whole), or one candidate character. Built from a string for the same
 * reason as ANY_CANDIDATE.
 */
const FLAG_OR_CANDIDATE = new RegExp(
  `(\\u{1F3F4}[\\u{E0030}-\\u{E0039}\\u{E0061}-\\u{E007A}]{3,6}\\u{E007F})|${ANY_CANDIDATE.source}`,
  'gu',
);

export interface StripResult {
  text: string;
  /** How many characters (code points) were removed. */
  removed: number;
}

/**
 * Like stripInvisible, and says how many characters went, so a caller can report it. Only the
 * candidate characters are visited (one regex pass), so ordinary text costs one scan.
 */
export function stripInvisibleCounted(text: string): StripResult {
  if (!ANY_CANDIDATE.test(text)) return { text, removed: 0 };
  let removed = 0;
  // The last character kept before the current one: a variation selector counts only after a
  // visible character, and runs of candidates are judged by what survives of them.
  let lastEnd = 0;
  let keptBefore: number | undefined;
  const cleaned = text.replace(
    FLAG_OR_CANDIDATE,
    (match: string, flag: string | undefined, offset: number) => {
      const previous = offset > lastEnd ? codePointBefore(text, offset) : keptBefore;
      lastEnd = offset + match.length;
      if (flag !== undefined) {
        keptBefore = CANCEL_TAG;
        return match;
      }
      const code = match.codePointAt(0) as number;
      let keep = false;
      if (code === ZWJ || code === ZWNJ) {
        keep = keepJoiner(text, offset, code);
      } else if (isVariationSelector(code)) {
        const afterVisible =
          previous !== undefined &&
          !isVariationSelector(previous) &&
          previous !== ZWJ &&
          previous !== ZWNJ;
        keep =
          code >= 0xe0100
            ? afterVisible && HAN.test(String.fromCodePoint(previous as number))
            : afterVisible;
      }
      // Everything else that matched is a tag, a bidi control or a zero-width character.
      if (keep) {
        keptBefore = code;
        return match;
      }
      keptBefore = previous;
      removed++;
      return '';
    },
  );
  return removed === 0 ? { text, removed: 0 } : { text: cleaned, removed };
}

/** The text without invisible characters (see the list above); ordinary text comes back as is. */
export function stripInvisible(text: string): string {
  return stripInvisibleCounted(text).text;
}

/**
 * The same for a JSON-like value (a tool result, search results, metadata): every string in it,
 * object keys included, is cleaned; numbers, booleans and null stay; arrays and plain objects are
 * copied. Other objects (a Date, a Map) are returned as they are: they are not page text.
 */
export function stripInvisibleDeep<T>(value: T): T {
  return walk(value) as T;
}

function walk(value: unknown): unknown {
  if (typeof value === 'string') return stripInvisible(value);
  if (Array.isArray(value)) return value.map(walk);
  if (value !== null && typeof value === 'object') {
    const prototype = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null) return value;
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) copy[stripInvisible(key)] = walk(item);
    return copy;
  }
  return value;
}
