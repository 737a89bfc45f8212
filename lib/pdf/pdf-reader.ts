import { browser } from 'wxt/browser';
import { bytesToBase64 } from './base64';
import {
  OFFSCREEN_PATH,
  OFFSCREEN_TARGET,
  type OffscreenRequest,
  pdfTextResultSchema,
} from './offscreen-protocol';
import type { PdfTextResult } from './pdf-text';

/**
 * Reads PDFs from the background, which cannot run pdf.js itself: Chrome's service worker
 * forbids dynamic `import()` and has no way to start pdf.js's worker. The work happens in the
 * offscreen document (`entrypoints/offscreen/`): in Chrome through the offscreen API, in
 * Firefox (no offscreen API, but a background page with a DOM) in the same page loaded into a
 * hidden iframe. Either way no pdf.js code is in the background bundle.
 */

export type PdfSource = { url: string } | { bytes: Uint8Array };

export interface ReadPdfOptions {
  maxPages?: number;
  /** Aborting rejects with the signal's reason; the offscreen document finishes on its own. */
  signal?: AbortSignal;
  /** Whole read, download included. */
  timeoutMs?: number;
}

/** Where the offscreen page runs and how to talk to it. */
export interface OffscreenHost {
  /** Makes sure the page is loaded and listening. */
  ensure(): Promise<void>;
  send(message: OffscreenRequest): Promise<unknown>;
}

const READ_PDF_TIMEOUT_MS = 60_000;
/**
 * Chrome caps a runtime message at 64 MiB of JSON; base64 adds a third, so bytes are sent
 * only up to 40 MiB. Larger PDFs must be given by URL (downloaded by the offscreen page).
 */
const MAX_PDF_MESSAGE_BYTES = 40 * 1024 * 1024;

const RETRY_DELAY_MS = 200;
const RECEIVER_MISSING = /receiving end does not exist|could not establish connection/i;

export function createPdfReader(host: OffscreenHost | undefined) {
  return async function readPdf(
    source: PdfSource,
    options: ReadPdfOptions = {},
  ): Promise<PdfTextResult> {
    options.signal?.throwIfAborted();
    if (!host) {
      return {
        ok: false,
        reason:
          'This browser gives Gleaner no place to run its PDF reader (no offscreen documents and no background page).',
      };
    }
    let message: OffscreenRequest;
    if ('url' in source) {
      message = { target: OFFSCREEN_TARGET, type: 'pdf-text', url: source.url };
    } else {
      if (source.bytes.length > MAX_PDF_MESSAGE_BYTES) {
        return {
          ok: false,
          reason: `The PDF is larger than ${MAX_PDF_MESSAGE_BYTES / 1024 / 1024} MiB, more than Gleaner can hand to its PDF reader.`,
        };
      }
      message = {
        target: OFFSCREEN_TARGET,
        type: 'pdf-text',
        bytesBase64: bytesToBase64(source.bytes),
      };
    }
    if (options.maxPages !== undefined) message.maxPages = options.maxPages;

    const timeoutMs = options.timeoutMs ?? READ_PDF_TIMEOUT_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let onAbort: (() => void) | undefined;
    const timedOut = new Promise<PdfTextResult>((resolve) => {
      timer = setTimeout(
        () =>
          resolve({
            ok: false,
            reason: `Reading the PDF took longer than ${Math.round(timeoutMs / 1000)} seconds, so Gleaner gave up.`,
          }),
        timeoutMs,
      );
    });
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => reject(options.signal?.reason);
      options.signal?.addEventListener('abort', onAbort, { once: true });
    });
    try {
      return await Promise.race([exchange(host, message), timedOut, aborted]);
    } finally {
      clearTimeout(timer);
      if (onAbort) options.signal?.removeEventListener('abort', onAbort);
    }
  };
}

