import { createHash } from 'node:crypto';

/**
 * Writes small, valid PDF files by hand for the unit tests, so no binary fixture has to be
 * checked in. Each file is built from numbered objects written as Latin-1 text; the cross-
 * reference table gets the byte offset of every object, computed here while the file is
 * assembled (PDF 32000-1:2008, 7.5). Text is drawn with the non-embedded standard font
 * Helvetica, whose WinAnsi encoding maps the bytes written straight to Unicode, as in the
 * classic "Hello World" PDF.
 *
 * Encrypted files use the oldest standard security handler (revision 2, 40-bit RC4, 7.6.3),
 * because it needs only MD5 and RC4, both written or imported here.
 */

export interface PageSpec {
  /** Lines drawn top to bottom, each with its own text-showing operator. */
  lines?: string[];
  /** Extra content-stream operators, e.g. an inline image standing in for a scan. */
  extraContent?: string;
}

export interface PdfSpec {
  pages: PageSpec[];
  /** `/Title` in the document information dictionary. */
  title?: string;
  /** `/Lang` in the catalog. */
  lang?: string;
  /** Encrypts strings and streams with these passwords (user '' opens without asking). */
  encrypt?: { userPassword: string; ownerPassword: string };
}

/** Latin-1 string → bytes, one byte per character. */
export function latin1Bytes(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let index = 0; index < text.length; index++) bytes[index] = text.charCodeAt(index) & 0xff;
  return bytes;
}

function bytesToLatin1(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return text;
}

function hex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('hex').toUpperCase();
}

function pdfString(text: string): string {
  return `(${text.replace(/[\\()]/g, (character) => `\\${character}`)})`;
}

function md5(...parts: Uint8Array[]): Uint8Array {
  const hash = createHash('md5');
  for (const part of parts) hash.update(part);
  return new Uint8Array(hash.digest());
}

/** RC4 written out: OpenSSL 3 leaves it out of Node's default crypto provider. */
function rc4(key: Uint8Array, data: Uint8Array): Uint8Array {
  const state = Array.from({ length: 256 }, (_, index) => index);
  let j = 0;
  for (let i = 0; i < 256; i++) {
    j = (j + state[i]! + key[i % key.length]!) & 0xff;
    [state[i], state[j]] = [state[j]!, state[i]!];
  }
  const out = new Uint8Array(data.length);
  let i = 0;
  j = 0;
  for (let index = 0; index < data.length; index++) {
    i = (i + 1) & 0xff;
    j = (j + state[i]!) & 0xff;
    [state[i], state[j]] = [state[j]!, state[i]!];
    out[index] = data[index]! ^ state[(state[i]! + state[j]!) & 0xff]!;
  }
  return out;
}

// The padding string of the standard security handler (7.6.3.3, Algorithm 2, step a).
const PASSWORD_PADDING = Uint8Array.from([
  0x28, 0xbf, 0x4e, 0x5e, 0x4e, 0x75, 0x8a, 0x41, 0x64, 0x00, 0x4e, 0x56, 0xff, 0xfa, 0x01, 0x08,
  0x2e, 0x2e, 0x00, 0xb6, 0xd0, 0x68, 0x3e, 0x80, 0x2f, 0x0c, 0xa9, 0xfe, 0x64, 0x53, 0x69, 0x7a,
]);

function padPassword(password: string): Uint8Array {
  const padded = new Uint8Array(32);
  const bytes = latin1Bytes(password).subarray(0, 32);
  padded.set(bytes);
  padded.set(PASSWORD_PADDING.subarray(0, 32 - bytes.length), bytes.length);
  return padded;
}

interface Encryption {
  dictionary: string;
  fileId: Uint8Array;
  /** Encrypts one string or stream of object `number` (generation 0). */
  encrypt(number: number, data: Uint8Array): Uint8Array;
}

