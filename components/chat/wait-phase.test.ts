import { describe, expect, it } from 'vitest';
import type { RunRecord, StepRecord } from '../../lib/db/records';
import type { FetchAnalysisActivity } from '../../lib/sessions/fetch-analysis-activity';
import { type WaitInput, waitPhase } from './wait-phase';

const run: RunRecord = {
  id: 'r1',
  sessionId: 's1',
  userMessageId: 'm1',
  status: 'running',
  model: 'm',
  steps: 0,
  fetches: 0,
  budgetStart: 0,
  createdAt: 0,
  updatedAt: 0,
};

let index = 0;
const step = (fields: Partial<StepRecord>): StepRecord => ({
  id: `s${++index}`,
  runId: 'r1',
  index,
  kind: 'tool',
  status: 'running',
  startedAt: 0,
  ...fields,
});

const input = (fields: Partial<WaitInput>): WaitInput => ({
  run,
  steps: [],
  consent: undefined,
  fetchAnalyses: new Map(),
  tabTitle: (id) => (id === 3 ? 'The Tide Clocks' : undefined),
  textFlows: false,
  now: 10_000,
  ...fields,
});

describe('waitPhase', () => {
  it('says nothing once the answer is done, and waits for the model before anything runs', () => {
    expect(waitPhase(input({ run: { ...run, status: 'done' } }))).toBeUndefined();
    expect(waitPhase(input({}))).toBe('Waiting for the model…');
  });

  it('names the tab being read, by its title, not its id', () => {
    const reading = step({ toolName: 'read_tab', arguments: '{"tabId":3}' });
    expect(waitPhase(input({ steps: [reading] }))).toBe('Reading The Tide Clocks…');
  });

  it('asks first while a card waits', () => {
    expect(waitPhase(input({ run: { ...run, status: 'awaiting-consent' } }))).toBe(
      'Asking you first',
    );
  });

  it('counts down to a retry after a rate limit', () => {
    const model = step({ kind: 'model', retryAt: 14_200, retryReason: 'rate-limited' });
    expect(waitPhase(input({ steps: [model] }))).toBe(
      'Rate limited by the provider, retrying in 5 s',
    );
    expect(waitPhase(input({ steps: [model], now: 20_000 }))).toBe('Waiting for the model…');
  });

  it('follows a Fetch Analysis: its search, then "Reading 2 of 3 pages…"', () => {
    const call = step({ toolName: 'agentic_fetch', toolCallId: 'c1', arguments: '{}' });
    const analysis = (steps: StepRecord[]): Map<string, FetchAnalysisActivity> =>
      new Map([
        [
          'c1',
          {
            session: { id: 'fa', title: 'x', createdAt: 0, updatedAt: 0 },
            runs: [],
            steps,
          },
        ],
      ]);
    const search = step({ toolName: 'web_search', arguments: '{"query":"tide clock history"}' });
    expect(waitPhase(input({ steps: [call], fetchAnalyses: analysis([search]) }))).toBe(
      'Searching the web for “tide clock history”…',
    );
    const pages = [
      step({ toolName: 'web_fetch', status: 'done' }),
      step({ toolName: 'web_fetch' }),
      step({ toolName: 'web_fetch' }),
    ];
    expect(waitPhase(input({ steps: [call], fetchAnalyses: analysis(pages) }))).toBe(
      'Reading 2 of 3 pages…',
    );
  });

  it('gives way to the text once it streams', () => {
    const model = step({ kind: 'model' });
    expect(waitPhase(input({ steps: [model], textFlows: true }))).toBeUndefined();
  });
});
