/**
 * A DevTools session with the extension's service worker. Playwright opens CDP sessions on pages
 * only, so this attaches from a page's session to the worker's target and talks to it through
 * Target.sendMessageToTarget: the worker's heap and CPU profile are then within reach.
 */
import type { BrowserContext, CDPSession } from '@playwright/test';
import { within } from './wait';

export interface WorkerSession {
  send<T = unknown>(method: string, params?: Record<string, unknown>): Promise<T>;
  /** Listens to an event of the worker (a heap snapshot's chunks); returns how to stop. */
  on(method: string, listener: (params: unknown) => void): () => void;
  detach(): Promise<void>;
}

interface TargetInfo {
  targetId: string;
  type: string;
  url: string;
}

export async function attachToWorker(
  context: BrowserContext,
  extensionId: string,
): Promise<WorkerSession> {
  const page = context.pages().find((candidate) => !candidate.isClosed());
  if (!page) throw new Error('Attaching to the service worker needs an open page.');
  const cdp: CDPSession = await context.newCDPSession(page);
  const { targetInfos } = (await cdp.send('Target.getTargets' as never)) as {
    targetInfos: TargetInfo[];
  };
  const worker = targetInfos.find(
    (target) =>
      target.type === 'service_worker' &&
      target.url.startsWith(`chrome-extension://${extensionId}/`),
  );
  if (!worker) throw new Error('The extension has no running service worker to attach to.');
  const { sessionId } = (await cdp.send(
    'Target.attachToTarget' as never,
    { targetId: worker.targetId, flatten: false } as never,
  )) as { sessionId: string };
  const replies = new Map<number, (reply: { result?: unknown; error?: unknown }) => void>();
  const listeners = new Map<string, Set<(params: unknown) => void>>();
  cdp.on('Target.receivedMessageFromTarget' as never, (event: { message: string }) => {
    const reply = JSON.parse(event.message) as {
      id?: number;
      result?: unknown;
      error?: unknown;
      method?: string;
      params?: unknown;
    };
    if (reply.id !== undefined) replies.get(reply.id)?.(reply);
    else if (reply.method)
      for (const listener of listeners.get(reply.method) ?? []) listener(reply.params);
  });
  let nextId = 0;
  return {
    send<T>(method: string, params: Record<string, unknown> = {}) {
      const id = ++nextId;
      const reply = new Promise<T>((resolve, reject) => {
        replies.set(id, (message) => {
          replies.delete(id);
          if (message.error) reject(new Error(`${method}: ${JSON.stringify(message.error)}`));
          else resolve(message.result as T);
        });
      });
      void cdp.send(
        'Target.sendMessageToTarget' as never,
        { sessionId, message: JSON.stringify({ id, method, params }) } as never,
      );
      return within(`the service worker's answer to ${method}`, reply, 60_000);
    },
    on(method, listener) {
      const set = listeners.get(method) ?? new Set();
      set.add(listener);
      listeners.set(method, set);
      return () => set.delete(listener);
    },
    async detach() {
      await cdp.send('Target.detachFromTarget' as never, { sessionId } as never).catch(() => {});
      await cdp.detach().catch(() => undefined);
    },
  };
}

/** The worker's JavaScript heap in use after a full garbage collection, in bytes. */
export async function workerHeapAfterGc(session: WorkerSession): Promise<number> {
  await session.send('HeapProfiler.collectGarbage');
  const usage = await session.send<{ usedSize: number }>('Runtime.getHeapUsage');
  return usage.usedSize;
}
