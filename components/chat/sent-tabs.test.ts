import { describe, expect, it } from 'vitest';
import type { RunRecord, StepRecord } from '../../lib/db/records';
import { runTotalsOf } from '../../lib/sessions/run-totals';
import { sentTabTitles } from './sent-tabs';

const run = {
  id: 'r1',
  sessionId: 's',
  userMessageId: 'm1',
  status: 'done',
  model: 'm',
  steps: 1,
  fetches: 0,
  budgetStart: 0,
  attachedTabIds: [4, 9],
  createdAt: 1,
  updatedAt: 1,
} satisfies RunRecord;

const readStep = (tabId: number, summary?: string): StepRecord => ({
  id: `s${tabId}`,
  runId: 'r1',
  index: 0,
  kind: 'tool',
  status: summary ? 'done' : 'running',
  toolName: 'read_tab',
  arguments: JSON.stringify({ tabId }),
  ...(summary ? { summary } : {}),
  startedAt: 1,
});

describe('sentTabTitles', () => {
  it('names each attached tab by what was read, or by the window while it is read', () => {
    const steps = [readStep(4, 'Tides: a history: 1,200 of 1,200 characters (100%)'), readStep(9)];
    const totals = new Map([['r1', runTotalsOf(steps, new Map())]]);
    const titles = sentTabTitles([run], totals, (id) => (id === 9 ? 'Harbour map' : undefined));
    expect(titles.get('m1')).toEqual(['Tides: a history', 'Harbour map']);
  });

  it('says "A tab" for a tab closed before it was read, and skips runs without tabs', () => {
    const titles = sentTabTitles(
      [run, { ...run, id: 'r2', userMessageId: 'm2', attachedTabIds: undefined }],
      new Map(),
      () => undefined,
    );
    expect(titles.get('m1')).toEqual(['A tab', 'A tab']);
    expect(titles.has('m2')).toBe(false);
  });
});
