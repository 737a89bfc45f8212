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

const TAG_START = 0xe0000;
const TAG_END = 0xe007f;
const CANCEL_TAG = 0xe007f;
const WAVING_BLACK_FLAG = 0x1f3f4;
const ZWNJ = 0x200c;
const ZWJ = 0x200d;

/**
 * A quick test so text without any candidate is returned as it is, without a copy. Built from a
 * string because, in a regex literal, Biome's noMisleadingCharacterClass rule takes these
 * characters for a character-plus-combining-mark sequence; each is looked for on its own.
 */
const ANY_CANDIDATE = new RegExp(
  '[\\u{E0000}-\\u{E007F}\\u202A-\\u202E\\u2066-\\u2069\\u200B-\\u200F\\u061C\\u2060-\\u2064' +
    '\\u206A-\\u206F\\uFEFF\\u180E\\uFFF9-\\uFFFB\\uFE00-\\uFE0F\\u{E0100}-\\u{E01EF}]',
  'u',
);

const ALWAYS_REMOVED = new Set<number>([
  0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069, 0x200e, 0x200f, 0x061c,
  0x200b, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0x206a, 0x206b, 0x206c, 0x206d, 0x206e, 0x206f,
  0xfeff, 0x180e, 0xfff9, 0xfffa, 0xfffb,
]);

const PICTOGRAPHIC = /\p{Extended_Pictographic}/u;
const EMOJI_MODIFIER = /\p{Emoji_Modifier}/u;
const LETTER_OR_MARK = /[\p{L}\p{M}]/u;
const LATIN_OR_COMMON = /[\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]/u;
const HAN = /\p{Script=Han}/u;

function isTag(code: number): boolean {
  return code >= TAG_START && code <= TAG_END;
}

function isVariationSelector(code: number): boolean {
  return (code >= 0xfe00 && code <= 0xfe0f) || (code >= 0xe0100 && code <= 0xe01ef);
}

function isTagLetterOrDigit(code: number): boolean {
  return (code >= 0xe0061 && code <= 0xe007a) || (code >= 0xe0030 && code <= 0xe0039);
}

/** Whether the tags from `index` on, after a 🏴, form a subdivision flag; returns its length. */
function subdivisionFlagLength(codes: readonly number[], index: number): number {
  let end = index;
  while (end < codes.length && isTagLetterOrDigit(codes[end] as number)) end++;
  const letters = end - index;
  if (letters >= 3 && letters <= 6 && codes[end] === CANCEL_TAG) return letters + 1;
  return 0;
}

/** The emoji a ZWJ joins may carry a skin-tone modifier or VS16 before the joiner. */
function emojiBefore(codes: readonly number[], index: number): boolean {
  let at = index - 1;
  while (at >= 0) {
    const code = codes[at] as number;
    const char = String.fromCodePoint(code);
    if (code === 0xfe0f || EMOJI_MODIFIER.test(char)) {
      at--;
      continue;
    }
    return PICTOGRAPHIC.test(char);
  }
  return false;
}

function emojiAfter(codes: readonly number[], index: number): boolean {
  const next = codes[index + 1];
  return next !== undefined && PICTOGRAPHIC.test(String.fromCodePoint(next));
}

function nonLatinLetter(code: number | undefined): boolean {
  if (code === undefined) return false;
  const char = String.fromCodePoint(code);
  return LETTER_OR_MARK.test(char) && !LATIN_OR_COMMON.test(char);
}

function keepJoiner(codes: readonly number[], index: number): boolean {
  const code = codes[index];
  if (code === ZWJ && emojiBefore(codes, index) && emojiAfter(codes, index)) return true;
  return nonLatinLetter(codes[index - 1]) && nonLatinLetter(codes[index + 1]);
}

export interface StripResult {
  text: string;
  /** How many characters (code points) were removed. */
  removed: number;
}

/** Like stripInvisible, and says how many characters went, so a caller can report it. */
export function stripInvisibleCounted(text: string): StripResult {
  if (!ANY_CANDIDATE.test(text)) return { text, removed: 0 };
  const codes = Array.from(text, (char) => char.codePointAt(0) as number);
  const kept: number[] = [];
  let removed = 0;
  for (let index = 0; index < codes.length; index++) {
    const code = codes[index] as number;
    if (code === WAVING_BLACK_FLAG) {
      const flag = subdivisionFlagLength(codes, index + 1);
      kept.push(code, ...codes.slice(index + 1, index + 1 + flag));
      index += flag;
      continue;
    }
    let keep = true;
    if (isTag(code) || ALWAYS_REMOVED.has(code)) {
      keep = false;
    } else if (code === ZWJ || code === ZWNJ) {
      keep = keepJoiner(codes, index);
    } else if (isVariationSelector(code)) {
      const previous = kept[kept.length - 1];
      const afterVisible =
        previous !== undefined && !isVariationSelector(previous) && previous !== ZWJ;
      keep =
        code >= 0xe0100
          ? afterVisible && HAN.test(String.fromCodePoint(previous as number))
          : afterVisible;
    }
    if (keep) kept.push(code);
    else removed++;
  }
  if (removed === 0) return { text, removed: 0 };
  let out = '';
  // In slices: String.fromCodePoint with a spread of 100 000 arguments would overflow the stack.
  for (let start = 0; start < kept.length; start += 4096) {
    out += String.fromCodePoint(...kept.slice(start, start + 4096));
  }
  return { text: out, removed };
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
