import { inEnglish, type LocalText, local, localCount } from '../i18n/local-text';
import { parseContentType } from './content-type';

/**
 * Sorts a body into text, PDF or some other binary by its first bytes, the way browsers sniff
 * (WHATWG MIME Sniffing): magic numbers first, then a look for binary bytes. The Content-Type
 * header only names a binary the bytes do not identify; a server that labels a text file
 * `application/octet-stream` still gets it read as text.
 */

export type SniffResult =
  | { kind: 'text' }
  | { kind: 'pdf'; bytes: Uint8Array }
  | {
      kind: 'binary';
      /** What it is in words: "PNG image", "ZIP archive", "binary file (audio/mpeg)". */
      type: string;
      /** The refusal sentence for the model and the activity. */
      message: string;
      /** The same sentence stored with its message key, shown in the chosen language. */
      text: LocalText;
    };

export interface SniffOptions {
  /** The body's full size, when known (Content-Length); defaults to the bytes given. */
  sizeBytes?: number;
  /** The size is a lower bound: the body was cut at the byte cap. */
  sizeIsLowerBound?: boolean;
  /** Only the head was downloaded and the server sent no Content-Length: say no size. */
  sizeUnknown?: boolean;
}

const SAMPLE_BYTES = 512;

type Magic = { type: string; matches: (bytes: Uint8Array) => boolean };

const startsWith =
  (...signature: number[]) =>
  (bytes: Uint8Array) =>
    signature.every((byte, index) => bytes[index] === byte);
const ascii = (text: string) => Array.from(text, (character) => character.charCodeAt(0));
const asciiAt = (bytes: Uint8Array, offset: number, text: string) =>
  ascii(text).every((byte, index) => bytes[offset + index] === byte);

const MAGIC: Magic[] = [
  { type: 'PNG image', matches: startsWith(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a) },
  { type: 'JPEG image', matches: startsWith(0xff, 0xd8, 0xff) },
  {
    type: 'GIF image',
    matches: (bytes) => asciiAt(bytes, 0, 'GIF87a') || asciiAt(bytes, 0, 'GIF89a'),
  },
  {
    type: 'WebP image',
    matches: (bytes) => asciiAt(bytes, 0, 'RIFF') && asciiAt(bytes, 8, 'WEBP'),
  },
  { type: 'gzip archive', matches: startsWith(0x1f, 0x8b, 0x08) },
  { type: '7-Zip archive', matches: startsWith(0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c) },
  { type: 'RAR archive', matches: (bytes) => asciiAt(bytes, 0, 'Rar!\x1a\x07') },
  { type: 'WebAssembly module', matches: startsWith(0x00, 0x61, 0x73, 0x6d) },
  { type: 'executable (ELF)', matches: startsWith(0x7f, 0x45, 0x4c, 0x46) },
  { type: 'video (MP4)', matches: (bytes) => asciiAt(bytes, 4, 'ftyp') },
  { type: 'Ogg audio or video', matches: (bytes) => asciiAt(bytes, 0, 'OggS') },
];

/** Office files, EPUB and friends are ZIP archives; name them by header, else by their parts. */
function zipType(bytes: Uint8Array, mimeType: string): string {
  if (mimeType.includes('wordprocessingml')) return 'Word document (DOCX)';
  if (mimeType.includes('spreadsheetml')) return 'Excel workbook (XLSX)';
  if (mimeType.includes('presentationml')) return 'PowerPoint presentation (PPTX)';
  if (mimeType === 'application/epub+zip') return 'EPUB book';
  const head = new TextDecoder('windows-1252').decode(bytes.subarray(0, 4096));
  if (head.includes('mimetypeapplication/epub+zip')) return 'EPUB book';
  if (head.includes('word/')) return 'Word document (DOCX)';
  if (head.includes('xl/')) return 'Excel workbook (XLSX)';
  if (head.includes('ppt/')) return 'PowerPoint presentation (PPTX)';
  return 'ZIP archive';
}

export function sniffContent(
  bytes: Uint8Array,
  contentTypeHeader: string | null | undefined,
  options: SniffOptions = {},
): SniffResult {
  const { mimeType, charset } = parseContentType(contentTypeHeader);
  const binary = (type: string): SniffResult => {
    const text = binaryRefusal(
      type,
      options.sizeUnknown ? undefined : (options.sizeBytes ?? bytes.length),
      options.sizeIsLowerBound,
    );
    return { kind: 'binary', type, message: inEnglish(text), text };
  };

  if (isPdf(bytes, mimeType)) return { kind: 'pdf', bytes };
  if (startsWith(0x50, 0x4b, 0x03, 0x04)(bytes)) return binary(zipType(bytes, mimeType));
  const magic = MAGIC.find((candidate) => candidate.matches(bytes));
  if (magic) return binary(magic.type);

  if (looksBinary(bytes, charset)) return binary(typeFromHeader(mimeType));
  // A body the server calls arbitrary bytes is text only when it reads as text: without a charset
  // to decode it by, that means UTF-8 (or HTML, whose meta charset decides). Anything else would
  // reach the model as replacement characters. A body with no Content-Type at all may still be
  // legacy text (windows-1251 and the like), which the decoder's default handles as before.
  const opaque = mimeType === 'application/octet-stream';
  if (opaque && charset === undefined && !sniffsAsHtml(bytes) && !isUtf8(bytes)) {
    return binary(typeFromHeader(mimeType));
  }
  return { kind: 'text' };
}

