/**
 * Finds the configured API key inside something about to leave the extension for a site other
 * than the model endpoint: a URL to fetch, a search query, a tool call's JSON arguments. A page
 * that talks the model into putting the key there would otherwise get it, in whatever encoding
 * the page asked for; so each common encoding is looked for, not only the plain key.
 *
 * Pure and linear in the text's length: every check is a substring search.
 */
import type { MessageKey } from '../i18n/catalogs';
import { type LocalText, local } from '../i18n/local-text';

type SecretEncoding = 'plain' | 'url-encoded' | 'base64' | 'base64url' | 'hex';

export interface SecretFound {
  encoding: SecretEncoding;
}

/**
 * Keys shorter than this are not looked for: a key that short protects nothing, and its
 * encodings would turn up by chance in ordinary URLs.
 */
const MIN_SECRET_LENGTH = 8;

/** How many rounds of percent-decoding are undone; a double-encoded key is still found. */
const PERCENT_DECODE_ROUNDS = 3;

const encoder = new TextEncoder();
const lenientDecoder = new TextDecoder('utf-8', { fatal: false });

/**
 * Decodes every `%XX` escape, leaving malformed ones as they are (decodeURIComponent throws on
 * the first bad escape, which an attacker could place on purpose to hide the rest).
 */
export function percentDecode(text: string): string {
  if (!text.includes('%')) return text;
  const bytes: number[] = [];
  for (let index = 0; index < text.length; index++) {
    const char = text[index] as string;
    if (char === '%' && /^[0-9a-f]{2}$/i.test(text.slice(index + 1, index + 3))) {
      bytes.push(Number.parseInt(text.slice(index + 1, index + 3), 16));
      index += 2;
      continue;
    }
    const code = text.codePointAt(index) as number;
    const piece = String.fromCodePoint(code);
    for (const byte of encoder.encode(piece)) bytes.push(byte);
    index += piece.length - 1;
  }
  return lenientDecoder.decode(new Uint8Array(bytes));
}

