/**
 * The scripted mock model served from a thread of its own. The bench's main thread drives
 * Chromium over CDP; a mock served from that thread stamps requests late and streams answers late
 * whenever the driver is busy or descheduled, and the rows would count that as the extension's
 * time. In its own thread the mock keeps its own event loop, so its stamps and its pace are its own.
 */
import { Worker } from 'node:worker_threads';
import type { ScriptEntry } from '../e2e/servers/mock-llm';
import { within } from './wait';

/** What the thread reports of each chat completion request. */
interface ChatStamp {
  /** The request's head arrived (wall clock, ms): its first bytes at the model. */
  firstByteAt: number;
  /** Its whole body had arrived (wall clock, ms). */
  at: number;
}

export interface ThreadMockLlm {
  /** Base URL for an OpenAI client, e.g. `http://127.0.0.1:PORT/v1`. */
  url: string;
  /** Resolves once the thread holds the entries, so a request sent after it gets them. */
  enqueue(...entries: ScriptEntry[]): Promise<void>;
  /** The chat requests the thread has reported so far, in arrival order. */
  chatRequests(): readonly ChatStamp[];
  /** How many streamed answers the mock has sent whole so far. */
  streamedCount(): number;
  /**
   * How long the mock took to send the next streamed answer ended after `count` had (ms),
   * once it has; resolves at once when it already has.
   */
  streamedAfter(count: number): Promise<number>;
  close(): Promise<void>;
}

/** Messages from the thread (see mock-llm-thread-main.ts). */
export type FromThread =
  | { type: 'ready'; url: string }
  | { type: 'done'; id: number }
  | { type: 'chat'; stamp: ChatStamp }
  | { type: 'streamed'; ms: number };

/** Messages to the thread. */
export type ToThread =
  | { type: 'enqueue'; id: number; entries: ScriptEntry[] }
  | { type: 'close'; id: number };

export async function startThreadMockLlm(options: {
  chunkSize: number;
  delayMs: number;
}): Promise<ThreadMockLlm> {
  const worker = new Worker(new URL('./mock-llm-thread-entry.mjs', import.meta.url), {
    workerData: options,
  });
  const stamps: ChatStamp[] = [];
  const streamed: number[] = [];
  const streamWaiters = new Set<() => void>();
  const pending = new Map<number, () => void>();
  let nextId = 0;
  const url = await within(
    'the mock model to listen in its thread',
    new Promise<string>((resolve, reject) => {
      worker.once('error', reject);
      worker.on('message', (message: FromThread) => {
        if (message.type === 'ready') resolve(message.url);
        else if (message.type === 'chat') stamps.push(message.stamp);
        else if (message.type === 'streamed') {
          streamed.push(message.ms);
          for (const waiter of streamWaiters) waiter();
        } else pending.get(message.id)?.();
      });
    }),
  );
  const ask = (what: string, message: (id: number) => ToThread) => {
    const id = nextId++;
    return within(
      what,
      new Promise<void>((resolve) => {
        pending.set(id, () => {
          pending.delete(id);
          resolve();
        });
        worker.postMessage(message(id));
      }),
    );
  };
  return {
    url,
    enqueue: (...entries) =>
      ask('the mock model thread to take a script entry', (id) => ({
        type: 'enqueue',
        id,
        entries,
      })),
    chatRequests: () => stamps,
    streamedCount: () => streamed.length,
    streamedAfter: (count) =>
      new Promise<number>((resolve) => {
        const check = () => {
          if (streamed.length <= count) return;
          streamWaiters.delete(check);
          resolve(streamed[count]!);
        };
        streamWaiters.add(check);
        check();
      }),
    close: async () => {
      await ask('the mock model thread to close its server', (id) => ({ type: 'close', id }));
      await worker.terminate();
    },
  };
}
