import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPortClient, type PortLike } from './port-client';
import type { Request, WorkerEvent } from './protocol';

/** A fake Port that records what crossed the wire and lets the test play the worker. */
class FakePort implements PortLike {
  sent: Request[] = [];
  disconnected = false;
  private messageListeners: Array<(message: unknown) => void> = [];
  private disconnectListeners: Array<() => void> = [];
  onMessage = {
    addListener: (listener: (message: unknown) => void) => this.messageListeners.push(listener),
  };
  onDisconnect = { addListener: (listener: () => void) => this.disconnectListeners.push(listener) };
  postMessage(message: unknown) {
    if (this.disconnected) throw new Error('Attempting to use a disconnected port object');
    this.sent.push(message as Request);
  }
  disconnect() {
    this.disconnected = true;
  }
  emit(event: WorkerEvent) {
    for (const listener of this.messageListeners) listener(event);
  }
  /** The worker was stopped: Chrome disconnects the Port. */
  drop() {
    this.disconnected = true;
    for (const listener of this.disconnectListeners) listener();
  }
}

function setup() {
  const ports: FakePort[] = [];
  const client = createPortClient({
    connect: () => {
      const port = new FakePort();
      ports.push(port);
      return port;
    },
    heartbeatIntervalMs: 20_000,
    replyTimeoutMs: 60_000,
  });
  return { client, ports };
}

describe('port client', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('correlates a reply with its request by requestId', async () => {
    const { client, ports } = setup();
    const first = client.send({ type: 'stopRun', runId: 'r1' });
    const second = client.send({ type: 'deleteSession', sessionId: 's1' });
    const [a, b] = ports[0]!.sent;
    expect(a!.command).toEqual({ type: 'stopRun', runId: 'r1' });
    ports[0]!.emit({ type: 'reply', requestId: b!.requestId, result: { ok: false, error: 'no' } });
    ports[0]!.emit({ type: 'reply', requestId: a!.requestId, result: { ok: true, value: {} } });
    await expect(first).resolves.toEqual({ ok: true, value: {} });
    await expect(second).resolves.toEqual({ ok: false, error: 'no' });
  });

  it('answers pending requests when the worker goes away and reconnects on the next send', async () => {
    const { client, ports } = setup();
    const lost = client.send({ type: 'resumeRun', runId: 'r1' });
    ports[0]!.drop();
    await expect(lost).resolves.toMatchObject({ ok: false });
    void client.send({ type: 'stopRun', runId: 'r1' });
    expect(ports).toHaveLength(2);
    expect(ports[1]!.sent[0]!.command).toEqual({ type: 'stopRun', runId: 'r1' });
  });

  it('replaces a Port that died without a disconnect event', () => {
    const { client, ports } = setup();
    client.connect();
    ports[0]!.disconnected = true;
    void client.send({ type: 'heartbeat' });
    expect(ports).toHaveLength(2);
    expect(ports[1]!.sent).toHaveLength(1);
  });

  it('sends a heartbeat at once and then every 20 s only while kept alive', () => {
    const { client, ports } = setup();
    client.connect();
    client.setKeepAlive(true);
    // At once: it wakes a stopped worker, which then marks its cut-off runs interrupted.
    expect(ports[0]!.sent.map((request) => request.command.type)).toEqual(['heartbeat']);
    vi.advanceTimersByTime(41_000);
    expect(ports[0]!.sent.map((request) => request.command.type)).toEqual([
      'heartbeat',
      'heartbeat',
      'heartbeat',
    ]);
    ports[0]!.drop();
    vi.advanceTimersByTime(20_000);
    // One at once on a new Port (the worker stopped), then the next beat of the interval.
    expect(ports[1]!.sent.map((request) => request.command.type)).toEqual([
      'heartbeat',
      'heartbeat',
    ]);
    client.setKeepAlive(false);
    vi.advanceTimersByTime(60_000);
    expect(ports[1]!.sent).toHaveLength(2);
  });

  it('reconnects at once when the worker stops while an answer is being written', () => {
    const { client, ports } = setup();
    client.setKeepAlive(true);
    ports[0]!.drop();
    vi.advanceTimersByTime(200);
    // A new Port wakes a new worker, which marks the cut-off run interrupted (Resume).
    expect(ports).toHaveLength(2);
    expect(ports[1]!.sent.map((request) => request.command)).toEqual([{ type: 'heartbeat' }]);
  });

  it('does not reconnect on its own when no answer is being written', () => {
    const { client, ports } = setup();
    client.connect();
    ports[0]!.drop();
    vi.advanceTimersByTime(60_000);
    expect(ports).toHaveLength(1);
  });

  it('gives up on a reply after the timeout', async () => {
    const { client } = setup();
    const result = client.send({ type: 'stopRun', runId: 'r1' });
    vi.advanceTimersByTime(60_001);
    await expect(result).resolves.toMatchObject({ ok: false });
  });

  it('delivers message deltas to subscribers until they unsubscribe', () => {
    const { client, ports } = setup();
    const seen: string[] = [];
    const unsubscribe = client.onMessageDelta((delta) => seen.push(delta.text));
    client.connect();
    ports[0]!.emit({
      type: 'message-delta',
      messageId: 'm1',
      offset: 0,
      text: 'Hel',
      tail: '',
      at: 1,
    });
    unsubscribe();
    ports[0]!.emit({
      type: 'message-delta',
      messageId: 'm1',
      offset: 3,
      text: 'lo',
      tail: '',
      at: 2,
    });
    expect(seen).toEqual(['Hel']);
  });
});
