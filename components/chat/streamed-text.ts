import { createContext, useContext, useEffect, useState } from 'react';
import type { AssembledText } from '../../lib/messaging/delta-assembly';
import { type DeltaHub, drawPerFrame } from '../../lib/messaging/delta-hub';

/** Where the chat's answers take their streamed text from: the page's delta hub. */
export const StreamedTextSource = createContext<DeltaHub | undefined>(undefined);

/**
 * The streamed text of one message while it streams, put together from the worker's
 * append-only deltas (a gap is filled from the stored message), drawn at most once per frame.
 * Used by the message that shows it, so a delta draws that message again and not the whole
 * chat around it.
 */
export function useStreamedText(messageId: string | undefined): AssembledText | undefined {
  const hub = useContext(StreamedTextSource);
  const [text, setText] = useState(() => (messageId ? hub?.assembler.get(messageId) : undefined));
  useEffect(() => {
    if (!messageId || !hub) return;
    setText(hub.assembler.get(messageId));
    return drawPerFrame(
      hub,
      (id) => id === messageId,
      () => setText(hub.assembler.get(messageId)),
    );
  }, [hub, messageId]);
  return messageId ? text : undefined;
}
