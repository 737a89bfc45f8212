import { useEffect, useRef, useState } from 'react';
import { getDatabase } from '../lib/db/database';
import type { AssembledText, StoredText } from '../lib/messaging/delta-assembly';
import { createDeltaHub, type DeltaHub } from '../lib/messaging/delta-hub';
import { getPortClient } from '../lib/messaging/port-client';

type DeltaMap = ReadonlyMap<string, AssembledText>;

/** At most one render of streamed text per display frame. */
const FRAME_MS = 16;

async function readStored(messageId: string): Promise<StoredText | undefined> {
  const message = await getDatabase().messages.get(messageId);
  return message && { content: message.content, streaming: message.status === 'streaming' };
}

let hub: DeltaHub | undefined;
/** The page's one delta hub (delta-hub.ts), made on first use. */
function deltaHub(): DeltaHub {
  hub ??= createDeltaHub({
    subscribe: (receive) => getPortClient().onMessageDelta(receive),
    readStored,
  });
  return hub;
}

/**
 * The streamed content per message, for messages still streaming, put together from the
 * worker's append-only deltas (a gap is filled from the stored message). Deltas only make the
 * answer appear faster; the stored message is the truth once it is no longer streaming, so
 * entries for other messages are dropped. Updates are batched to at most one render per frame:
 * a delta after a quiet frame is drawn at once (waiting for the next animation frame would add up
 * to a frame to every delta, and a React update made there is drawn a frame later still), and
 * deltas arriving faster are joined and drawn a frame after the last drawing.
 */
export function useMessageDeltas(streamingIds: readonly string[]): DeltaMap {
  const [deltas, setDeltas] = useState<DeltaMap>(new Map());
  const key = streamingIds.join('\n');
  const wanted = useRef<ReadonlySet<string>>(new Set());

  // One assembler for the page's life (delta-hub.ts): neither a second message starting to
  // stream nor this screen being drawn anew makes an answer's text be read back from storage.
  useEffect(() => {
    let changed = new Map<string, AssembledText>();
    let scheduled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lastFlush = Number.NEGATIVE_INFINITY;
    let disposed = false;
    const flush = () => {
      scheduled = false;
      timer = undefined;
      if (disposed) return;
      lastFlush = performance.now();
      const batch = changed;
      changed = new Map();
      setDeltas((current) => {
        const next = new Map(current);
        for (const [id, text] of batch) if (wanted.current.has(id)) next.set(id, text);
        return next;
      });
    };
    // Every delta is taken in, shown or not: the first deltas of an answer arrive before the
    // stored message tells the panel it is streaming.
    const stopListening = deltaHub().listen((messageId, text) => {
      changed.set(messageId, text);
      if (scheduled) return;
      scheduled = true;
      const wait = FRAME_MS - (performance.now() - lastFlush);
      if (wait <= 0) queueMicrotask(flush);
      else timer = setTimeout(flush, wait);
    });
    return () => {
      stopListening();
      disposed = true;
      clearTimeout(timer);
    };
  }, []);

  useEffect(() => {
    const next = new Set(key ? key.split('\n') : []);
    for (const id of wanted.current) if (!next.has(id)) deltaHub().assembler.forget(id);
    wanted.current = next;
    setDeltas((current) => {
      const kept = new Map([...current].filter(([id]) => next.has(id)));
      // A message shown as streaming now may have had its first deltas already.
      for (const id of next) {
        const text = deltaHub().assembler.get(id);
        if (text && !kept.has(id)) kept.set(id, text);
      }
      return kept.size === current.size && [...kept.keys()].every((id) => current.has(id))
        ? current
        : kept;
    });
    if (next.size > 0) getPortClient().connect();
  }, [key]);

  return deltas;
}
