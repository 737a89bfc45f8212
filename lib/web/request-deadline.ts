import { FetchTimeoutError } from './fetch-timeout-error';
import { systemTimers, type Timers } from './timers';

export interface RequestDeadline {
  /** Aborts when the caller's signal aborts (with its reason) or the time is up (with a
   *  `FetchTimeoutError` of limit `total`). Pass it to `fetch` and to the body reader. */
  signal: AbortSignal;
  /** Whether the deadline, not the caller, aborted the signal. */
  readonly expired: boolean;
  /** Stops the timer and detaches from the caller's signal. Call it when the request is over. */
  dispose(): void;
}

/** One deadline for a whole request: every redirect hop, the headers and the body. */
export function startRequestDeadline(options: {
  totalMs: number;
  url: string;
  signal?: AbortSignal;
  timers?: Timers;
}): RequestDeadline {
  const timers = options.timers ?? systemTimers;
  const controller = new AbortController();
  let expired = false;
  const onCallerAbort = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) onCallerAbort();
  else options.signal?.addEventListener('abort', onCallerAbort, { once: true });
  const timer = timers.setTimeout(() => {
    if (controller.signal.aborted) return;
    expired = true;
    controller.abort(new FetchTimeoutError('total', options.totalMs, options.url));
  }, options.totalMs);
  return {
    signal: controller.signal,
    get expired() {
      return expired;
    },
    dispose() {
      timers.clearTimeout(timer);
      options.signal?.removeEventListener('abort', onCallerAbort);
    },
  };
}
