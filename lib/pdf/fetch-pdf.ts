/**
 * Downloads a PDF for reading, the way Gleaner fetches anything: no cookies or credentials
 * (`credentials: 'omit'`), no Referer, no redirects followed, a time limit for the whole
 * download and for silence between chunks, and a size cap. Runs in the offscreen document (or
 * Firefox's background page), where host permissions make cross-origin fetches possible.
 */

export type PdfDownload = { ok: true; bytes: Uint8Array } | { ok: false; reason: string };

export interface FetchPdfOptions {
  signal?: AbortSignal;
  fetch?: typeof fetch;
  /** Reads local files (`file:` URLs), which `fetch` does not support. */
  readLocalFile?: (url: string, signal?: AbortSignal) => Promise<Uint8Array>;
  maxBytes?: number;
  totalTimeoutMs?: number;
  idleTimeoutMs?: number;
}

/** PDFs run larger than web pages (scanned reports, slide decks); past this, refuse by name. */
const MAX_PDF_BYTES = 50 * 1024 * 1024;
const TOTAL_TIMEOUT_MS = 30_000;
const IDLE_TIMEOUT_MS = 15_000;

function mebibytes(bytes: number): string {
  return `${Math.round(bytes / 1024 / 1024)} MiB`;
}

export async function fetchPdfBytes(
  rawUrl: string,
  options: FetchPdfOptions = {},
): Promise<PdfDownload> {
  const maxBytes = options.maxBytes ?? MAX_PDF_BYTES;
  const totalSeconds = (options.totalTimeoutMs ?? TOTAL_TIMEOUT_MS) / 1000;
  const idleSeconds = (options.idleTimeoutMs ?? IDLE_TIMEOUT_MS) / 1000;
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return { ok: false, reason: `"${rawUrl}" is not a web address Gleaner can download.` };
  }
  if (url.username || url.password) {
    return { ok: false, reason: `Gleaner does not download addresses with credentials in them.` };
  }
  if (url.protocol === 'file:') {
    if (!options.readLocalFile) {
      return {
        ok: false,
        reason: 'Gleaner cannot read local PDF files (file://) in this browser.',
      };
    }
    try {
      const bytes = await options.readLocalFile(url.href, options.signal);
      if (bytes.length > maxBytes) {
        return {
          ok: false,
          reason: `The PDF is larger than ${mebibytes(maxBytes)}; Gleaner reads PDFs up to ${mebibytes(maxBytes)}.`,
        };
      }
      return { ok: true, bytes };
    } catch (error) {
      options.signal?.throwIfAborted();
      const message = error instanceof Error ? error.message : String(error);
      return { ok: false, reason: `Gleaner could not read the local file ${url.href}: ${message}` };
    }
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return {
      ok: false,
      reason: `Gleaner downloads PDFs only over http and https, not ${url.protocol}`,
    };
  }

  const controller = new AbortController();
  let stopped: string | undefined;
  let body: ReadableStreamDefaultReader<Uint8Array> | undefined;
  const stop = (reason: string) => {
    stopped ??= reason;
    controller.abort();
    // Ends a pending read even where aborting the request does not error its body.
    void body?.cancel().catch(() => undefined);
  };
  const onAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const total = setTimeout(
    () => stop(`The PDF download from ${url.host} took longer than ${totalSeconds} seconds.`),
    totalSeconds * 1000,
  );
  let idle: ReturnType<typeof setTimeout> | undefined;
  const resetIdle = () => {
    clearTimeout(idle);
    idle = setTimeout(
      () => stop(`${url.host} sent nothing for ${idleSeconds} seconds while sending the PDF.`),
      idleSeconds * 1000,
    );
  };

  try {
    options.signal?.throwIfAborted();
    resetIdle();
    const response = await (options.fetch ?? fetch)(url.href, {
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      redirect: 'manual',
      headers: { Accept: 'application/pdf, */*;q=0.1' },
      signal: controller.signal,
    });
    if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
      return {
        ok: false,
        reason: `${url.host} redirected the download of ${url.href} elsewhere, which usually means the PDF needs you to be signed in; Gleaner downloads without your cookies, so it cannot read this PDF.`,
      };
    }
    if (response.status === 401 || response.status === 403) {
      return {
        ok: false,
        reason: `${url.host} refused to send the PDF without your sign-in (HTTP ${response.status}); Gleaner downloads without your cookies, so it cannot read this PDF.`,
      };
    }
    if (!response.ok) {
      return { ok: false, reason: `${url.host} answered HTTP ${response.status} for ${url.href}.` };
    }
    const declared = Number(response.headers.get('content-length'));
    if (declared > maxBytes) {
      return {
        ok: false,
        reason: `The PDF is ${mebibytes(declared)}, larger than the ${mebibytes(maxBytes)} Gleaner reads.`,
      };
    }
    const chunks: Uint8Array[] = [];
    let length = 0;
    if (response.body) {
      const reader = response.body.getReader();
      body = reader;
      for (;;) {
        const { done, value } = await reader.read();
        if (stopped) return { ok: false, reason: stopped };
        options.signal?.throwIfAborted();
        if (done) break;
        resetIdle();
        length += value.length;
        if (length > maxBytes) {
          await reader.cancel();
          return {
            ok: false,
            reason: `The PDF is larger than ${mebibytes(maxBytes)}; Gleaner reads PDFs up to ${mebibytes(maxBytes)}.`,
          };
        }
        chunks.push(value);
      }
    }
    const bytes = new Uint8Array(length);
    let offset = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, offset);
      offset += chunk.length;
    }
    return { ok: true, bytes };
  } catch (error) {
    options.signal?.throwIfAborted();
    if (stopped) return { ok: false, reason: stopped };
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, reason: `Gleaner could not download the PDF from ${url.host}: ${message}` };
  } finally {
    clearTimeout(total);
    clearTimeout(idle);
    options.signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * Reads a `file:` URL with XMLHttpRequest: `fetch` refuses the scheme, while XHR from an
 * extension page works once the user has switched on "Allow access to file URLs" for the
 * extension (Chrome).
 */
export function readLocalFileWithXhr(url: string, signal?: AbortSignal): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('GET', url);
    request.responseType = 'arraybuffer';
    request.onload = () => {
      // Local files answer status 0 on success.
      if ((request.status === 0 || request.status === 200) && request.response) {
        resolve(new Uint8Array(request.response as ArrayBuffer));
      } else reject(new Error(`the browser answered status ${request.status}`));
    };
    request.onerror = () =>
      reject(new Error('the browser refused (is "Allow access to file URLs" on?)'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send();
  });
}
