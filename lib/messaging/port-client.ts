import { browser } from 'wxt/browser';
import {
  type Command,
  type CommandResult,
  PORT_NAME,
  type Request,
  type WorkerEvent,
} from './protocol';

export type MessageDelta = Extract<WorkerEvent, { type: 'message-delta' }>;
type StorageFullNotice = Extract<WorkerEvent, { type: 'storage-full' }>;
type ImportProgress = Extract<WorkerEvent, { type: 'import-progress' }>;

/** The part of `runtime.Port` the client uses, so tests can hand in a fake. */
export interface PortLike {
  postMessage(message: unknown): void;
  disconnect(): void;
  onMessage: { addListener(listener: (message: unknown) => void): void };
  onDisconnect: { addListener(listener: () => void): void };
}

export interface PortClientOptions {
  connect?: () => PortLike;
  heartbeatIntervalMs?: number;
  replyTimeoutMs?: number;
}

export interface PortClient {
  send<C extends Command>(command: C): Promise<CommandResult<C['type']>>;
  /** Opens the Port now (to receive deltas) instead of on the first send. */
  connect(): void;
  onMessageDelta(listener: (delta: MessageDelta) => void): () => void;
  /** The worker cannot save a session's answer for lack of space, or can again. */
  onStorageFull(listener: (notice: StorageFullNotice) => void): () => void;
  /** An import in the worker stored another batch of sessions. */
  onImportProgress(listener: (progress: ImportProgress) => void): () => void;
  /** While true, a heartbeat goes out every interval so the worker is not idle-stopped mid-run. */
  setKeepAlive(active: boolean): void;
  dispose(): void;
}

const HEARTBEAT_INTERVAL_MS = 20_000;
/** Long enough for startRun to read the attached tabs; a reply never takes longer. */
const REPLY_TIMEOUT_MS = 120_000;

/** A stopped worker's Port closes at once; a short pause lets the browser finish stopping it. */
const RECONNECT_DELAY_MS = 150;

const WORKER_GONE =
  'The background worker stopped before it answered. Check the conversation, then try again.';
const NO_REPLY = 'The background worker did not answer in time. Try again.';

function defaultConnect(): PortLike {
  return browser.runtime.connect({ name: PORT_NAME });
}

export function createPortClient(options: PortClientOptions = {}): PortClient {
  const connectPort = options.connect ?? defaultConnect;
  const heartbeatMs = options.heartbeatIntervalMs ?? HEARTBEAT_INTERVAL_MS;
  const timeoutMs = options.replyTimeoutMs ?? REPLY_TIMEOUT_MS;
  const pending = new Map<string, (result: CommandResult) => void>();
  const deltaListeners = new Set<(delta: MessageDelta) => void>();
  const storageListeners = new Set<(notice: StorageFullNotice) => void>();
  const importListeners = new Set<(progress: ImportProgress) => void>();
  let port: PortLike | undefined;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let reconnect: ReturnType<typeof setTimeout> | undefined;
  const wake = () => {
    reconnect = undefined;
    if (heartbeat) void send({ type: 'heartbeat' });
  };

  function settleAll(result: CommandResult) {
    for (const resolve of [...pending.values()]) resolve(result);
  }

  function onMessage(raw: unknown) {
    const event = raw as WorkerEvent | undefined;
    if (event?.type === 'reply') pending.get(event.requestId)?.(event.result);
    else if (event?.type === 'message-delta')
      for (const listener of deltaListeners) listener(event);
    else if (event?.type === 'storage-full')
      for (const listener of storageListeners) listener(event);
    else if (event?.type === 'import-progress')
      for (const listener of importListeners) listener(event);
  }

  function open(): PortLike {
    if (port) return port;
    const opened = connectPort();
    opened.onMessage.addListener(onMessage);
    opened.onDisconnect.addListener(() => {
      // Reading lastError marks it handled in Chrome; the worker being stopped is expected.
      void browser.runtime?.lastError;
      if (port !== opened) return;
      port = undefined;
      // Requests in flight on this Port will never be answered; the next send reconnects.
      settleAll({ ok: false, error: WORKER_GONE });
      // While an answer is shown as being written, a lost Port means the worker stopped: reconnect
      // at once, which wakes a new worker, and its start marks the cut-off run interrupted, so the
      // panel offers Resume now rather than at the next heartbeat.
      if (heartbeat) reconnect ??= setTimeout(wake, RECONNECT_DELAY_MS);
    });
    port = opened;
    return opened;
  }

  /** Posts on the open Port; a Port that died without telling us yet is replaced once. */
  function post(request: Request) {
    try {
      open().postMessage(request);
    } catch {
      port = undefined;
      open().postMessage(request);
    }
  }

  function send<C extends Command>(command: C): Promise<CommandResult<C['type']>> {
    const requestId = crypto.randomUUID();
    return new Promise<CommandResult<C['type']>>((resolve) => {
      const timer = setTimeout(() => finish({ ok: false, error: NO_REPLY }), timeoutMs);
      function finish(result: CommandResult) {
        clearTimeout(timer);
        pending.delete(requestId);
        // The worker answers a command with that command's reply (see CommandHandlers).
        resolve(result as CommandResult<C['type']>);
      }
      pending.set(requestId, finish);
      try {
        post({ requestId, command });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        finish({
          ok: false,
          error: `Cannot reach the background worker (${reason}). Reload the panel.`,
        });
      }
    });
  }

  function setKeepAlive(active: boolean) {
    if (active && !heartbeat) {
      // One beat at once: a run shown as active may belong to a worker the browser stopped, and
      // only a woken worker marks it interrupted (so the panel can offer Resume).
      void send({ type: 'heartbeat' });
      heartbeat = setInterval(() => void send({ type: 'heartbeat' }), heartbeatMs);
    } else if (!active && heartbeat) {
      clearInterval(heartbeat);
      heartbeat = undefined;
      clearTimeout(reconnect);
      reconnect = undefined;
    }
  }

  return {
    send,
    connect: () => void open(),
    onMessageDelta(listener) {
      deltaListeners.add(listener);
      return () => deltaListeners.delete(listener);
    },
    onStorageFull(listener) {
      storageListeners.add(listener);
      return () => storageListeners.delete(listener);
    },
    onImportProgress(listener) {
      importListeners.add(listener);
      return () => importListeners.delete(listener);
    },
    setKeepAlive,
    dispose() {
      setKeepAlive(false);
      const closing = port;
      port = undefined;
      closing?.disconnect();
      settleAll({ ok: false, error: WORKER_GONE });
    },
  };
}

let shared: PortClient | undefined;

/** The page's one connection to the worker. */
export function getPortClient(): PortClient {
  shared ??= createPortClient();
  return shared;
}