function revision2Encryption(userPassword: string, ownerPassword: string): Encryption {
  const permissions = -44; // Everything allowed except what revision 2 cannot express.
  const fileId = md5(latin1Bytes('gleaner test fixture'));
  const owner = rc4(md5(padPassword(ownerPassword)).subarray(0, 5), padPassword(userPassword));
  const permissionBytes = new Uint8Array(4);
  new DataView(permissionBytes.buffer).setInt32(0, permissions, true);
  const fileKey = md5(padPassword(userPassword), owner, permissionBytes, fileId).subarray(0, 5);
  const user = rc4(fileKey, PASSWORD_PADDING);
  return {
    dictionary: `<< /Filter /Standard /V 1 /R 2 /O <${hex(owner)}> /U <${hex(user)}> /P ${permissions} >>`,
    fileId,
    encrypt(number, data) {
      const objectSalt = Uint8Array.from([number & 0xff, (number >> 8) & 0xff, number >> 16, 0, 0]);
      return rc4(md5(fileKey, objectSalt).subarray(0, 10), data);
    },
  };
}

/** Joins numbered object bodies (object 1 first) into a PDF with a correct xref table. */
function assemblePdf(
  objects: string[],
  trailer: { root: number; info?: number; encrypt?: number; fileId?: Uint8Array },
): Uint8Array {
  let file = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(file.length);
    file += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xrefOffset = file.length;
  file += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) file += `${String(offset).padStart(10, '0')} 00000 n \n`;
  const entries = [`/Size ${objects.length + 1}`, `/Root ${trailer.root} 0 R`];
  if (trailer.info) entries.push(`/Info ${trailer.info} 0 R`);
  if (trailer.encrypt) entries.push(`/Encrypt ${trailer.encrypt} 0 R`);
  if (trailer.fileId) entries.push(`/ID [<${hex(trailer.fileId)}> <${hex(trailer.fileId)}>]`);
  file += `trailer\n<< ${entries.join(' ')} >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return latin1Bytes(file);
}

/** A PDF whose pages show the given lines in Helvetica 12 pt. */
export function makePdf(spec: PdfSpec): Uint8Array {
  const encryption = spec.encrypt
    ? revision2Encryption(spec.encrypt.userPassword, spec.encrypt.ownerPassword)
    : undefined;
  const seal = (number: number, data: string): string =>
    encryption ? bytesToLatin1(encryption.encrypt(number, latin1Bytes(data))) : data;

  // Objects: 1 catalog, 2 page tree, 3 font, then a page and its content stream per page,
  // then the information dictionary and the encryption dictionary when asked for.
  const objects: string[] = [];
  const pageNumbers = spec.pages.map((_, index) => 4 + index * 2);
  objects.push(
    `<< /Type /Catalog /Pages 2 0 R${spec.lang ? ` /Lang ${pdfString(spec.lang)}` : ''} >>`,
  );
  objects.push(
    `<< /Type /Pages /Kids [${pageNumbers.map((number) => `${number} 0 R`).join(' ')}] /Count ${spec.pages.length} >>`,
  );
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  spec.pages.forEach((page, index) => {
    const pageNumber = 4 + index * 2;
    const lines = page.lines ?? [];
    const text = lines.length
      ? `BT /F1 12 Tf 14 TL 72 720 Td ${lines.map((line) => `${pdfString(line)} Tj T*`).join(' ')} ET`
      : '';
    const content = seal(pageNumber + 1, [text, page.extraContent ?? ''].join('\n'));
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageNumber + 1} 0 R >>`,
    );
    objects.push(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
  });
  let info: number | undefined;
  if (spec.title !== undefined) {
    // Hex, not a literal string: encrypted bytes may hold line ends, which literals normalise.
    const title = hex(latin1Bytes(seal(objects.length + 1, spec.title)));
    objects.push(`<< /Title <${title}> /Producer (test) >>`);
    info = objects.length;
  }
  let encrypt: number | undefined;
  if (encryption) {
    objects.push(encryption.dictionary);
    encrypt = objects.length;
  }
  return assemblePdf(objects, { root: 1, info, encrypt, fileId: encryption?.fileId });
}

/**
 * A page with no text, only a 2×2 grey inline image scaled over the page: what a scanner
 * without OCR produces, in miniature.
 */
export const SCANNED_PAGE: PageSpec = {
  extraContent: 'q 468 0 0 648 72 72 cm BI /W 2 /H 2 /CS /G /BPC 8 ID \x20\x80\xc0\xff EI Q',
};
