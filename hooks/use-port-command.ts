import { useCallback, useEffect, useState } from 'react';
import { getPortClient, type MessageDelta } from '../lib/messaging/port-client';
import type { Command, CommandResult } from '../lib/messaging/protocol';

/** Sends a command to the worker; the result is data, never a thrown error. */
export function sendCommand<C extends Command>(command: C): Promise<CommandResult<C['type']>> {
  return getPortClient().send(command);
}

/** Keeps the worker awake with heartbeats while a run of the open session is active. */
export function useKeepAlive(active: boolean) {
  useEffect(() => {
    getPortClient().setKeepAlive(active);
    return () => getPortClient().setKeepAlive(false);
  }, [active]);
}

export type DeltaMap = ReadonlyMap<string, MessageDelta>;

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

/** A pending flag around an async action, so buttons can say they are working. */
export function usePending(): [boolean, <T>(action: () => Promise<T>) => Promise<T>] {
  const [pending, setPending] = useState(false);
  const run = useCallback(async <T>(action: () => Promise<T>) => {
    setPending(true);
    try {
      return await action();
    } finally {
      setPending(false);
    }
  }, []);
  return [pending, run];
}
