/** What a person does that starts something they then wait for: a click, a key, a typed letter. */
const INPUT_EVENTS = ['pointerdown', 'click', 'keydown', 'input'] as const;

/** The parts of the page `whenQuiet` uses; tests give their own. */
export interface QuietClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** Runs `callback` once the page is idle; falls back to a timer where there is no idle callback. */
  onIdle(callback: () => void): () => void;
  /** Calls `listener` on each of the user's inputs; returns how to stop. */
  onInput(listener: () => void): () => void;
}

const pageClock = (): QuietClock => ({
  now: () => performance.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  onIdle(callback) {
    if (typeof requestIdleCallback === 'undefined') {
      const timer = setTimeout(callback, 0);
      return () => clearTimeout(timer);
    }
    const handle = requestIdleCallback(callback, { timeout: 1_000 });
    return () => cancelIdleCallback(handle);
  },
  onInput(listener) {
    for (const type of INPUT_EVENTS) window.addEventListener(type, listener, true);
    return () => {
      for (const type of INPUT_EVENTS) window.removeEventListener(type, listener, true);
    };
  },
});

/**
 * Runs `work` once the user has neither clicked nor typed for `quietMs` and the page is idle,
 * for code loaded ahead of need: loading a chunk takes the page's main thread (and, on a small
 * machine, a core) for tens of milliseconds, and landing inside what a click started (the
 * session list being read and drawn) would make the person wait for it. Returns how to cancel.
 */
export function whenQuiet(work: () => void, quietMs: number, clock = pageClock()): () => void {
  let lastInput = clock.now();
  let timer: unknown;
  let cancelIdle: (() => void) | undefined;
  let done = false;
  const stopListening = clock.onInput(() => {
    lastInput = clock.now();
    // An input while waiting for the idle callback starts the quiet period again.
    cancelIdle?.();
    cancelIdle = undefined;
    if (timer === undefined) wait(quietMs);
  });
  const stop = () => {
    done = true;
    stopListening();
    if (timer !== undefined) clock.clearTimeout(timer);
    cancelIdle?.();
  };
  function wait(ms: number) {
    timer = clock.setTimeout(() => {
      timer = undefined;
      const quietFor = clock.now() - lastInput;
      if (quietFor < quietMs) return wait(quietMs - quietFor);
      cancelIdle = clock.onIdle(() => {
        cancelIdle = undefined;
        if (done) return;
        stop();
        work();
      });
    }, ms);
  }
  wait(quietMs);
  return stop;
}
