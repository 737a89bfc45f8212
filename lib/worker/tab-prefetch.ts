import type { TabInfo, TabReadResult } from '../tools/tool';

/** A read started for a message is kept this long for its run; then it is dropped unused. */
const PREFETCH_KEEP_MS = 30_000;

export interface TabPrefetch {
  /** The user sent a message with these tabs attached: start reading them now. */
  start(tabIds: readonly number[]): void;
  /** A tab's read: the one started for the message when there is one (used once), else a new one. */
  read(tabId: number): Promise<TabReadResult>;
  /**
   * The tab as it was when its read started, until the run takes that read; else as it is now.
   * The run asks for the tab before it reads it (its consent, its title): one look, not three.
   */
  get(tabId: number): Promise<TabInfo | undefined>;
}

/**
 * Starts reading the tabs a message attaches as soon as the message arrives, so the read runs
 * while the message, session and run are being stored instead of after. Attaching a tab (or
 * pressing Summarize) is the user's consent to send it with the message, so nothing is read
 * that the run would not read anyway; what was read stays in the worker's memory until the
 * run's read_tab call takes it, and is dropped after PREFETCH_KEEP_MS if nothing does.
 */
export function createTabPrefetch(
  tabs: {
    read: (tabId: number) => Promise<TabReadResult>;
    get: (tabId: number) => Promise<TabInfo | undefined>;
  },
  keepMs = PREFETCH_KEEP_MS,
): TabPrefetch {
  const started = new Map<
    number,
    {
      reading: Promise<TabReadResult>;
      info: Promise<TabInfo | undefined>;
      timer: ReturnType<typeof setTimeout>;
    }
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
        const reading = tabs.read(tabId);
        const info = tabs.get(tabId);
        // A failed read reaches the run that takes it; one nobody takes must not go unhandled.
        reading.catch(() => undefined);
        info.catch(() => undefined);
        const timer = setTimeout(() => {
          if (started.get(tabId)?.reading === reading) started.delete(tabId);
        }, keepMs);
        started.set(tabId, { reading, info, timer });
      }
    },
    read: (tabId) => take(tabId) ?? tabs.read(tabId),
    get: (tabId) => started.get(tabId)?.info ?? tabs.get(tabId),
  };
}
