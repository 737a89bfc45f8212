import { type Article, articleSchema } from '../extract/article';
import { READ_AHEAD_RESULT_PORT } from '../tabs/read-ahead-target';

/** The part of `runtime.Port` kept here, so tests can hand in a fake. */
export interface ResultPort {
  name: string;
  sender?: { id?: string; tab?: { id?: number }; frameId?: number };
  disconnect(): void;
  onMessage: { addListener(listener: (message: unknown) => void): void };
  onDisconnect: { addListener(listener: () => void): void };
}

/**
 * At most this many tabs' results are held: one per window with the panel open is the most a
 * person has; a page reader that posts more than that only pushes out the oldest.
 */
export const MAX_HELD_RESULTS = 4;

export interface ReadAheadResults {
  /** A page reader opened its result Port (any other Port is left alone). */
  accept(port: unknown): void;
  /** The article read ahead in this tab, if it is still fresh and was read at `address`. */
  current(tabId: number, address: string): Article | undefined;
  /** How many tabs' results are held now. */
  readonly size: number;
}

/**
 * The results the page readers push (lib/tabs/live-page.ts), kept in the worker's memory so
 * that Summarize takes the page without a script in it. A result is held only while its Port
 * is open: the reader closes it as soon as the page changes, the panel closes or moves to
 * another tab, and the browser closes it when the document goes away (a navigation, the tab
 * closed). It is never stored and never sent anywhere; a read of the tab takes it, as a read
 * in the page would have taken the same result.
 */
export function createReadAheadResults(extensionId: string): ReadAheadResults {
  const held = new Map<number, { port: ResultPort; address: string; article: Article }>();

  function accept(candidate: unknown): void {
    const port = candidate as ResultPort;
    if (port?.name !== READ_AHEAD_RESULT_PORT) return;
    const tabId = port.sender?.tab?.id;
    // Only this extension's page reader, in a tab's top document, can post a page's result.
    if (
      port.sender?.id !== extensionId ||
      tabId === undefined ||
      (port.sender.frameId ?? 0) !== 0
    ) {
      port.disconnect();
      return;
    }
    port.onMessage.addListener((raw) => {
      const message = raw as { type?: unknown; address?: unknown; result?: unknown } | undefined;
      const article = articleSchema.safeParse(message?.result);
      if (message?.type !== 'read' || typeof message.address !== 'string' || !article.success) {
        if (held.get(tabId)?.port === port) held.delete(tabId);
        return;
      }
      held.delete(tabId);
      held.set(tabId, { port, address: message.address, article: article.data });
      for (const oldest of held.keys()) {
        if (held.size <= MAX_HELD_RESULTS) break;
        held.delete(oldest);
      }
    });
    port.onDisconnect.addListener(() => {
      if (held.get(tabId)?.port === port) held.delete(tabId);
    });
  }

  return {
    accept,
    current(tabId, address) {
      const entry = held.get(tabId);
      return entry && entry.address === address ? entry.article : undefined;
    },
    get size() {
      return held.size;
    },
  };
}
