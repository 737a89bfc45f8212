import {
  type AssembledText,
  createDeltaAssembler,
  type DeltaAssembler,
  type StoredText,
} from './delta-assembly';
import type { MessageDelta } from './port-client';

export interface DeltaHub {
  /** What the page has put together of each streaming message. */
  readonly assembler: DeltaAssembler;
  /** Tells `listener` of each change from now on; returns how to stop. */
  listen(listener: (messageId: string, text: AssembledText) => void): () => void;
}

/**
 * One assembler for the page's life, fed by every delta the page receives, for the views that
 * come and go. A chat screen is drawn anew for the chat a first message creates (it learns the
 * chat's id from the reply, after the answer's first deltas went by): with an assembler of its
 * own it would start with nothing, take the next delta for a gap and wait for the stored copy
 * of the answer (written every 250 ms), so a new chat's first words showed about 300 ms late.
 */
export function createDeltaHub(options: {
  subscribe: (receive: (delta: MessageDelta) => void) => () => void;
  readStored: (messageId: string) => Promise<StoredText | undefined>;
}): DeltaHub {
  const listeners = new Set<(messageId: string, text: AssembledText) => void>();
  const assembler = createDeltaAssembler({
    readStored: options.readStored,
    onChange: (messageId, text) => {
      for (const listener of listeners) listener(messageId, text);
    },
  });
  options.subscribe((delta) => assembler.receive(delta));
  return {
    assembler,
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** At most one drawing of streamed text per display frame. */
const FRAME_MS = 16;

/**
 * Calls `draw` for the changes `wanted` accepts, at most once per frame: a delta after a quiet
 * frame is drawn at once (waiting for the next animation frame would add up to a frame to every
 * delta, and a React update made there is drawn a frame later still), and deltas arriving
 * faster are joined and drawn a frame after the last drawing. Returns how to stop.
 */
export function drawPerFrame(
  hub: Pick<DeltaHub, 'listen'>,
  wanted: (messageId: string) => boolean,
  draw: () => void,
): () => void {
  let scheduled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastDraw = Number.NEGATIVE_INFINITY;
  let stopped = false;
  const flush = () => {
    scheduled = false;
    timer = undefined;
    if (stopped) return;
    lastDraw = performance.now();
    draw();
  };
  const stopListening = hub.listen((messageId) => {
    if (scheduled || !wanted(messageId)) return;
    scheduled = true;
    const wait = FRAME_MS - (performance.now() - lastDraw);
    if (wait <= 0) queueMicrotask(flush);
    else timer = setTimeout(flush, wait);
  });
  return () => {
    stopListening();
    stopped = true;
    clearTimeout(timer);
  };
}