async function exchange(host: OffscreenHost, message: OffscreenRequest): Promise<PdfTextResult> {
  let reply: unknown;
  try {
    await host.ensure();
    try {
      reply = await host.send(message);
    } catch (error) {
      // The document can be gone (closed by the browser or a crash) or not listening yet: once
      // more, from a fresh document.
      if (!RECEIVER_MISSING.test(errorMessage(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
      await host.ensure();
      reply = await host.send(message);
    }
  } catch (error) {
    return { ok: false, reason: `Gleaner's PDF reader did not start: ${errorMessage(error)}` };
  }
  const parsed = pdfTextResultSchema.safeParse(reply);
  if (!parsed.success) {
    return {
      ok: false,
      reason:
        reply === undefined
          ? "Gleaner's PDF reader did not answer."
          : "Gleaner's PDF reader gave an answer Gleaner does not understand.",
    };
  }
  return parsed.data;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Chrome's offscreen API, as much of it as is used here. */
interface OffscreenApi {
  createDocument(parameters: {
    url: string;
    reasons: string[];
    justification: string;
  }): Promise<void>;
}

export interface ChromeHostDependencies {
  offscreen: OffscreenApi;
  /** True when our offscreen document is open (`runtime.getContexts`). */
  hasDocument(): Promise<boolean>;
  sendMessage(message: OffscreenRequest): Promise<unknown>;
}

/**
 * One offscreen document per extension, created on first use and shared by concurrent reads.
 * Another context (or a restarted worker) may create it between our check and our call: Chrome
 * then rejects with "Only a single offscreen document may be created", which means it is there.
 * https://developer.chrome.com/docs/extensions/reference/api/offscreen#method-createDocument
 */
export function chromeOffscreenHost(dependencies: ChromeHostDependencies): OffscreenHost {
  let creating: Promise<void> | undefined;
  return {
    async ensure() {
      if (await dependencies.hasDocument()) return;
      creating ??= dependencies.offscreen
        .createDocument({
          url: OFFSCREEN_PATH,
          // pdf.js parses in a web worker started by the page.
          reasons: ['WORKERS'],
          justification: 'Extract the text of PDF tabs and downloaded PDFs with pdf.js.',
        })
        .catch((error: unknown) => {
          if (!/single offscreen document/i.test(errorMessage(error))) throw error;
        })
        .finally(() => {
          creating = undefined;
        });
      await creating;
    },
    send: (message) => dependencies.sendMessage(message),
  };
}

/** What `entrypoints/offscreen/main.ts` puts on its window for a parent page to call. */
interface OffscreenWindowApi {
  handle(message: unknown): Promise<unknown> | undefined;
}

declare global {
  interface Window {
    gleanerOffscreen?: OffscreenWindowApi;
  }
}

/**
 * Firefox: the offscreen page in a hidden iframe of the background page, called directly
 * (same origin) rather than by runtime messages.
 */
function frameOffscreenHost(document: Document, pageUrl: string): OffscreenHost {
  let loading: Promise<Window> | undefined;
  const load = () =>
    new Promise<Window>((resolve, reject) => {
      const frame = document.createElement('iframe');
      frame.hidden = true;
      frame.addEventListener('load', () => {
        if (frame.contentWindow?.gleanerOffscreen) resolve(frame.contentWindow);
        else {
          frame.remove();
          reject(new Error('the PDF reader page loaded without its reader'));
        }
      });
      frame.src = pageUrl;
      (document.body ?? document.documentElement).append(frame);
    });
  return {
    async ensure() {
      loading ??= load().catch((error: unknown) => {
        loading = undefined;
        throw error;
      });
      await loading;
    },
    async send(message) {
      const frame = await (loading ?? Promise.reject(new Error('the PDF reader is not loaded')));
      return frame.gleanerOffscreen?.handle(message);
    },
  };
}

type RuntimeWithContexts = {
  getContexts?(filter: { contextTypes: string[]; documentUrls: string[] }): Promise<unknown[]>;
};

function defaultHost(): OffscreenHost | undefined {
  const offscreen = (browser as unknown as { offscreen?: OffscreenApi }).offscreen;
  const pageUrl = browser.runtime.getURL(OFFSCREEN_PATH);
  if (offscreen?.createDocument) {
    const runtime = browser.runtime as unknown as RuntimeWithContexts;
    return chromeOffscreenHost({
      offscreen,
      async hasDocument() {
        // Chrome 116+; without it, createDocument's "single offscreen document" error says it.
        if (!runtime.getContexts) return false;
        const contexts = await runtime.getContexts({
          contextTypes: ['OFFSCREEN_DOCUMENT'],
          documentUrls: [pageUrl],
        });
        return contexts.length > 0;
      },
      sendMessage: (message) => browser.runtime.sendMessage(message),
    });
  }
  if (typeof document !== 'undefined') return frameOffscreenHost(document, pageUrl);
  return undefined;
}

let sharedReader: ReturnType<typeof createPdfReader> | undefined;

/**
 * The text of a PDF, given by URL (downloaded without cookies by the offscreen page) or as
 * bytes; a sentence when it cannot be read. Call from the background.
 */
export function readPdf(source: PdfSource, options?: ReadPdfOptions): Promise<PdfTextResult> {
  sharedReader ??= createPdfReader(defaultHost());
  return sharedReader(source, options);
}
