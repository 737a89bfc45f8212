import { base64ToBytes } from './base64';
import type { PdfDownload } from './fetch-pdf';
import { isOffscreenMessage, offscreenRequestSchema } from './offscreen-protocol';
import type { PdfTextOptions, PdfTextResult } from './pdf-text';

export interface OffscreenHandlerDependencies {
  fetchPdf(url: string): Promise<PdfDownload>;
  pdfToText(bytes: Uint8Array, options?: PdfTextOptions): Promise<PdfTextResult>;
}

/** Who sent a runtime message: content scripts come with the tab they run in. */
export interface MessageSender {
  tab?: unknown;
}

/**
 * The offscreen document's message logic, kept out of the entrypoint so it can be tested.
 * Returns undefined for messages that are not for the offscreen document (another listener's
 * business, so the caller must not answer them), else a promise of the answer.
 *
 * Content scripts could send these messages too (they share the extension's runtime), and a
 * page can steer its content script; only the extension's own pages and worker are served.
 */
export function createOffscreenHandler(dependencies: OffscreenHandlerDependencies) {
  return (message: unknown, sender: MessageSender = {}): Promise<PdfTextResult> | undefined => {
    if (!isOffscreenMessage(message) || sender.tab !== undefined) return undefined;
    return answer(dependencies, message);
  };
}

async function answer(
  dependencies: OffscreenHandlerDependencies,
  message: unknown,
): Promise<PdfTextResult> {
  const parsed = offscreenRequestSchema.safeParse(message);
  if (!parsed.success) {
    return {
      ok: false,
      reason: `Gleaner's PDF reader got a request it does not understand: ${parsed.error.issues[0]?.message ?? 'invalid request'}.`,
    };
  }
  const request = parsed.data;
  try {
    let bytes: Uint8Array;
    if (request.url !== undefined) {
      const download = await dependencies.fetchPdf(request.url);
      if (!download.ok) return download;
      bytes = download.bytes;
    } else {
      bytes = base64ToBytes(request.bytesBase64 ?? '');
    }
    return await dependencies.pdfToText(bytes, { maxPages: request.maxPages });
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    return { ok: false, reason: `Gleaner could not read the PDF: ${text}` };
  }
}
