/** What the reader needs from the page, handed in so the freshness rules run without a browser. */
export interface PageHooks<T> {
  /** Reads the page as it is now, synchronously. */
  extract(): T;
  /** The page's address now: a history navigation changes it without a new document. */
  address(): string;
  /** Calls `onChange` whenever the document (or what it looks like) changes, until stopped. */
  watch(onChange: () => void): PageWatch;
  /** Runs `task` once the page has loaded and the browser has a moment; returns a cancel. */
  whenIdle(task: () => void): () => void;
  /** Runs `task` after `ms`; returns a cancel. */
  after(task: () => void, ms: number): () => void;
}

export interface PageWatch {
  /** Forgets the changes seen so far: the reader's own, made while it extracted. */
  discard(): void;
  stop(): void;
}

export interface PageReader<T> {
  /** The panel is open on this tab: read the page ahead, and again whenever it changes. */
  resume(): void;
  /** The panel closed or moved to another tab: forget the result and watch nothing. */
  pause(): void;
  /** Whether a result read ahead is there and still fresh. */
  ready(): boolean;
  /** The page as it is now: the result read ahead when it is still fresh, else read now. */
  read(): T;
}

/** Told of each result read ahead and of the moment it stops being fresh (live-page.ts). */
export interface ReaderShare<T> {
  /** A result was read ahead at `address` and is fresh until `dropped`. */
  kept(result: T, address: string): void;
  /** What was last kept is no longer fresh (the page changed) or the reader was paused. */
  dropped(): void;
}

/** A page that keeps changing is read again once it has been still this long, not per change. */
export const SETTLE_MS = 1_000;

/**
 * Keeps the result of reading a page while it is fresh: from the read ahead until the document
 * changes, the page's address changes (a history navigation), or the reader is paused. A
 * result is only ever kept while the reader is resumed, and it stays in the page until `read`
 * hands it over, or is told to `share` as it is read ahead (and when it goes stale); a new
 * document (a real navigation) starts without a reader at all.
 */
export function createPageReader<T>(hooks: PageHooks<T>, share?: ReaderShare<T>): PageReader<T> {
  let active = false;
  let kept: { result: T; address: string } | undefined;
  let watch: PageWatch | undefined;
  let cancelPending: (() => void) | undefined;

  const cancel = () => {
    cancelPending?.();
    cancelPending = undefined;
  };

  function extractAndKeep(): T {
    cancel();
    const result = hooks.extract();
    // Extraction marks hidden elements on the live page and takes the marks off again.
    watch?.discard();
    kept = active ? { result, address: hooks.address() } : undefined;
    return result;
  }

  function readWhenIdle() {
    cancel();
    cancelPending = hooks.whenIdle(() => {
      cancelPending = undefined;
      const result = extractAndKeep();
      if (kept) share?.kept(result, kept.address);
    });
  }

  function forget() {
    if (kept) share?.dropped();
    kept = undefined;
  }

  function onChange() {
    forget();
    if (!active) return;
    cancel();
    cancelPending = hooks.after(readWhenIdle, SETTLE_MS);
  }

  const fresh = () => kept !== undefined && kept.address === hooks.address();

  return {
    resume() {
      if (active) return;
      active = true;
      watch = hooks.watch(onChange);
      if (!fresh()) readWhenIdle();
    },
    pause() {
      active = false;
      cancel();
      watch?.stop();
      watch = undefined;
      forget();
    },
    ready: fresh,
    read() {
      if (kept && fresh()) return kept.result;
      return extractAndKeep();
    },
  };
}