const strictUtf8 = () => new TextDecoder('utf-8', { fatal: true });

/**
 * Whether the bytes are valid UTF-8. A sequence cut at the end is fine: the bytes may be only the
 * head of the body, or a body cut at the byte cap.
 */
function isUtf8(bytes: Uint8Array): boolean {
  try {
    strictUtf8().decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * The tags that make a body without a usable Content-Type HTML, from the WHATWG MIME Sniffing
 * rules for an unknown type: after leading whitespace, one of these, in any case, followed by a
 * space or `>`.
 */
const HTML_OPENINGS = [
  '<!doctype html',
  '<html',
  '<head',
  '<script',
  '<iframe',
  '<h1',
  '<div',
  '<font',
  '<table',
  '<a',
  '<style',
  '<title',
  '<b',
  '<body',
  '<br',
  '<p',
  '<!--',
].map(ascii);

/** Whitespace the sniffing rules skip: tab, line feed, form feed, carriage return, space. */
const LEADING_WHITESPACE = new Set([0x09, 0x0a, 0x0c, 0x0d, 0x20]);

/**
 * Whether a body starts like HTML, by the WHATWG MIME Sniffing patterns above. A UTF-8 byte
 * order mark before it is skipped too: browsers read such a file as HTML, and so do we.
 */
export function sniffsAsHtml(bytes: Uint8Array): boolean {
  let start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (start < bytes.length && LEADING_WHITESPACE.has(bytes[start] as number)) start++;
  return HTML_OPENINGS.some((opening) => {
    const matches = opening.every((byte, index) => {
      const actual = bytes[start + index];
      if (actual === undefined) return false;
      // ASCII letters compare without case (0x20 is the case bit); everything else exactly.
      const isLetter = byte >= 0x61 && byte <= 0x7a;
      return isLetter ? (actual | 0x20) === byte : actual === byte;
    });
    const next = bytes[start + opening.length];
    return matches && (next === 0x20 || next === 0x3e);
  });
}

function isPdf(bytes: Uint8Array, mimeType: string): boolean {
  if (asciiAt(bytes, 0, '%PDF-')) return true;
  // Readers accept a PDF header anywhere in the first 1024 bytes; only trust that when the
  // server says it is a PDF, so a text file that mentions "%PDF-" stays text.
  if (mimeType !== 'application/pdf') return false;
  return new TextDecoder('windows-1252').decode(bytes.subarray(0, 1024)).includes('%PDF-');
}

/**
 * Binary when the first 512 bytes hold a NUL or more than 10% control characters (other than
 * tab, newlines, form feed and escape). UTF-16 text is full of NULs, so a UTF-16 BOM or charset
 * means text.
 */
function looksBinary(bytes: Uint8Array, charset: string | undefined): boolean {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    return false;
  }
  if (charset && /^utf-?16/i.test(charset.trim())) return false;
  const sample = bytes.subarray(0, SAMPLE_BYTES);
  let control = 0;
  for (const byte of sample) {
    if (byte === 0) return true;
    const allowed =
      byte === 0x09 || byte === 0x0a || byte === 0x0c || byte === 0x0d || byte === 0x1b;
    if ((byte < 0x20 && !allowed) || byte === 0x7f) control += 1;
  }
  return sample.length > 0 && control / sample.length > 0.1;
}

function typeFromHeader(mimeType: string): string {
  if (mimeType === '' || mimeType === 'application/octet-stream') return 'binary file';
  if (mimeType.startsWith('image/')) return `image (${mimeType})`;
  if (mimeType.startsWith('audio/')) return `audio file (${mimeType})`;
  if (mimeType.startsWith('video/')) return `video (${mimeType})`;
  if (mimeType.startsWith('font/')) return `font (${mimeType})`;
  return `binary file (${mimeType})`;
}

export function binaryRefusal(
  type: string,
  sizeBytes: number | undefined,
  sizeIsLowerBound = false,
): LocalText {
  const article = /^[aeiou]/i.test(type) ? 'an' : 'a';
  if (sizeBytes === undefined) return local('binaryRefused', article, type);
  const size = sizeIsLowerBound ? local('sizeMoreThan', sizeText(sizeBytes)) : sizeText(sizeBytes);
  return local('binaryRefusedSized', article, type, size);
}

/**
 * "512 bytes", "48 KB", "3.2 MB": 1 KB is 1,024 bytes here, as in the byte caps. A stored
 * sentence, so it reads in the chosen language too ("3,2 МБ").
 */
export function sizeText(bytes: number): LocalText {
  if (bytes < 1024) return localCount('byteCount', bytes);
  if (bytes < 1024 * 1024) return local('sizeKilobytes', Math.round(bytes / 1024));
  const megabytes = bytes / (1024 * 1024);
  return local(
    'sizeMegabytes',
    megabytes >= 10 ? Math.round(megabytes) : Math.round(megabytes * 10) / 10,
  );
}
