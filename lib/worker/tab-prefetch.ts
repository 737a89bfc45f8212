import type { TabReadResult } from '../tools/tool';

/** A read started for a message is kept this long for its run; then it is dropped unused. */
const PREFETCH_KEEP_MS = 30_000;

export interface TabPrefetch {
  /** The user sent a message with these tabs attached: start reading them now. */
  start(tabIds: readonly number[]): void;
  /** A tab's read: the one started for the message when there is one (used once), else a new one. */
  read(tabId: number): Promise<TabReadResult>;
}

/**
 * Starts reading the tabs a message attaches as soon as the message arrives, so the read runs
 * while the message, session and run are being stored instead of after. Attaching a tab (or
 * pressing Summarize) is the user's consent to send it with the message, so nothing is read
 * that the run would not read anyway; what was read stays in the worker's memory until the
 * run's read_tab call takes it, and is dropped after PREFETCH_KEEP_MS if nothing does.
 */
export function createTabPrefetch(
  readTab: (tabId: number) => Promise<TabReadResult>,
  keepMs = PREFETCH_KEEP_MS,
): TabPrefetch {
  const started = new Map<
    number,
    { reading: Promise<TabReadResult>; timer: ReturnType<typeof setTimeout> }
  >();
  const take = (tabId: number) => {
    const entry = started.get(tabId);
    if (!entry) return undefined;
    started.delete(tabId);
    clearTimeout(entry.timer);
    return entry.reading;
  };
  return {
    start(tabIds) {
      for (const tabId of new Set(tabIds)) {
        take(tabId);
        const reading = readTab(tabId);
        // A failed read reaches the run that takes it; one nobody takes must not go unhandled.
        reading.catch(() => undefined);
        const timer = setTimeout(() => {
          if (started.get(tabId)?.reading === reading) started.delete(tabId);
        }, keepMs);
        started.set(tabId, { reading, timer });
      }
    },
    read: (tabId) => take(tabId) ?? readTab(tabId),
  };
}
