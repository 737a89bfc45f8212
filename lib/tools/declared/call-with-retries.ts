import { systemTimers, type Timers } from '../../web/timers';

/** Seconds to wait before the 1st, 2nd and 3rd retry. */
const BACKOFF_SECONDS = [1, 2, 4] as const;

/** One attempt's line in the log: the tool, its arguments and the attempt, never its headers. */
export interface AttemptLog {
  tool: string;
  arguments: unknown;
  attempt: number;
  of: number;
  outcome: string;
}

export type AttemptResult<T> =
  | { kind: 'done'; value: T }
  /** Worth another attempt: a network error, a timeout, 429 or 5xx. */
  | { kind: 'retry'; reason: string }
  | { kind: 'fail'; reason: string };

export interface RetryOptions {
  tool: string;
  arguments: unknown;
  retries: number;
  timeoutMs: number;
  signal: AbortSignal;
  timers?: Timers;
  log?: (entry: AttemptLog) => void;
}

/** Attempts go to the worker's console as warnings, the level the extension logs at. */
function defaultLog(entry: AttemptLog): void {
  console.warn(
    `Gleaner tool ${entry.tool}, attempt ${entry.attempt} of ${entry.of}: ${entry.outcome}`,
    entry.arguments,
  );
}

function sleep(ms: number, timers: Timers, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const handle = timers.setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      timers.clearTimeout(handle);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Runs `attempt` until it is done, fails for good, or the retries are spent, with the backoff
 * of BACKOFF_SECONDS between attempts. Each attempt gets its own timeout (its signal aborts when
 * the timeout passes or the answer is stopped) and is logged with its number.
 */
export async function callWithRetries<T>(
  options: RetryOptions,
  attempt: (signal: AbortSignal) => Promise<AttemptResult<T>>,
): Promise<{ ok: true; value: T } | { ok: false; reason: string; attempts: number }> {
  const timers = options.timers ?? systemTimers;
  const log = options.log ?? defaultLog;
  const total = options.retries + 1;
  let reason = '';
  for (let number = 1; number <= total; number++) {
    if (number > 1) {
      await sleep(
        BACKOFF_SECONDS[Math.min(number - 2, BACKOFF_SECONDS.length - 1)]! * 1000,
        timers,
        options.signal,
      );
    }
    const controller = new AbortController();
    const onStop = () => controller.abort(options.signal.reason);
    options.signal.addEventListener('abort', onStop, { once: true });
    let timedOut = false;
    const timer = timers.setTimeout(() => {
      timedOut = true;
      controller.abort(new Error('timeout'));
    }, options.timeoutMs);
    let result: AttemptResult<T>;
    try {
      result = await attempt(controller.signal);
    } catch (error) {
      if (options.signal.aborted) throw options.signal.reason ?? error;
      result = timedOut
        ? { kind: 'retry', reason: `no answer within ${options.timeoutMs / 1000} s` }
        : {
            kind: 'retry',
            reason: `network error (${error instanceof Error ? error.message : String(error)})`,
          };
    } finally {
      timers.clearTimeout(timer);
      options.signal.removeEventListener('abort', onStop);
    }
    const base = { tool: options.tool, arguments: options.arguments, attempt: number, of: total };
    if (result.kind === 'done') {
      log({ ...base, outcome: 'done' });
      return { ok: true, value: result.value };
    }
    reason = result.reason;
    const last = result.kind === 'fail' || number === total;
    log({ ...base, outcome: last ? `failed: ${reason}` : `${reason}; trying again` });
    if (result.kind === 'fail') return { ok: false, reason, attempts: number };
  }
  return { ok: false, reason, attempts: total };
}
