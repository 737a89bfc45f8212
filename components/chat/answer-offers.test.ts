import { describe, expect, it } from 'vitest';
import type { StepRecord } from '../../lib/db/records';
import { runTotalsOf } from '../../lib/sessions/run-totals';
import { offersAnswerWithoutWeb as offers } from './answer-offers';

const denied = { error: { kind: 'denied' as const, message: 'You denied it.' } };
const tool = (index: number, consent: 'tab' | 'fetch' | 'search' | 'none'): StepRecord => ({
  id: `step-${index}`,
  runId: 'run',
  kind: 'tool',
  status: 'done',
  index,
  consent,
  startedAt: index,
});
/** Asked as the footer asks it: from the totals the run's steps add up to. */
const offersAnswerWithoutWeb = (run: Parameters<typeof offers>[0], steps: StepRecord[]) =>
  offers(run, runTotalsOf(steps, new Map()));

describe('what a denied answer offers', () => {
  it('offers Answer without the web after a denied fetch or search', () => {
    expect(offersAnswerWithoutWeb(denied, [tool(0, 'tab'), tool(2, 'fetch')])).toBe(true);
    expect(offersAnswerWithoutWeb(denied, [tool(1, 'search')])).toBe(true);
  });

  it('offers nothing after a denied tab read: the answer without the web would ask again', () => {
    expect(offersAnswerWithoutWeb(denied, [tool(0, 'fetch'), tool(3, 'tab')])).toBe(false);
  });

  it('offers nothing for an answer that was not denied', () => {
    expect(offersAnswerWithoutWeb({ error: undefined }, [tool(0, 'fetch')])).toBe(false);
    expect(
      offersAnswerWithoutWeb({ error: { kind: 'limit', message: 'Stopped.' } }, [tool(0, 'fetch')]),
    ).toBe(false);
  });
});
