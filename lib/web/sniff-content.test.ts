import { describe, expect, it } from 'vitest';
import { inEnglish } from '../i18n/local-text';
import { binaryRefusal, sizeText, sniffContent, sniffsAsHtml } from './sniff-content';

// Headers of real formats, written by hand from their specifications.
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48];
const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46];
const ascii = (text: string) => Array.from(text, (character) => character.charCodeAt(0));
const padded = (head: number[], size: number) => {
  const bytes = new Uint8Array(size);
  bytes.set(head);
  return bytes;
};
const text = (value: string) => new TextEncoder().encode(value);

describe('sniffContent', () => {
  it('refuses a PNG by its magic bytes, naming type and size', () => {
    expect(sniffContent(padded(PNG, 48 * 1024), 'image/png')).toMatchObject({
      kind: 'binary',
      type: 'PNG image',
      message: 'The URL returned a PNG image (48 KB), which Gleaner cannot read as text.',
    });
  });

  it.each([
    ['JPEG image', JPEG],
    ['GIF image', ascii('GIF89a\x01\x00')],
    ['GIF image', ascii('GIF87a\x01\x00')],
    ['WebP image', [...ascii('RIFF'), 0x24, 0, 0, 0, ...ascii('WEBPVP8 ')]],
    ['gzip archive', [0x1f, 0x8b, 0x08, 0x00]],
    ['ZIP archive', [0x50, 0x4b, 0x03, 0x04, ...ascii('\x14\x00\x00\x00readme.txt')]],
    ['Word document (DOCX)', [0x50, 0x4b, 0x03, 0x04, ...ascii('\x14\x00word/document.xml')]],
  ])('recognises a %s whatever the header says', (type, head) => {
    expect(sniffContent(padded(head, 2000), 'text/plain')).toMatchObject({ kind: 'binary', type });
  });

  it('names a DOCX by its Content-Type', () => {
    const docx = padded([0x50, 0x4b, 0x03, 0x04, ...ascii('[Content_Types].xml')], 3000);
    const result = sniffContent(
      docx,
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(result).toMatchObject({ type: 'Word document (DOCX)' });
    expect(result.kind === 'binary' && result.message).toBe(
      'The URL returned a Word document (DOCX) (3 KB), which Gleaner cannot read as text.',
    );
  });

  it('hands a PDF back with its bytes', () => {
    const pdf = text('%PDF-1.7\n%âãÏÓ\n1 0 obj');
    expect(sniffContent(pdf, 'application/octet-stream')).toEqual({ kind: 'pdf', bytes: pdf });
  });

  it('finds a PDF header after leading junk only when the server says PDF', () => {
    const pdf = text('\n\n%PDF-1.4\n');
    expect(sniffContent(pdf, 'application/pdf').kind).toBe('pdf');
    expect(sniffContent(text('Files start with %PDF-1.4'), 'text/plain').kind).toBe('text');
  });

  it('refuses unknown binary with NUL bytes, named by its header', () => {
    const bytes = padded([0x49, 0x44, 0x33, 0x04, 0x00], 700);
    expect(sniffContent(bytes, 'audio/mpeg')).toMatchObject({
      kind: 'binary',
      type: 'audio file (audio/mpeg)',
    });
    expect(sniffContent(bytes, null)).toMatchObject({ type: 'binary file' });
  });

  it('refuses bytes full of control characters', () => {
    const bytes = new Uint8Array(400).map((_, index) => (index % 5 === 0 ? 0x01 : 0x41));
    expect(sniffContent(bytes, 'application/octet-stream')).toMatchObject({ kind: 'binary' });
  });

  it.each([
    ['markdown', text('# Title\n\nSome *text*.\n'), 'text/markdown'],
    ['JSON', text('{"a": [1, 2, 3]}'), 'application/json'],
    ['HTML', text('<!doctype html><title>x</title>'), 'text/html'],
    ['Cyrillic in windows-1251', new Uint8Array([0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2]), null],
    [
      'text mislabelled as octet-stream',
      text('plain words\twith tabs\r\n'),
      'application/octet-stream',
    ],
    ['ANSI-coloured log', text('\x1b[31mred\x1b[0m\n'), 'text/plain'],
    ['UTF-16LE with a BOM', new Uint8Array([0xff, 0xfe, 0x41, 0x00, 0x42, 0x00]), 'text/plain'],
    [
      'UTF-16 named by charset',
      new Uint8Array([0x00, 0x41, 0x00, 0x42]),
      'text/plain; charset=utf-16be',
    ],
    ['an empty body', new Uint8Array(), 'text/plain'],
  ])('reads %s as text', (_label, bytes, contentType) => {
    expect(sniffContent(bytes, contentType)).toEqual({ kind: 'text' });
  });

  it('refuses an octet-stream body that is not valid UTF-8, instead of replacement characters', () => {
    // Compressed-looking bytes: no NUL, few control characters, but no text either.
    const bytes = new Uint8Array(600).map((_, index) => 0x80 + ((index * 37) % 0x7f));
    expect(sniffContent(bytes, 'application/octet-stream')).toMatchObject({
      kind: 'binary',
      type: 'binary file',
      message: 'The URL returned a binary file (600 bytes), which Gleaner cannot read as text.',
    });
    // The same bytes with a charset say how to read them.
    expect(sniffContent(bytes, 'application/octet-stream; charset=windows-1252').kind).toBe('text');
  });

  it('reads octet-stream UTF-8, even when the head was cut inside a character', () => {
    const whole = text('Grüße, 世界');
    expect(sniffContent(whole, 'application/octet-stream').kind).toBe('text');
    expect(sniffContent(whole.subarray(0, whole.length - 1), 'application/octet-stream').kind).toBe(
      'text',
    );
  });

  it('says "more than" when the body was cut at the cap', () => {
    const result = sniffContent(padded(PNG, 100), 'image/png', {
      sizeBytes: 10 * 1024 * 1024,
      sizeIsLowerBound: true,
    });
    expect(result.kind === 'binary' && result.message).toBe(
      'The URL returned a PNG image (more than 10 MB), which Gleaner cannot read as text.',
    );
  });
});

describe('binaryRefusal and sizeText', () => {
  it('leaves the size out when it is unknown', () => {
    expect(inEnglish(binaryRefusal('PNG image', undefined))).toBe(
      'The URL returned a PNG image, which Gleaner cannot read as text.',
    );
  });

  it('uses "an" before a vowel', () => {
    expect(inEnglish(binaryRefusal('EPUB book', 2048))).toBe(
      'The URL returned an EPUB book (2 KB), which Gleaner cannot read as text.',
    );
  });

  it.each([
    [1, '1 byte'],
    [512, '512 bytes'],
    [1024, '1 KB'],
    [49_152, '48 KB'],
    [3_355_443, '3.2 MB'],
    [10 * 1024 * 1024, '10 MB'],
  ])('formats %i as %s', (bytes, formatted) => {
    expect(inEnglish(sizeText(bytes))).toBe(formatted);
  });
});

describe('sniffsAsHtml', () => {
  it.each([
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<!-- generated -->',
    '<head>',
    '<body class="x">',
    '<div>',
    '<p>Hello',
    '<table>',
    '<script>',
    '<h1>Title',
    '<a href="/">',
    '<br>',
    '<font size=2>',
    '<b>bold',
    '<title>x</title>',
    '<iframe src="x">',
    '<style>',
    '  \n\t\r<DiV>',
    '\uFEFF<p>after a byte order mark',
  ])('recognises %j as HTML', (opening) => {
    expect(sniffsAsHtml(text(opening))).toBe(true);
  });

  it.each([
    '<?xml version="1.0"?>',
    '<abbr>',
    '<pre>',
    '<bx>',
    '<p',
    '<!--comment-->',
    'Hello <p>',
    '{"html": "<p>"}',
    '',
  ])('does not take %j for HTML', (opening) => {
    expect(sniffsAsHtml(text(opening))).toBe(false);
  });
});
