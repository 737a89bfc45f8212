import { describe, expect, it } from 'vitest';
import { fakeRun, fakeStep } from '../../testing/fake-records';
import { createTestDatabase } from '../../testing/test-database';
import { readSubAgentCalls, runTotalsOf, storedTotals } from './run-totals';

const run = fakeRun;
const step = fakeStep;

describe('readSubAgentCalls', () => {
  it("gives the model calls of the named calls' Fetch Analyses in order, without tool calls", async () => {
    const db = createTestDatabase();
    await db.sessions.bulkAdd([
      { id: 'parent', title: 'p', createdAt: 0, updatedAt: 0 },
      {
        id: 'a',
        title: 'a',
        createdAt: 0,
        updatedAt: 0,
        parentSessionId: 'parent',
        parentToolCallId: 'call-a',
      },
      {
        id: 'b',
        title: 'b',
        createdAt: 0,
        updatedAt: 0,
        parentSessionId: 'parent',
        parentToolCallId: 'call-b',
      },
    ]);
    await db.runs.bulkAdd([run('run-a', 'a'), run('run-b', 'b')]);
    await db.steps.bulkAdd([
      step('a-2', 'run-a', 2, { tokensIn: 30 }),
      step('a-1', 'run-a', 1, { kind: 'tool' }),
      step('a-0', 'run-a', 0, { tokensIn: 10 }),
      step('b-0', 'run-b', 0, { tokensIn: 5 }),
    ]);

    const calls = await readSubAgentCalls(db, 'parent', new Set(['call-a']));
    expect([...calls.keys()]).toEqual(['call-a']);
    expect(calls.get('call-a')!.map((s) => s.id)).toEqual(['a-0', 'a-2']);
    expect((await readSubAgentCalls(db, 'parent', new Set())).size).toBe(0);
  });
});

describe('runTotalsOf', () => {
  it('counts the steps, the tokens of model calls and sub-agents, the tabs read and compressions', () => {
    const steps = [
      step('m', 'r', 0, { tokensIn: 100, tokensOut: 10, cost: 0.5 }),
      step('t', 'r', 1, {
        kind: 'tool',
        toolName: 'read_tab',
        toolCallId: 'c1',
        consent: 'tab',
        arguments: '{"tabId":7}',
        summary: 'Tides: 1,200 of 1,200 characters (100%)',
      }),
      step('f', 'r', 2, {
        kind: 'tool',
        toolName: 'agentic_fetch',
        toolCallId: 'c2',
        consent: 'delegated',
      }),
      step('c', 'r', 3, { kind: 'compression', tokensIn: 900, tokensOut: 90 }),
    ];
    const calls = new Map([['c2', [step('s', 'x', 0, { tokensIn: 40, tokensOut: 4 })]]]);
    expect(runTotalsOf(steps, calls)).toEqual({
      steps: 4,
      // The compression has no recorded requests: its sizes count, as an estimate.
      usage: { tokensIn: 1000, tokensOut: 100, estimated: true, cost: undefined },
      // The sub-agent's call has no price: its total price is unknown.
      subAgentUsage: { tokensIn: 40, tokensOut: 4, estimated: false, cost: undefined },
      readTabs: [{ tabId: 7, title: 'Tides' }],
      compressions: 1,
      lastToolConsent: 'delegated',
    });
  });

  it('trusts stored totals only once the run has ended', () => {
    const totals = runTotalsOf([], new Map());
    expect(storedTotals(run('r', 's', { totals }))).toBe(totals);
    expect(storedTotals(run('r', 's', { totals, status: 'running' }))).toBeUndefined();
  });
});
