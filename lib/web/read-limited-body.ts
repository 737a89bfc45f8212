import { FetchTimeoutError } from './fetch-timeout-error';
import { systemTimers, type Timers } from './timers';

/**
 * Reads a response body as a stream, with a byte cap and an idle timeout (a 10 MiB body read as
 * a stream and cut off there; 15 s of silence between chunks). The overall
 * 30 s deadline comes in as `signal` (see `startRequestDeadline`): when it aborts, reading stops
 * and the signal's reason is thrown.
 */

export const DEFAULT_MAX_BODY_BYTES = 10 * 1024 * 1024;
export const DEFAULT_IDLE_TIMEOUT_MS = 15_000;
export const DEFAULT_TOTAL_TIMEOUT_MS = 30_000;

export interface ReadLimits {
  maxBytes?: number;
  idleTimeoutMs?: number;
  signal?: AbortSignal;
  /** For messages: the URL being read. */
  url?: string;
  timers?: Timers;
  /**
   * Looks at the body once at least `afterBytes` bytes are in (never, if the body is shorter:
   * the caller has all of it then); returning true stops the download there. Used to refuse a
   * binary body without downloading all of it.
   */
  inspectHead?: { afterBytes: number; stop: (head: Uint8Array) => boolean };
}

export interface LimitedBody {
  bytes: Uint8Array;
  /** The body went on past `maxBytes`; `bytes` holds the first `maxBytes`. */
  truncated: boolean;
  /** `inspectHead` stopped the download: `bytes` is only the head. */
  stoppedEarly?: boolean;
  /** The Content-Length the server declared, if any (it may exceed what was read). */
  declaredBytes?: number;
}

export async function readLimitedBody(
  response: Response,
  limits: ReadLimits = {},
): Promise<LimitedBody> {
  const maxBytes = limits.maxBytes ?? DEFAULT_MAX_BODY_BYTES;
  const idleTimeoutMs = limits.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
  const declaredBytes = declaredLength(response);
  const declared = declaredBytes === undefined ? {} : { declaredBytes };
  limits.signal?.throwIfAborted();
  if (!response.body) return { bytes: new Uint8Array(), truncated: false, ...declared };

  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  let truncated = false;
  let stoppedEarly = false;
  let headInspected = limits.inspectHead === undefined;
  try {
    while (true) {
      const next = await readWithin(reader, idleTimeoutMs, limits);
      if (next.done) break;
      if (received === maxBytes) {
        if (next.value.length === 0) continue;
        // The cap was reached exactly and the body goes on.
        truncated = true;
        break;
      }
      const room = maxBytes - received;
      const chunk = next.value.length > room ? next.value.subarray(0, room) : next.value;
      chunks.push(chunk);
      received += chunk.length;
      if (next.value.length > room) {
        truncated = true;
        break;
      }
      if (!headInspected && received >= limits.inspectHead!.afterBytes) {
        headInspected = true;
        stoppedEarly = limits.inspectHead!.stop(concat(chunks, received));
        if (stoppedEarly) break;
      }
      // At the cap: a declared length equal to it means the body is complete; else read once
      // more to learn whether it goes on.
      if (received === maxBytes && declaredBytes === maxBytes) break;
    }
  } finally {
    // Stops the download when we leave early (cap, timeout, abort); harmless once done.
    reader.cancel().catch(() => {});
  }
  return {
    bytes: concat(chunks, received),
    truncated,
    ...(stoppedEarly ? { stoppedEarly } : {}),
    ...declared,
  };
}

/** One `read()`, failing after `idleTimeoutMs` of silence or when the signal aborts. */
function readWithin(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  idleTimeoutMs: number,
  limits: ReadLimits,
): Promise<ReadableStreamReadResult<Uint8Array>> {
  const timers = limits.timers ?? systemTimers;
  const signal = limits.signal;
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (action: () => void) => {
      if (settled) return;
      settled = true;
      timers.clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      action();
    };
    const onAbort = () => finish(() => reject(signal?.reason));
    const timer = timers.setTimeout(
      () => finish(() => reject(new FetchTimeoutError('idle', idleTimeoutMs, limits.url))),
      idleTimeoutMs,
    );
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    reader.read().then(
      (result) => finish(() => resolve(result)),
      (error: unknown) => finish(() => reject(signal?.aborted ? signal.reason : error)),
    );
  });
}

function declaredLength(response: Response): number | undefined {
  const header = response.headers.get('content-length');
  if (header === null || !/^\s*\d+\s*$/.test(header)) return undefined;
  return Number(header);
}

function concat(chunks: Uint8Array[], length: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}