function base64Of(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * The stretches of base64 text that the key's bytes alone decide, for each of the three byte
 * alignments the key can have inside a longer encoded value. Base64 turns every 3 bytes into 4
 * characters, so a key preceded by 1 or 2 other bytes encodes differently; and the characters at
 * either edge mix the key's bits with its neighbours'. Cutting those edge characters off leaves a
 * core that appears in any base64 text carrying the key: alone or inside other data, padded or
 * not.
 */
function base64Cores(secret: Uint8Array): string[] {
  const cores: string[] = [];
  for (let offset = 0; offset < 3; offset++) {
    const padded = new Uint8Array(offset + secret.length);
    padded.set(secret, offset);
    const encoded = base64Of(padded);
    const first = Math.ceil((8 * offset) / 6);
    const end = Math.floor((8 * (offset + secret.length)) / 6);
    cores.push(encoded.slice(first, end));
  }
  return cores;
}

function hexOf(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

interface Needles {
  plain: string;
  base64: string[];
  base64url: string[];
  hex: string;
}

function needlesFor(secret: string): Needles {
  const bytes = encoder.encode(secret);
  const base64 = base64Cores(bytes);
  return {
    plain: secret,
    base64,
    base64url: base64.map((core) => core.replaceAll('+', '-').replaceAll('/', '_')),
    hex: hexOf(bytes),
  };
}

/** Looks for the key's encodings in one form of the text (raw or after percent-decoding). */
function findIn(text: string, needles: Needles): SecretEncoding | undefined {
  if (text.includes(needles.plain)) return 'plain';
  if (needles.base64.some((core) => text.includes(core))) return 'base64';
  if (needles.base64url.some((core) => text.includes(core))) return 'base64url';
  if (text.toLowerCase().includes(needles.hex)) return 'hex';
  return undefined;
}

/** The text as written, then after each round of percent-decoding that changed it. */
function decodedForms(text: string): string[] {
  const forms = [text];
  let current = text;
  for (let round = 0; round < PERCENT_DECODE_ROUNDS; round++) {
    const next = percentDecode(current);
    if (next === current) break;
    forms.push(next);
    current = next;
  }
  return forms;
}

function usableSecret(apiKey: string): string | undefined {
  const secret = apiKey.trim();
  return secret.length >= MIN_SECRET_LENGTH ? secret : undefined;
}

function search(texts: readonly string[], secret: string): SecretFound | undefined {
  const needles = needlesFor(secret);
  for (const text of texts) {
    const [raw, ...decoded] = decodedForms(text);
    const asWritten = findIn(raw as string, needles);
    if (asWritten) return { encoding: asWritten };
    for (const form of decoded) {
      const found = findIn(form, needles);
      // Percent-decoding revealed it: the plain key behind escapes is "url-encoded"; a base64
      // or hex form whose characters were escaped keeps its own name.
      if (found) return { encoding: found === 'plain' ? 'url-encoded' : found };
    }
  }
  return undefined;
}

/**
 * Does this text (a search query, a header value, any string) carry the key? Returns how it was
 * encoded, or undefined. Keys shorter than MIN_SECRET_LENGTH are never found.
 */
export function findSecretInText(text: string, apiKey: string): SecretFound | undefined {
  const secret = usableSecret(apiKey);
  return secret === undefined ? undefined : search([text], secret);
}

/**
 * Does this URL carry the key, anywhere: path, query, fragment, user info or host? A host name
 * is lower-cased when a URL is parsed, so a key put in a subdomain is also looked for without
 * regard to case there (hex is always compared that way).
 */
export function findSecretInUrl(url: string, apiKey: string): SecretFound | undefined {
  const secret = usableSecret(apiKey);
  if (secret === undefined) return undefined;
  const found = search([url], secret);
  if (found) return found;
  let hostname: string;
  try {
    hostname = new URL(url).hostname;
  } catch {
    return undefined;
  }
  return hostname.includes(secret.toLowerCase()) ? { encoding: 'plain' } : undefined;
}

function collectStrings(value: unknown, into: string[]): void {
  if (typeof value === 'string') {
    into.push(value);
  } else if (Array.isArray(value)) {
    for (const item of value) collectStrings(item, into);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      into.push(key);
      collectStrings(item, into);
    }
  }
}

/**
 * Does a tool call's JSON arguments text carry the key? The raw text is searched, and so is
 * every string in it once parsed, since JSON escapes (`\u0073k-…`) can hide the key from a
 * search of the raw text. Text that is not JSON is searched as it is.
 */
export function findSecretInArguments(
  argumentsJson: string,
  apiKey: string,
): SecretFound | undefined {
  const secret = usableSecret(apiKey);
  if (secret === undefined) return undefined;
  const texts = [argumentsJson];
  try {
    collectStrings(JSON.parse(argumentsJson), texts);
  } catch {
    // Not JSON: the raw text alone is what would be sent.
  }
  return search(texts, secret);
}

const ENCODING_WORDS: Record<SecretEncoding, MessageKey> = {
  plain: 'secretAsItIs',
  'url-encoded': 'secretUrlEncoded',
  base64: 'secretBase64',
  base64url: 'secretBase64Url',
  hex: 'secretHex',
};

/** The request refused: a fetch's address, a search query, or a tool call's arguments. */
export type SecretRequest = 'address' | 'search' | { tool: string };

/**
 * The sentence for the model and the user when a request is refused because it carries the key
 * ("This address contains your API key (base64-encoded), so Gleaner refused to send it. …").
 */
export function secretInRequestText(request: SecretRequest, found: SecretFound): LocalText {
  const how = local(ENCODING_WORDS[found.encoding]);
  if (request === 'address') return local('secretInAddress', how);
  if (request === 'search') return local('secretInSearch', how);
  return local('secretInCall', request.tool, how);
}
