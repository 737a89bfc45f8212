import { describe, expect, it } from 'vitest';
import { readEventStream, type ServerSentEvent } from './event-stream';

/** A body that delivers these pieces, one read each. */
function body(...pieces: Array<string | Uint8Array>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const piece of pieces) {
        controller.enqueue(typeof piece === 'string' ? encoder.encode(piece) : piece);
      }
      controller.close();
    },
  });
}

/** A body that sends `event` on every read, forever, and says whether it was cancelled. */
function endlessBody(event: string) {
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      controller.enqueue(new TextEncoder().encode(event));
    },
    cancel() {
      cancelled = true;
    },
  });
  return { body, cancelled: () => cancelled };
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<ServerSentEvent[][]> {
  const reads: ServerSentEvent[][] = [];
  await readEventStream(stream, (events) => {
    reads.push(events);
    return false;
  });
  return reads;
}

describe('readEventStream', () => {
  it('hands over the events of each read together', async () => {
    const reads = await readAll(body('data: a\n\ndata: b\n\n', 'data: c\n\n'));

    expect(reads).toEqual([
      [
        { event: null, data: 'a' },
        { event: null, data: 'b' },
      ],
      [{ event: null, data: 'c' }],
    ]);
  });

  it('joins an event split across reads, with a CRLF split between them', async () => {
    const reads = await readAll(body('data: hel', 'lo\r', '\n\r', '\n'));

    expect(reads.flat()).toEqual([{ event: null, data: 'hello' }]);
  });

  it('keeps a character whose bytes are split across reads', async () => {
    const bytes = new TextEncoder().encode('data: café\n\n');
    const cut = bytes.indexOf(0xc3) + 1;

    const reads = await readAll(body(bytes.slice(0, cut), bytes.slice(cut)));

    expect(reads.flat()).toEqual([{ event: null, data: 'café' }]);
  });

  it('joins data lines, names events, skips comments, and takes an unended last event', async () => {
    const reads = await readAll(body(': hello\nevent: error\ndata: one\ndata:two\n\ndata: last'));

    expect(reads.flat()).toEqual([
      { event: 'error', data: 'one\ntwo' },
      { event: null, data: 'last' },
    ]);
  });

  it('stops reading when told to, and cancels the body', async () => {
    const endless = endlessBody('data: again\n\n');
    let reads = 0;

    await readEventStream(endless.body, () => ++reads === 3);

    expect(reads).toBe(3);
    expect(endless.cancelled()).toBe(true);
  });

  it('cancels the body when the handler throws, and rethrows', async () => {
    const endless = endlessBody('data: bad\n\n');

    const error = await readEventStream(endless.body, () => {
      throw new SyntaxError('not JSON');
    }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(SyntaxError);
    expect(endless.cancelled()).toBe(true);
  });
});
