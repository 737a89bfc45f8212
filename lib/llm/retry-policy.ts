import { LlmError } from './errors';

/**
 * Our retry policy for model requests (PRODUCT.md, Reliability): 429 and 5xx are retried after
 * 1 s, 2 s and 4 s, so a request is sent at most four times. The openai SDK's own retries are off
 * (`maxRetries: 0`) so the two never stack.
 */
const RETRY_DELAYS_MS: readonly number[] = [1000, 2000, 4000];

/** The longest Retry-After we wait for; above it the user is better told to come back later. */
const MAX_RETRY_AFTER_MS = 60_000;

export type RetryDecision = { retry: true; delayMs: number } | { retry: false; error: LlmError };

/**
 * Reads a Retry-After header: delay-seconds ("5", some servers send "1.5") or an HTTP date.
 * Returns milliseconds from `now`, 0 for a date in the past, undefined when absent or unreadable.
 */
export function parseRetryAfter(
  value: string | null | undefined,
  now: number = Date.now(),
): number | undefined {
  if (value == null) return undefined;
  const text = value.trim();
  if (text === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  // All three HTTP date forms start with a day name. Checking that keeps Date.parse, which is
  // lenient ("-3" parses as the year -3), from reading garbage as a date.
  if (!/^[A-Za-z]{3}/.test(text)) return undefined;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/** "61 s", "120 s (about 2 min)": seconds, as the provider said them, plus minutes when long. */
function formatWait(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  return seconds >= 120 ? `${seconds} s (about ${Math.round(seconds / 60)} min)` : `${seconds} s`;
}

/**
 * Decides what to do after attempt number `retriesDone + 1` failed with `error`.
 * Pure: the runner below does the waiting. Only `rate-limited` (429) and `server` (5xx) errors are
 * retried; auth, not-found, other 4xx, bad responses, aborts and cut streams fail at once.
 * An error that carries partial text is never retried: the user has seen that text, and a second
 * request would stream it again.
 */
export function decideRetry(error: LlmError, retriesDone: number): RetryDecision {
  const retryable = error.kind === 'rate-limited' || error.kind === 'server';
  if (!retryable || error.details.partialText) return { retry: false, error };

  const { retryAfterMs, status } = error.details;
  if (retryAfterMs !== undefined && retryAfterMs > MAX_RETRY_AFTER_MS) {
    const reason = status === 429 || status === undefined ? 'rate limited' : `HTTP ${status}`;
    return {
      retry: false,
      error: new LlmError(
        'rate-limited',
        `The provider asks to wait ${formatWait(retryAfterMs)} before the next request (${reason}); ` +
          `Gleaner waits at most ${MAX_RETRY_AFTER_MS / 1000} s. Try again later.`,
        error.details,
      ),
    };
  }

  const backoff = RETRY_DELAYS_MS[retriesDone];
  if (backoff === undefined) {
    const attempts = retriesDone + 1;
    return {
      retry: false,
      error: new LlmError(error.kind, `${error.message} Gleaner tried ${attempts} times.`, {
        ...error.details,
      }),
    };
  }
  return { retry: true, delayMs: retryAfterMs ?? backoff };
}

/** Waits `ms`; rejects when `signal` aborts. Injectable so tests run without real time passing. */
export type Sleep = (ms: number, signal: AbortSignal) => Promise<void>;

export function abortedError(partialText?: string): LlmError {
  return new LlmError('aborted', 'Stopped.', partialText === undefined ? {} : { partialText });
}

export const sleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) {
      reject(abortedError());
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortedError());
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });

export interface RetryEvent {
  /** The attempt that failed, from 1. */
  attempt: number;
  delayMs: number;
  error: LlmError;
}

export interface RetryOptions {
  signal: AbortSignal;
  sleep?: Sleep;
  /** Told before each wait, so the UI can say "retrying in 2 s". */
  onRetry?: (event: RetryEvent) => void;
}

/**
 * Rejects as soon as `signal` aborts, even if `sleep` (possibly injected) ignores the signal:
 * Stop must never wait out a backoff.
 */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(abortedError());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortedError());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/**
 * Runs `operation(attempt)` (attempt counts from 1) under the policy above.
 * The operation must throw an LlmError (see classify-error.ts) for the policy to apply; anything
 * else is a bug in our code and is rethrown as is, never retried.
 */
export async function withRetry<T>(
  operation: (attempt: number) => Promise<T>,
  options: RetryOptions,
): Promise<T> {
  const { signal, onRetry } = options;
  const wait = options.sleep ?? sleep;
  for (let attempt = 1; ; attempt++) {
    if (signal.aborted) throw abortedError();
    try {
      return await operation(attempt);
    } catch (error) {
      if (!(error instanceof LlmError)) throw error;
      const decision = decideRetry(error, attempt - 1);
      if (!decision.retry) throw decision.error;
      onRetry?.({ attempt, delayMs: decision.delayMs, error });
      await untilAborted(wait(decision.delayMs, signal), signal);
    }
  }
}
