/**
 * Passage links (`#:~:text=`) built from a source's own words. The model's quote is only a
 * search key: it is looked for, word by word, in the text Gleaner stored for the source, and the
 * fragment is made from what the source says at that place, never from the quote itself.
 */

/** Words: runs of letters, digits and combining marks; each CJK character is a word of its own. */
const WORD = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|[\p{L}\p{N}\p{M}]+/gu;

interface Word {
  /** Lower-cased and NFKC-normalised, for comparing. */
  key: string;
  start: number;
  end: number;
}

function wordsOf(text: string): Word[] {
  return [...text.matchAll(WORD)].map((match) => ({
    key: match[0].normalize('NFKC').toLowerCase(),
    start: match.index,
    end: match.index + match[0].length,
  }));
}

/**
 * The page as a reader sees it, roughly: stored text is Markdown, so link and image syntax give
 * way to their text, and markup characters a page does not show are removed.
 */
function readableText(markdown: string): string {
  return markdown
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>\n]*>/g, ' ')
    .replace(/^[ \t]*(?:#{1,6}|>+|[-*+]|\d+\.)[ \t]+/gm, '')
    .replace(/[*_`|~\\]+/g, ' ');
}

function indexOfRun(words: readonly Word[], wanted: readonly string[], from = 0): number {
  outer: for (let start = from; start + wanted.length <= words.length; start++) {
    for (let offset = 0; offset < wanted.length; offset++) {
      if (words[start + offset]!.key !== wanted[offset]) continue outer;
    }
    return start;
  }
  return -1;
}

/** Passages longer than this many words link by their first and last words (textStart,textEnd). */
const WHOLE_PASSAGE_WORDS = 10;
const EDGE_WORDS = 4;

/**
 * Percent-encoding of one text-fragment term: everything encodeURIComponent encodes, and `-`
 * too, because `-` marks a prefix or suffix in the directive (`,` and `&` are already encoded).
 */
export function encodeFragmentTerm(term: string): string {
  return encodeURIComponent(term).replace(/-/g, '%2D');
}

/** The source's own text from one word to another, with its whitespace collapsed. */
function span(text: string, words: readonly Word[], first: number, last: number): string {
  return text.slice(words[first]!.start, words[last]!.end).replace(/\s+/g, ' ');
}

/**
 * The text directive for the passage the quote names in the source, or undefined when the source
 * does not say it. Short passages are sent whole; long ones as their first and last words, unless
 * the browser would then pick another range (the first words occur earlier in the page, or the
 * last words occur earlier inside the passage), in which case they too are sent whole.
 */
export function passageDirective(quote: string, sourceText: string): string | undefined {
  const wanted = wordsOf(quote).map((word) => word.key);
  if (wanted.length === 0) return undefined;
  const text = readableText(sourceText);
  const words = wordsOf(text);
  const at = indexOfRun(words, wanted);
  if (at < 0) return undefined;
  const last = at + wanted.length - 1;
  const whole = `text=${encodeFragmentTerm(span(text, words, at, last))}`;
  if (wanted.length <= WHOLE_PASSAGE_WORDS) return whole;
  const startKeys = wanted.slice(0, EDGE_WORDS);
  const endKeys = wanted.slice(-EDGE_WORDS);
  const endAt = last - EDGE_WORDS + 1;
  if (indexOfRun(words, startKeys) !== at || indexOfRun(words, endKeys, at + EDGE_WORDS) !== endAt)
    return whole;
  const start = encodeFragmentTerm(span(text, words, at, at + EDGE_WORDS - 1));
  const end = encodeFragmentTerm(span(text, words, endAt, last));
  return `text=${start},${end}`;
}

/**
 * The source's address opening at the quoted passage (any fragment it had is dropped), or
 * undefined when the quote is not in the source's stored text.
 */
export function passageUrl(url: string, quote: string, sourceText: string): string | undefined {
  const directive = passageDirective(quote, sourceText);
  if (!directive) return undefined;
  const hash = url.indexOf('#');
  return `${hash < 0 ? url : url.slice(0, hash)}#:~:${directive}`;
}
