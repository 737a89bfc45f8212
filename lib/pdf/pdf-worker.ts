import { GlobalWorkerOptions, PDFWorker, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';
// Vite copies the worker file into the build as it is (assets/pdf.worker.min-<hash>.mjs) and
// gives its URL: it is never bundled into our code, and never into the service worker.
import workerUrl from 'pdfjs-dist/legacy/build/pdf.worker.min.mjs?url';

let shared: PDFWorker | undefined;

/**
 * The pdf.js worker as packaged in the extension, started once per page and shared by every
 * document read there (pdf.js keeps documents apart by id). A worker of its own per document
 * costs ~0.6 s in the offscreen document (measured: Chromium 156, 2 cores); a shared one is not
 * ended by `loadingTask.destroy()`. Only for extension pages: in Node the legacy build runs its
 * worker code on the main thread without being told.
 *
 * The legacy build, not the modern one, because the modern build calls `Promise.try`,
 * `Uint8Array.fromBase64` and `Map.prototype.getOrInsertComputed` without polyfills, and
 * browsers gained those only recently (Firefox 128, our minimum, has none of them).
 */
export function packagedPdfWorker(): PDFWorker {
  GlobalWorkerOptions.workerSrc = workerUrl;
  if (!shared || shared.destroyed)
    shared = PDFWorker.create({ name: 'gleaner-pdf', verbosity: VerbosityLevel.ERRORS });
  return shared;
}
