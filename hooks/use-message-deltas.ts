import { useEffect, useRef, useState } from 'react';
import { getDatabase } from '../lib/db/database';
import type { AssembledText, StoredText } from '../lib/messaging/delta-assembly';
import { createDeltaHub, type DeltaHub, drawPerFrame } from '../lib/messaging/delta-hub';
import { getPortClient } from '../lib/messaging/port-client';

type DeltaMap = ReadonlyMap<string, AssembledText>;

async function readStored(messageId: string): Promise<StoredText | undefined> {
  const message = await getDatabase().messages.get(messageId);
  return message && { content: message.content, streaming: message.status === 'streaming' };
}

let hub: DeltaHub | undefined;
/**
 * The page's one delta hub (delta-hub.ts), made on first use. Every delta is taken in, shown or
 * not: the first deltas of an answer arrive before the stored message tells the panel it is
 * streaming, and a view that starts showing it reads what the hub has.
 */
export function deltaHub(): DeltaHub {
  hub ??= createDeltaHub({
    subscribe: (receive) => getPortClient().onMessageDelta(receive),
    readStored,
  });
  return hub;
}

/** Whether a streaming message has shown any text yet: it changes once per answer. */
export function useStreamStarted(messageId: string | undefined): boolean {
  const [started, setStarted] = useState<string>();
  useEffect(() => {
    if (!messageId) return;
    const flows = () => (deltaHub().assembler.get(messageId)?.content.trim() ?? '') !== '';
    if (flows()) {
      setStarted(messageId);
      return;
    }
    const stop = deltaHub().listen((id) => {
      if (id !== messageId || !flows()) return;
      stop();
      setStarted(messageId);
    });
    return stop;
  }, [messageId]);
  return messageId !== undefined && started === messageId;
}

/**
 * Follows the messages that stream: the Port is open while any does, and a message that stopped
 * streaming is forgotten (its stored copy is the truth now).
 */
export function useFollowStreaming(streamingIds: readonly string[]): void {
  const key = streamingIds.join('\n');
  const followed = useRef<ReadonlySet<string>>(new Set());
  useEffect(() => {
    const next = new Set(key ? key.split('\n') : []);
    for (const id of followed.current) if (!next.has(id)) deltaHub().assembler.forget(id);
    followed.current = next;
    if (next.size > 0) getPortClient().connect();
  }, [key]);
}

/**
 * The streamed content of several messages at once, for a view that shows them as one list (a
 * Fetch Analysis transcript); entries for other messages are dropped.
 */
export function useMessageDeltas(streamingIds: readonly string[]): DeltaMap {
  const [deltas, setDeltas] = useState<DeltaMap>(new Map());
  const key = streamingIds.join('\n');
  const wanted = useRef<ReadonlySet<string>>(new Set());

  useEffect(
    () =>
      drawPerFrame(
        deltaHub(),
        (id) => wanted.current.has(id),
        () => setDeltas(() => streamedOf(wanted.current)),
      ),
    [],
  );

  useEffect(() => {
    wanted.current = new Set(key ? key.split('\n') : []);
    // A message shown as streaming now may have had its first deltas already.
    setDeltas((current) => {
      const next = streamedOf(wanted.current);
      return next.size === 0 && current.size === 0 ? current : next;
    });
  }, [key]);

  return deltas;
}

function streamedOf(ids: ReadonlySet<string>): DeltaMap {
  const texts = new Map<string, AssembledText>();
  for (const id of ids) {
    const text = deltaHub().assembler.get(id);
    if (text) texts.set(id, text);
  }
  return texts;
}
