import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coalesceAppends, type TimedAppend } from './delta-coalescing';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function setup() {
  const sent: TimedAppend[] = [];
  const coalescer = coalesceAppends(
    (append) => sent.push(append),
    16,
    () => Date.now(),
  );
  return { sent, coalescer };
}

describe('sending streamed appends to the panel', () => {
  it('sends the first append at once and joins the ones that follow within the interval', () => {
    const { sent, coalescer } = setup();
    coalescer.push({ offset: 0, text: 'Hi', tail: 'g' });
    coalescer.push({ offset: 2, text: 'gh', tail: ' ' });
    coalescer.push({ offset: 4, text: ' w', tail: 'a' });
    expect(sent.map((append) => append.text)).toEqual(['Hi']);
    vi.advanceTimersByTime(16);
    expect(sent.slice(1)).toEqual([
      expect.objectContaining({ offset: 2, text: 'gh w', tail: 'a' }),
    ]);
  });

  it('stamps a joined append with the time its first text arrived', () => {
    const { sent, coalescer } = setup();
    coalescer.push({ offset: 0, text: 'a', tail: '' });
    vi.advanceTimersByTime(5);
    const arrived = Date.now();
    coalescer.push({ offset: 1, text: 'b', tail: '' });
    vi.advanceTimersByTime(5);
    coalescer.push({ offset: 2, text: 'c', tail: '' });
    coalescer.flush();
    expect(sent.at(-1)).toEqual({ offset: 1, text: 'bc', tail: '', at: arrived });
  });

  it('keeps a restart at offset 0 instead of joining it to the old text', () => {
    const { sent, coalescer } = setup();
    coalescer.push({ offset: 0, text: 'First', tail: '' });
    coalescer.push({ offset: 5, text: ' try', tail: '' });
    coalescer.push({ offset: 0, text: 'Again', tail: '' });
    coalescer.flush();
    expect(sent.at(-1)).toMatchObject({ offset: 0, text: 'Again' });
  });

  it('sends nothing more once everything pending was sent', () => {
    const { sent, coalescer } = setup();
    coalescer.push({ offset: 0, text: 'Done', tail: '' });
    coalescer.flush();
    vi.advanceTimersByTime(100);
    expect(sent).toHaveLength(1);
  });
});
