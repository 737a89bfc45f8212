import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AssembledText, createDeltaAssembler, type StoredText } from './delta-assembly';

function delta(offset: number, text: string, tail = '', at = offset) {
  return { type: 'message-delta' as const, messageId: 'm1', offset, text, tail, at };
}

function setup(stored: { current: StoredText | undefined }) {
  const shown: string[] = [];
  const reads: number[] = [];
  const assembler = createDeltaAssembler({
    readStored: async () => {
      reads.push(Date.now());
      return stored.current;
    },
    onChange: (_id, assembled: AssembledText) => shown.push(assembled.content),
    retryMs: 300,
  });
  return { assembler, shown, reads };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('putting a streamed answer together', () => {
  it('appends each delta at its offset without reading storage', async () => {
    const { assembler, shown, reads } = setup({ current: undefined });
    assembler.receive(delta(0, 'Tide '));
    assembler.receive(delta(5, 'tables'));
    await vi.runAllTimersAsync();
    expect(shown).toEqual(['Tide ', 'Tide tables']);
    expect(reads).toHaveLength(0);
  });

  it('shows the tail after the final text until the next delta replaces it', () => {
    const { assembler, shown } = setup({ current: undefined });
    assembler.receive(delta(0, 'Tide', ' t'));
    assembler.receive(delta(4, ' tables', ''));
    expect(shown).toEqual(['Tide t', 'Tide tables']);
  });

  it('takes a repeated delta once, and a restart at 0 replaces the text', () => {
    const { assembler, shown } = setup({ current: undefined });
    assembler.receive(delta(0, 'Tide '));
    assembler.receive(delta(0, 'Tide '));
    assembler.receive(delta(5, 'tables'));
    assembler.receive(delta(0, 'Again'));
    expect(shown.at(-1)).toBe('Again');
    expect(assembler.get('m1')?.content).toBe('Again');
  });

  it('fills a gap (the panel opened mid-answer) from the stored message', async () => {
    const stored = { current: { content: 'High water at 6', streaming: true } };
    const { assembler, shown } = setup(stored);
    assembler.receive(delta(15, ' and low at noon'));
    await vi.runAllTimersAsync();
    expect(shown.at(-1)).toBe('High water at 6 and low at noon');
  });

  it('waits for the stored copy to catch up, keeping the deltas that arrived meanwhile', async () => {
    // The Port was lost for a while: the stored copy is behind the first delta after it.
    const stored = { current: { content: 'High', streaming: true } as StoredText };
    const { assembler, shown, reads } = setup(stored);
    assembler.receive(delta(0, 'Hi'));
    assembler.receive(delta(15, ' and low'));
    assembler.receive(delta(23, ' at noon'));
    await vi.advanceTimersByTimeAsync(0);
    expect(shown.at(-1)).toBe('High');
    stored.current = { content: 'High water at 6 and', streaming: true };
    await vi.advanceTimersByTimeAsync(300);
    expect(shown.at(-1)).toBe('High water at 6 and low at noon');
    expect(reads).toHaveLength(2);
    // Later deltas append again without storage.
    assembler.receive(delta(31, '.'));
    expect(shown.at(-1)).toBe('High water at 6 and low at noon.');
    expect(reads).toHaveLength(2);
  });

  it('stops reading once the message is no longer streaming', async () => {
    const stored = { current: { content: 'Done.', streaming: false } as StoredText };
    const { assembler, reads } = setup(stored);
    assembler.receive(delta(40, 'late'));
    await vi.advanceTimersByTimeAsync(2_000);
    expect(reads).toHaveLength(1);
  });

  it('keeps a bounded number of messages', () => {
    const { assembler } = setup({ current: undefined });
    for (let index = 0; index < 20; index++) {
      assembler.receive({ ...delta(0, `answer ${index}`), messageId: `m${index}` });
    }
    expect(assembler.get('m0')).toBeUndefined();
    expect(assembler.get('m19')?.content).toBe('answer 19');
  });
});
