import { useEffect, useState } from 'react';
import { getPortClient, type MessageDelta } from '../lib/messaging/port-client';

type DeltaMap = ReadonlyMap<string, MessageDelta>;

/**
 * The latest streamed content per message, for messages still streaming. Deltas only make the
 * answer appear faster; the stored message is the truth once it is no longer streaming, so
 * entries for other messages are dropped. Updates are batched to one render per frame.
 */
export function useMessageDeltas(streamingIds: readonly string[]): DeltaMap {
  const [deltas, setDeltas] = useState<DeltaMap>(new Map());
  const key = streamingIds.join('\n');

  useEffect(() => {
    const wanted = new Set(key ? key.split('\n') : []);
    setDeltas((current) => {
      const kept = [...current].filter(([id]) => wanted.has(id));
      return kept.length === current.size ? current : new Map(kept);
    });
    if (wanted.size === 0) return;
    const client = getPortClient();
    client.connect();
    let queued: MessageDelta[] = [];
    let frame = 0;
    const flush = () => {
      frame = 0;
      const batch = queued;
      queued = [];
      setDeltas((current) => {
        const next = new Map(current);
        for (const delta of batch) {
          const previous = next.get(delta.messageId);
          if (!previous || delta.at >= previous.at) next.set(delta.messageId, delta);
        }
        return next;
      });
    };
    const unsubscribe = client.onMessageDelta((delta) => {
      if (!wanted.has(delta.messageId)) return;
      queued.push(delta);
      frame ||= requestAnimationFrame(flush);
    });
    return () => {
      unsubscribe();
      if (frame) cancelAnimationFrame(frame);
    };
  }, [key]);

  return deltas;
}
