import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FetchTimeoutError } from './fetch-timeout-error';
import {
  DEFAULT_IDLE_TIMEOUT_MS,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_TOTAL_TIMEOUT_MS,
  readLimitedBody,
} from './read-limited-body';
import { startRequestDeadline } from './request-deadline';

/** A response whose body the test feeds chunk by chunk; `pulls` counts reads after the cap. */
function controlledResponse(headers: Record<string, string> = {}) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
    },
    cancel() {
      cancelled = true;
    },
  });
  return {
    response: new Response(stream, { headers }),
    push: (size: number, fill = 0x61) => controller.enqueue(new Uint8Array(size).fill(fill)),
    close: () => controller.close(),
    get cancelled() {
      return cancelled;
    },
  };
}

const bodyOf = (size: number, headers: Record<string, string> = {}) =>
  new Response(new Uint8Array(size).fill(0x62), { headers });

describe('readLimitedBody: the byte cap', () => {
  it('reads a body under the cap whole', async () => {
    const body = await readLimitedBody(bodyOf(100), { maxBytes: 1000 });
    expect(body.bytes.length).toBe(100);
    expect(body.truncated).toBe(false);
  });

  it('cuts a body without Content-Length at the cap and stops the download', async () => {
    const source = controlledResponse();
    source.push(4);
    source.push(4);
    source.push(4);
    const body = await readLimitedBody(source.response, { maxBytes: 10 });
    expect(body).toEqual({ bytes: new Uint8Array(10).fill(0x61), truncated: true });
    expect(source.cancelled).toBe(true);
  });

  it('still reads up to the cap when Content-Length already exceeds it', async () => {
    const body = await readLimitedBody(bodyOf(100, { 'content-length': '100' }), { maxBytes: 10 });
    expect(body.bytes.length).toBe(10);
    expect(body.truncated).toBe(true);
    expect(body.declaredBytes).toBe(100);
  });

  it('does not call a body of exactly the cap truncated, with or without Content-Length', async () => {
    const withLength = await readLimitedBody(bodyOf(10, { 'content-length': '10' }), {
      maxBytes: 10,
    });
    expect(withLength).toMatchObject({ truncated: false, declaredBytes: 10 });
    const source = controlledResponse();
    source.push(5);
    source.push(5);
    source.close();
    const withoutLength = await readLimitedBody(source.response, { maxBytes: 10 });
    expect(withoutLength.truncated).toBe(false);
    expect(withoutLength.bytes.length).toBe(10);
  });

  it('calls a body one byte over the cap truncated', async () => {
    const source = controlledResponse();
    source.push(10);
    source.push(1);
    const body = await readLimitedBody(source.response, { maxBytes: 10 });
    expect(body).toMatchObject({ truncated: true });
    expect(body.bytes.length).toBe(10);
  });

  it('lets the caller stop after looking at the head of the body', async () => {
    const source = controlledResponse();
    source.push(3, 0x00);
    source.push(3, 0x00);
    source.push(3, 0x00);
    const heads: number[] = [];
    const body = await readLimitedBody(source.response, {
      inspectHead: {
        afterBytes: 5,
        stop: (head) => {
          heads.push(head.length);
          return head.includes(0x00);
        },
      },
    });
    expect(heads).toEqual([6]);
    expect(body).toMatchObject({ truncated: false, stoppedEarly: true });
    expect(body.bytes.length).toBe(6);
    expect(source.cancelled).toBe(true);
  });

  it('reads on when the head looks fine', async () => {
    const body = await readLimitedBody(bodyOf(100), {
      inspectHead: { afterBytes: 10, stop: () => false },
    });
    expect(body.bytes.length).toBe(100);
    expect(body.stoppedEarly).toBeUndefined();
  });

  it('gives empty bytes for a response without a body', async () => {
    const body = await readLimitedBody(new Response(null, { status: 204 }));
    expect(body).toEqual({ bytes: new Uint8Array(), truncated: false });
  });

  it('defaults to 10 MiB, 15 s of silence and 30 s in all', () => {
    expect(DEFAULT_MAX_BODY_BYTES).toBe(10_485_760);
    expect(DEFAULT_IDLE_TIMEOUT_MS).toBe(15_000);
    expect(DEFAULT_TOTAL_TIMEOUT_MS).toBe(30_000);
  });
});

describe('readLimitedBody: timeouts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fails after 15 s without data, naming the limit, and stops the download', async () => {
    const source = controlledResponse();
    const reading = readLimitedBody(source.response, { url: 'https://example.com/slow' });
    const outcome = reading.catch((error: unknown) => error);
    source.push(3);
    await vi.advanceTimersByTimeAsync(14_999);
    source.push(3); // data just in time resets the clock
    await vi.advanceTimersByTimeAsync(14_999);
    expect(source.cancelled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(FetchTimeoutError);
    expect((error as Error).message).toBe(
      'Gave up reading https://example.com/slow: 15 s without data from the server.',
    );
    expect(source.cancelled).toBe(true);
  });

  it('fails at the 30 s deadline even while data keeps trickling in', async () => {
    const deadline = startRequestDeadline({ totalMs: 30_000, url: 'https://example.com/drip' });
    const source = controlledResponse();
    const outcome = readLimitedBody(source.response, { signal: deadline.signal }).catch(
      (error: unknown) => error,
    );
    for (let second = 0; second < 29; second += 10) {
      source.push(1);
      await vi.advanceTimersByTimeAsync(10_000);
    }
    const error = await outcome;
    expect(deadline.expired).toBe(true);
    expect(error).toBeInstanceOf(FetchTimeoutError);
    expect((error as Error).message).toBe(
      'Gave up on https://example.com/drip: it took longer than 30 s in all.',
    );
    expect(source.cancelled).toBe(true);
    deadline.dispose();
  });

  it('stops with the caller’s reason when the caller aborts', async () => {
    const caller = new AbortController();
    const deadline = startRequestDeadline({ totalMs: 30_000, url: 'u', signal: caller.signal });
    const source = controlledResponse();
    const outcome = readLimitedBody(source.response, { signal: deadline.signal }).catch(
      (error: unknown) => error,
    );
    source.push(1);
    await vi.advanceTimersByTimeAsync(1000);
    caller.abort(new Error('Stopped by the user.'));
    await expect(outcome).resolves.toMatchObject({ message: 'Stopped by the user.' });
    expect(deadline.expired).toBe(false);
    deadline.dispose();
  });
});
