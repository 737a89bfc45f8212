import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDeltaHub, drawPerFrame } from './delta-hub';
import type { MessageDelta } from './port-client';

function delta(offset: number, text: string, messageId = 'answer'): MessageDelta {
  return { type: 'message-delta', messageId, offset, text, tail: '', at: offset };
}

function setup() {
  let receive: (delta: MessageDelta) => void = () => {};
  let reads = 0;
  const hub = createDeltaHub({
    subscribe: (listener) => {
      receive = listener;
      return () => {};
    },
    readStored: async () => {
      reads++;
      return { content: '', streaming: true };
    },
  });
  return { hub, send: (next: MessageDelta) => receive(next), reads: () => reads };
}

describe('the page delta hub', () => {
  it('keeps what arrived before a view listened, so a view drawn anew goes on without a read', () => {
    const { hub, send, reads } = setup();
    // The first screen (the empty new chat) listens while the answer's first deltas arrive.
    const first: string[] = [];
    const stopFirst = hub.listen((_id, text) => first.push(text.content));
    send(delta(0, 'Tide '));
    stopFirst();
    // The screen drawn again for the chat the message created listens from here on.
    const second: string[] = [];
    hub.listen((_id, text) => second.push(text.content));
    expect(hub.assembler.get('answer')?.content).toBe('Tide ');
    send(delta(5, 'tables'));

    expect(first).toEqual(['Tide ']);
    expect(second).toEqual(['Tide tables']);
    expect(reads()).toBe(0);
  });

  it('tells every view listening, and none that stopped', () => {
    const { hub, send } = setup();
    const a: string[] = [];
    const b: string[] = [];
    const stopA = hub.listen((_id, text) => a.push(text.content));
    hub.listen((_id, text) => b.push(text.content));
    send(delta(0, 'One'));
    stopA();
    send(delta(3, ' two'));
    expect(a).toEqual(['One']);
    expect(b).toEqual(['One', 'One two']);
  });
});

describe('drawing streamed text', () => {
  afterEach(() => vi.useRealTimers());

  it('draws a delta after a quiet frame at once, and joins faster ones into one drawing a frame on', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const { hub, send } = setup();
    const drawn: string[] = [];
    drawPerFrame(
      hub,
      (id) => id === 'answer',
      () => drawn.push(hub.assembler.get('answer')?.content ?? ''),
    );

    send(delta(0, 'Low '));
    await Promise.resolve();
    expect(drawn).toEqual(['Low ']);

    vi.advanceTimersByTime(4);
    send(delta(4, 'tide '));
    send(delta(9, 'at six'));
    await Promise.resolve();
    expect(drawn).toEqual(['Low ']);
    vi.advanceTimersByTime(12);
    expect(drawn).toEqual(['Low ', 'Low tide at six']);
  });

  it('draws nothing for other messages, nor after it was stopped', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const { hub, send } = setup();
    let draws = 0;
    const stop = drawPerFrame(
      hub,
      (id) => id === 'answer',
      () => draws++,
    );
    send(delta(0, 'Elsewhere', 'other'));
    await Promise.resolve();
    expect(draws).toBe(0);

    send(delta(0, 'One'));
    await Promise.resolve();
    vi.advanceTimersByTime(2);
    send(delta(3, ' two'));
    stop();
    vi.advanceTimersByTime(32);
    send(delta(7, ' three'));
    await Promise.resolve();
    expect(draws).toBe(1);
  });
});
