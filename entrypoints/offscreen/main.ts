// Must come first: see lib/zod-setup.ts.
import '../../lib/zod-setup';
import { browser } from 'wxt/browser';
import { fetchPdfBytes, readLocalFileWithXhr } from '../../lib/pdf/fetch-pdf';
import { createOffscreenHandler } from '../../lib/pdf/offscreen-handler';
import { pdfToText } from '../../lib/pdf/pdf-text';
import { packagedPdfWorker } from '../../lib/pdf/pdf-worker';

/**
 * The offscreen document: a hidden extension page where the background's DOM- and
 * worker-bound jobs run (Chrome opens it with the offscreen API; Firefox's background page
 * loads it in an iframe). Today it reads PDFs. See lib/pdf/pdf-reader.ts.
 */
const handle = createOffscreenHandler({
  fetchPdf: (url) => fetchPdfBytes(url, { readLocalFile: readLocalFileWithXhr }),
  pdfToText: (bytes, options) => pdfToText(bytes, { ...options, worker: packagedPdfWorker() }),
});

browser.runtime.onMessage.addListener((message, sender, sendResponse) => {
  const reply = handle(message, sender);
  // Not ours: leave it to the other listeners.
  if (!reply) return false;
  void reply.then(sendResponse);
  return true;
});

// Firefox's background page calls this directly through the iframe (same origin).
window.gleanerOffscreen = { handle: (message) => handle(message) };
