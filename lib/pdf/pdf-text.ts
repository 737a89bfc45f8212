import {
  getDocument,
  type PDFDocumentProxy,
  type PDFWorker,
  VerbosityLevel,
} from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem, TextMarkedContent } from 'pdfjs-dist/types/src/display/api';

/**
 * What reading a PDF gives: its text with a `## Page N` heading per page (so the model can
 * cite pages), or a sentence saying why there is no text. Plain data, so it can cross
 * `runtime.sendMessage`.
 */
export type PdfTextResult =
  | {
      ok: true;
      text: string;
      /** Pages in the document. */
      pages: number;
      /** Pages whose text is in `text` (fewer than `pages` when `maxPages` cut it short). */
      pagesRead: number;
      /** The document's title from its metadata, when it has a real one. */
      title?: string;
      /** The document's language (`/Lang`), when declared. */
      lang?: string;
    }
  | { ok: false; reason: string };

export interface PdfTextOptions {
  /** Read at most this many pages; the text then says how many were left out. */
  maxPages?: number;
  signal?: AbortSignal;
  /**
   * A pdf.js worker to share between documents (see `pdf-worker.ts`). Without one, pdf.js
   * starts a worker per document, which costs about half a second in an extension page.
   */
  worker?: PDFWorker;
}

/** Enough for a long report or a book chapter; a 2,000-page manual would not fit a context anyway. */
const DEFAULT_MAX_PAGES = 500;

/** pdf.js finds the header anywhere in the first 1,024 bytes, and so do we (PDF 32000, 7.5.2). */
const HEADER_WINDOW = 1024;

const NO_TEXT_LAYER =
  'This PDF has no text layer (it is probably scanned images), so there is no text to read; Gleaner does not recognise text in images (OCR).';

/** True when the bytes look like a PDF: `%PDF-` within the first 1,024 bytes. */
export function looksLikePdf(bytes: Uint8Array): boolean {
  const window = bytes.subarray(0, HEADER_WINDOW);
  for (let index = 0; index + 5 <= window.length; index++) {
    if (
      window[index] === 0x25 && // %
      window[index + 1] === 0x50 && // P
      window[index + 2] === 0x44 && // D
      window[index + 3] === 0x46 && // F
      window[index + 4] === 0x2d // -
    ) {
      return true;
    }
  }
  return false;
}

/**
 * Extracts the text of a PDF with pdf.js. Runs wherever pdf.js runs: in Node (the legacy build
 * sets up its "fake worker" on the main thread by itself) and in an extension page, which must
 * pass the packaged worker (`packagedPdfWorker()` in `pdf-worker.ts`).
 * It cannot run in Chrome's service worker: pdf.js loads its worker with `new Worker` or a
 * dynamic `import()`, and the service worker allows neither.
 *
 * pdf.js takes ownership of `bytes` (in a browser the buffer is transferred to its worker and
 * left detached): pass a copy if you still need them.
 */
export async function pdfToText(
  bytes: Uint8Array,
  options: PdfTextOptions = {},
): Promise<PdfTextResult> {
  const { signal } = options;
  signal?.throwIfAborted();
  if (bytes.length === 0) return { ok: false, reason: 'The PDF is empty (0 bytes).' };
  if (!looksLikePdf(bytes)) {
    return {
      ok: false,
      reason: 'This file is not a PDF (it does not start with the "%PDF-" header).',
    };
  }

  const loadingTask = getDocument({
    data: bytes,
    ...(options.worker ? { worker: options.worker } : {}),
    // Extension pages forbid eval; pdf.js then interprets PDF functions instead of compiling them.
    isEvalSupported: false,
    // Text extraction needs no fonts loaded into the page, no wasm image decoders, no canvas.
    disableFontFace: true,
    useSystemFonts: false,
    useWasm: false,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    enableXfa: false,
    verbosity: VerbosityLevel.ERRORS,
  });
  const abort = () => void loadingTask.destroy();
  signal?.addEventListener('abort', abort, { once: true });

  let document: PDFDocumentProxy | undefined;
  try {
    document = await loadingTask.promise;
    signal?.throwIfAborted();
    const pages = document.numPages;
    const pagesRead = Math.min(pages, Math.max(1, options.maxPages ?? DEFAULT_MAX_PAGES));

    const sections: string[] = [];
    let lang: string | undefined;
    let characters = 0;
    for (let number = 1; number <= pagesRead; number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      signal?.throwIfAborted();
      lang ??= content.lang?.trim() || undefined;
      const text = joinTextItems(content.items);
      characters += text.replace(/\s/g, '').length;
      sections.push(
        `## Page ${number}\n\n${text || '(No text on this page: it may be an image.)'}`,
      );
      page.cleanup();
    }
    if (characters === 0) return { ok: false, reason: NO_TEXT_LAYER };
    if (pagesRead < pages) {
      sections.push(
        `(Only the first ${pagesRead} of ${pages} pages were read; the remaining ${pages - pagesRead} pages were left out.)`,
      );
    }
    const title = await readTitle(document);
    return {
      ok: true,
      text: sections.join('\n\n'),
      pages,
      pagesRead,
      ...(title ? { title } : {}),
      ...(lang ? { lang } : {}),
    };
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    return { ok: false, reason: explainPdfError(error) };
  } finally {
    signal?.removeEventListener('abort', abort);
    // Ends the document, and its pdf.js worker unless a shared one was passed in.
    await loadingTask.destroy().catch(() => undefined);
  }
}

/**
 * Joins pdf.js text items into lines. pdf.js already inserts the spaces it infers between
 * words and marks line ends with `hasEOL`; this trims the lines and keeps at most one blank
 * line between paragraphs.
 */
export function joinTextItems(items: ReadonlyArray<TextItem | TextMarkedContent>): string {
  let text = '';
  for (const item of items) {
    if (!('str' in item)) continue;
    text += item.str;
    if (item.hasEOL) text += '\n';
  }
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

async function readTitle(document: PDFDocumentProxy): Promise<string | undefined> {
  try {
    const { info, metadata } = await document.getMetadata();
    const fromXmp = metadata?.get('dc:title');
    const fromInfo = (info as { Title?: unknown }).Title;
    for (const candidate of [fromXmp, fromInfo]) {
      const title = typeof candidate === 'string' ? candidate.trim() : '';
      // Generators often leave placeholders such as "untitled" or "Microsoft Word - x.doc".
      if (title && !/^untitled$/i.test(title)) return title;
    }
  } catch {
    // A broken metadata stream must not cost the text; the caller falls back to the tab title.
  }
  return undefined;
}

/** A user-readable sentence for pdf.js's errors, which cross its worker by `name`. */
function explainPdfError(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  const message = error instanceof Error ? error.message : String(error);
  switch (name) {
    case 'PasswordException':
      return 'This PDF is protected by a password, so Gleaner cannot read its text.';
    case 'InvalidPDFException':
      return `This PDF is damaged or not a valid PDF, so Gleaner cannot read it (pdf.js: ${message}).`;
    case 'ResponseException':
    case 'UnknownErrorException':
      return `Gleaner could not read this PDF (pdf.js: ${message}).`;
    default:
      return `Gleaner could not read this PDF: ${message}`;
  }
}
