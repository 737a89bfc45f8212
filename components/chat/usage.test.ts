import { describe, expect, it } from 'vitest';
import type { StepRecord } from '../../lib/db/records';
import { usageOf } from '../../lib/sessions/run-totals';
import { describeUsage } from './usage';

const step = (fields: Partial<StepRecord>): StepRecord => ({
  id: String(Math.random()),
  runId: 'r',
  index: 0,
  kind: 'model',
  status: 'done',
  startedAt: 0,
  ...fields,
});

describe('usage under an answer', () => {
  it('adds the model calls, with the price when every call has one', () => {
    const usage = usageOf([
      step({ tokensIn: 1000, tokensOut: 100, cost: 0.0012 }),
      step({ kind: 'tool', bytes: 5000 }),
      step({ tokensIn: 2000, tokensOut: 50, cost: 0.0009 }),
    ]);
    expect(describeUsage(usage)).toBe('3,000 in · 150 out · $0.0021');
  });

  it('marks estimated counts with ≈ and leaves the price out when one call has none', () => {
    const usage = usageOf([
      step({ tokensIn: 1000, tokensOut: 100, cost: 0.5 }),
      step({ tokensIn: 900, tokensOut: 80, usageEstimated: true }),
    ]);
    expect(describeUsage(usage)).toBe('≈ 1,900 in · 180 out');
  });
});

describe('usage of compressions', () => {
  const compression = (fields: Partial<StepRecord>): StepRecord =>
    step({
      kind: 'compression',
      model: 'gpt-4o-mini',
      tokensIn: 12_400,
      tokensOut: 1_900,
      compression: {
        summary: 'The user read two pages.',
        replacedIds: ['m1'],
        factsRestored: [],
        reason: 'threshold',
        sent: { tokensIn: 3_000, tokensOut: 400 },
      },
      ...fields,
    });

  it('counts what a compression sent and its price in the answer and the chat totals', () => {
    const answer = [
      compression({ cost: 0.00069 }),
      step({ tokensIn: 2000, tokensOut: 100, cost: 0.006 }),
    ];
    expect(describeUsage(usageOf(answer))).toBe('5,000 in · 500 out · $0.0067');
    const chat = [...answer, step({ tokensIn: 1000, tokensOut: 50, cost: 0.003 })];
    expect(describeUsage(usageOf(chat))).toBe('6,000 in · 550 out · $0.0097');
  });

  it('leaves the price out when the small model has none', () => {
    const usage = usageOf([compression({}), step({ tokensIn: 2000, tokensOut: 100, cost: 0.006 })]);
    expect(describeUsage(usage)).toBe('5,000 in · 500 out');
  });
});
