import type { MessageDelta } from './port-client';

/** A streaming message as the page has put it together from deltas. */
export interface AssembledText {
  content: string;
  /** When the worker sent the last delta that went into `content`. */
  at: number;
}

/** The stored copy of a message, read to fill a gap in the deltas. */
export interface StoredText {
  content: string;
  streaming: boolean;
}

export interface DeltaAssemblerOptions {
  /** Reads the message's stored copy; undefined when it is gone. */
  readStored: (messageId: string) => Promise<StoredText | undefined>;
  /** Told each time a message's assembled text changes. */
  onChange: (messageId: string, assembled: AssembledText) => void;
  /** How long to wait before reading the stored copy again while it is still behind. */
  retryMs?: number;
}

export interface DeltaAssembler {
  receive(delta: MessageDelta): void;
  /** What the page has of a message so far. */
  get(messageId: string): AssembledText | undefined;
  /** Forgets a message (it stopped streaming: its stored copy is the truth now). */
  forget(messageId: string): void;
  dispose(): void;
}

/** The worker stores a streaming answer every 250 ms; reading again after that finds more. */
const RETRY_MS = 300;
/**
 * Messages followed at once. Deltas of every streaming message are kept, shown or not (the
 * panel learns that a message streams only after its first deltas went by), so an answer in
 * another session must not make this grow: the least recently updated is dropped, and a
 * dropped one that is shown later is filled from storage like any gap.
 */
const MAX_MESSAGES = 8;

/**
 * Puts streamed answers together from append-only deltas (`text` at `offset`). A delta whose
 * offset is beyond what the page has (the panel opened mid-answer, or the Port was lost and
 * deltas went by) is a gap: the page reads the stored message, which is a prefix of the same
 * cleaned text, and continues from it once it reaches the delta's offset; deltas that arrive
 * meanwhile wait in order. A delta at an offset the page already has (a repeat, or the model
 * starting over at 0) replaces everything from that offset on.
 */
export function createDeltaAssembler(options: DeltaAssemblerOptions): DeltaAssembler {
  const retryMs = options.retryMs ?? RETRY_MS;
  /** Per message: the final text so far, and what is shown (final text and tail). */
  const assembled = new Map<string, { final: string; shown: AssembledText }>();
  const waiting = new Map<string, MessageDelta[]>();
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  let disposed = false;

  /** Applies a delta to the final text `current`; undefined when it leaves a gap. */
  function apply(current: string, delta: MessageDelta): string | undefined {
    if (delta.offset === current.length) return current + delta.text;
    if (delta.offset < current.length) return current.slice(0, delta.offset) + delta.text;
    return undefined;
  }

  function store(messageId: string, final: string, delta: MessageDelta | undefined, at: number) {
    const shown = { content: final + (delta?.tail ?? ''), at: delta?.at ?? at };
    // Re-inserted, so the map's first key is the least recently updated message.
    assembled.delete(messageId);
    assembled.set(messageId, { final, shown });
    if (assembled.size > MAX_MESSAGES) forget(assembled.keys().next().value as string);
    options.onChange(messageId, shown);
  }

  async function repair(messageId: string): Promise<void> {
    timers.delete(messageId);
    const stored = await options.readStored(messageId);
    const queue = waiting.get(messageId);
    if (disposed || !queue) return;
    if (!stored) {
      waiting.delete(messageId);
      return;
    }
    const current = assembled.get(messageId);
    // The stored copy is the cleaned text with its tail at the time of the write: up to any
    // later delta's offset it is the same text, and each delta replaces what follows its offset.
    let final =
      current && current.final.length >= stored.content.length ? current.final : stored.content;
    let last: MessageDelta | undefined;
    while (queue.length > 0) {
      const next = apply(final, queue[0]!);
      if (next === undefined) break;
      final = next;
      last = queue.shift();
    }
    if (final !== current?.final || last) store(messageId, final, last, current?.shown.at ?? 0);
    if (queue.length === 0) waiting.delete(messageId);
    // Still behind and still streaming: the next stored write will cover the gap.
    else if (stored.streaming) schedule(messageId, retryMs);
    else waiting.delete(messageId);
  }

  function forget(messageId: string) {
    assembled.delete(messageId);
    waiting.delete(messageId);
    clearTimeout(timers.get(messageId));
    timers.delete(messageId);
  }

  function schedule(messageId: string, ms: number) {
    if (timers.has(messageId)) return;
    timers.set(
      messageId,
      setTimeout(() => void repair(messageId), ms),
    );
  }

  return {
    receive(delta) {
      if (disposed) return;
      const queue = waiting.get(delta.messageId);
      if (queue) {
        queue.push(delta);
        return;
      }
      const final = apply(assembled.get(delta.messageId)?.final ?? '', delta);
      if (final === undefined) {
        waiting.set(delta.messageId, [delta]);
        schedule(delta.messageId, 0);
        return;
      }
      store(delta.messageId, final, delta, delta.at);
    },
    get: (messageId) => assembled.get(messageId)?.shown,
    forget,
    dispose() {
      disposed = true;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      waiting.clear();
      assembled.clear();
    },
  };
}
