import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { RunRecord, StepRecord } from '../../lib/db/records';
import type { FetchAnalysisActivity } from '../../lib/sessions/fetch-analysis-activity';
import { ActivityPanel } from './activity-panel';

const step = (fields: Partial<StepRecord> & Pick<StepRecord, 'id' | 'kind'>): StepRecord => ({
  runId: 'r',
  index: 0,
  status: 'done',
  startedAt: 0,
  endedAt: 1_200,
  ...fields,
});

const parentSteps = [
  step({ id: 'p0', kind: 'model', model: 'big-model', tokensIn: 1000, tokensOut: 50, attempts: 1 }),
  step({
    id: 'p1',
    kind: 'tool',
    toolName: 'agentic_fetch',
    consent: 'delegated',
    toolCallId: 'call-1',
    arguments: '{"prompt":"Latest Dexie version?"}',
    summary: 'Fetch Analysis: 2 tool calls, 1 source',
    bytes: 2048,
  }),
];

const analysis: FetchAnalysisActivity = {
  session: {
    id: 'child-1',
    title: 'Fetch Analysis',
    createdAt: 0,
    updatedAt: 0,
    parentSessionId: 'parent',
    parentToolCallId: 'call-1',
  },
  runs: [{ id: 'cr', model: 'small-model', status: 'done' } as RunRecord],
  steps: [
    step({ id: 'c0', kind: 'model', model: 'small-model', tokensIn: 400, tokensOut: 20 }),
    step({
      id: 'c1',
      kind: 'tool',
      toolName: 'web_search',
      consent: 'search',
      arguments: '{"query":"dexie release"}',
      summary: '"dexie release": 10 results from DuckDuckGo',
      bytes: 3000,
    }),
    step({
      id: 'c2',
      kind: 'tool',
      toolName: 'web_fetch',
      consent: 'fetch',
      arguments: '{"url":"https://dexie.org/"}',
      bytes: 9000,
    }),
  ],
};

const render = (analyses = new Map([['call-1', analysis]])) =>
  renderToStaticMarkup(
    <ActivityPanel
      steps={parentSteps}
      fetchAnalyses={analyses}
      onOpenSession={() => {}}
      defaultOpen
    />,
  );

describe('ActivityPanel', () => {
  it('is folded by default behind an Activity button', () => {
    const html = renderToStaticMarkup(
      <ActivityPanel steps={parentSteps} fetchAnalyses={new Map()} onOpenSession={() => {}} />,
    );
    expect(html).toContain('aria-expanded="false"');
    expect(html).toContain('2 steps');
    expect(html).not.toContain('big-model');
  });

  it('lists model steps with model, tokens, duration and attempts, tool steps with arguments', () => {
    const html = render();
    expect(html).toContain('<strong class="step-name">big-model</strong>');
    expect(html).toContain('1,000 tokens in, 50 out · 1.2 s · 1 attempt');
    expect(html).toContain(
      '<strong class="step-name" title="agentic_fetch">Fetch Analysis</strong>',
    );
    expect(html).toContain('search: “Latest Dexie version?”');
    expect(html).toContain('Fetch Analysis: 2 tool calls, 1 source');
  });

  it('nests the sub-agent’s steps under its agentic_fetch call, with totals and a way in', () => {
    const html = render();
    expect(html).toContain('aria-label="Fetch Analysis steps"');
    expect(html).toContain('on small-model');
    expect(html).toContain('“dexie release”');
    expect(html).toContain('https://dexie.org/');
    expect(html).toContain(
      '1 model call · 400 tokens in, 20 out · 1 fetch · 1 search · 11.7 KB read',
    );
    expect(html).toMatch(/<button[^>]*>Open Fetch Analysis<\/button>/);
    // Both agents in the answer's totals.
    expect(html).toContain('2 model calls · 1,400 tokens in, 70 out · 1 fetch · 1 search');
    expect(html).toContain('(Fetch Analysis included)');
  });

  it('shows no nested block when the sub-agent has not started', () => {
    const html = render(new Map());
    expect(html).not.toContain('Open Fetch Analysis');
    expect(html).not.toContain('Fetch Analysis included');
  });
});
