import type { StreamAppend } from '../text/streaming-strip';

/** An append as it goes to the panel: `at` is when its first text arrived from the model. */
export type TimedAppend = StreamAppend & { at: number };

export interface AppendCoalescer {
  push(append: StreamAppend): void;
  /** Sends what is pending now (the stream ended). */
  flush(): void;
}

/**
 * Sends a streamed answer's appends at most once per `everyMs`, joined: a model that sends a
 * token every millisecond would otherwise cost a Port message per token in the worker and in
 * every panel, while the panel draws at most once per frame anyway. The first append after a
 * quiet spell goes at once, so a slow stream is not delayed at all.
 */
export function coalesceAppends(
  send: (append: TimedAppend) => void,
  everyMs: number,
  now: () => number = Date.now,
): AppendCoalescer {
  let pending: TimedAppend | undefined;
  let lastSent = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function flush() {
    clearTimeout(timer);
    timer = undefined;
    if (!pending) return;
    const append = pending;
    pending = undefined;
    lastSent = now();
    send(append);
  }

  return {
    push(append) {
      if (pending && append.offset === pending.offset + pending.text.length) {
        pending = { ...pending, text: pending.text + append.text, tail: append.tail };
      } else {
        // The first pending append, or the model started over: this one replaces from its offset.
        pending = { ...append, at: pending?.at ?? now() };
      }
      const since = now() - lastSent;
      if (since >= everyMs) flush();
      else timer ??= setTimeout(flush, everyMs - since);
    },
    flush,
  };
}
