import { parseContentType } from './content-type';

/**
 * Decodes a response body the way browsers pick its encoding (WHATWG Encoding and HTML specs):
 * 1. a byte order mark (UTF-8, UTF-16LE, UTF-16BE) wins;
 * 2. else the Content-Type header's charset;
 * 3. else, for HTML, a `<meta charset>` or `<meta http-equiv content="...; charset=...">` in the
 *    first 1024 bytes (the HTML prescan, simplified to a pattern match);
 * 4. else UTF-8, with U+FFFD for invalid bytes.
 * A label TextDecoder does not know (a typo, a made-up name) falls through to the next rule.
 * TextDecoder knows every WHATWG encoding in Chrome and in Node with full ICU (windows-1251,
 * Shift_JIS, GBK, EUC-KR...), so no library is needed.
 */

type EncodingSource = 'bom' | 'header' | 'meta' | 'default';

export interface DecodedBody {
  text: string;
  /** The WHATWG name of the encoding used, e.g. "windows-1251", "shift_jis", "utf-8". */
  encoding: string;
  /** Which rule decided it. */
  source: EncodingSource;
}

export interface DecodeOptions {
  /** Look for a meta charset. Defaults to whether the Content-Type is HTML. */
  html?: boolean;
}

const PRESCAN_BYTES = 1024;

export function decodeBody(
  bytes: Uint8Array,
  contentTypeHeader: string | null | undefined,
  options: DecodeOptions = {},
): DecodedBody {
  const bom = encodingFromBom(bytes);
  if (bom) return decodeWith(bytes, bom, 'bom');

  const { mimeType, charset } = parseContentType(contentTypeHeader);
  const fromHeader = charset === undefined ? undefined : resolveEncoding(charset);
  if (fromHeader) return decodeWith(bytes, fromHeader, 'header');

  const html = options.html ?? (mimeType === 'text/html' || mimeType === 'application/xhtml+xml');
  if (html) {
    const fromMeta = encodingFromMeta(bytes);
    if (fromMeta) return decodeWith(bytes, fromMeta, 'meta');
  }
  return decodeWith(bytes, 'utf-8', 'default');
}

function decodeWith(bytes: Uint8Array, encoding: string, source: EncodingSource): DecodedBody {
  // The default `ignoreBOM: false` strips a BOM that matches the encoding.
  return { text: new TextDecoder(encoding).decode(bytes), encoding, source };
}

function encodingFromBom(bytes: Uint8Array): string | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  return undefined;
}

/** The WHATWG encoding name for a label, or `undefined` when the label is unknown. */
export function resolveEncoding(label: string): string | undefined {
  try {
    return new TextDecoder(label.trim()).encoding;
  } catch {
    // An unknown label, or one mapped to the "replacement" encoding, which TextDecoder refuses.
    return undefined;
  }
}

function encodingFromMeta(bytes: Uint8Array): string | undefined {
  // windows-1252 maps every byte to one character, so ASCII markup survives whatever the
  // real encoding is (the prescan is ASCII-only too).
  const head = new TextDecoder('windows-1252')
    .decode(bytes.subarray(0, PRESCAN_BYTES))
    .replace(/<!--[\s\S]*?(?:-->|$)/g, '');
  const pattern = /<meta\b[^>]*?\bcharset\s*=\s*["']?\s*([^\s"'>;/]+)/gi;
  for (const match of head.matchAll(pattern)) {
    const encoding = resolveEncoding(match[1]!);
    if (!encoding) continue;
    // The HTML spec: a meta tag cannot switch to UTF-16 (the bytes are evidently ASCII-based),
    // and x-user-defined means windows-1252.
    if (encoding === 'utf-16le' || encoding === 'utf-16be') return 'utf-8';
    if (encoding === 'x-user-defined') return 'windows-1252';
    return encoding;
  }
  return undefined;
}
