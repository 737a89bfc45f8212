import { describe, expect, it } from 'vitest';
import { fakeRun, fakeSession, fakeStep } from '../testing/fake-records';
import { createTestDatabase } from '../testing/test-database';
import { readFetchAnalyses } from './use-fetch-analyses';

const session = fakeSession;
const run = (id: string, sessionId: string, createdAt: number) =>
  fakeRun(id, sessionId, { createdAt, updatedAt: createdAt });
const step = (id: string, runId: string, index: number) =>
  fakeStep(id, runId, index, { kind: index % 2 ? 'tool' : 'model' });

describe('readFetchAnalyses', () => {
  it('maps each Fetch Analysis of a session to its tool call, with its runs and steps in order', async () => {
    const db = createTestDatabase();
    await db.sessions.bulkAdd([
      session('parent'),
      session('child-a', { parentSessionId: 'parent', parentToolCallId: 'call-a' }),
      session('child-b', { parentSessionId: 'parent', parentToolCallId: 'call-b' }),
      session('elsewhere', { parentSessionId: 'other', parentToolCallId: 'call-x' }),
    ]);
    await db.runs.bulkAdd([
      run('run-a2', 'child-a', 20),
      run('run-a1', 'child-a', 10),
      run('run-b', 'child-b', 5),
      run('run-x', 'elsewhere', 5),
    ]);
    await db.steps.bulkAdd([
      step('a1-1', 'run-a1', 1),
      step('a1-0', 'run-a1', 0),
      step('a2-0', 'run-a2', 0),
      step('b-0', 'run-b', 0),
      step('x-0', 'run-x', 0),
    ]);

    const analyses = await readFetchAnalyses(db, 'parent');

    expect([...analyses.keys()].sort()).toEqual(['call-a', 'call-b']);
    const a = analyses.get('call-a')!;
    expect(a.session.id).toBe('child-a');
    expect(a.runs.map((r) => r.id)).toEqual(['run-a1', 'run-a2']);
    expect(a.steps.map((s) => s.id)).toEqual(['a1-0', 'a1-1', 'a2-0']);
    expect(analyses.get('call-b')!.steps.map((s) => s.id)).toEqual(['b-0']);
  });

  it('is empty for a session without sub-agents', async () => {
    const db = createTestDatabase();
    await db.sessions.add(session('lonely'));
    expect((await readFetchAnalyses(db, 'lonely')).size).toBe(0);
  });

  it('reads only the sub-agents of the calls asked for: an Activity left folded reads none', async () => {
    const db = createTestDatabase();
    await db.sessions.bulkAdd([
      session('parent'),
      session('child-a', { parentSessionId: 'parent', parentToolCallId: 'call-a' }),
      session('child-b', { parentSessionId: 'parent', parentToolCallId: 'call-b' }),
    ]);
    await db.runs.bulkAdd([run('run-a', 'child-a', 1), run('run-b', 'child-b', 2)]);
    await db.steps.bulkAdd([step('a-0', 'run-a', 0), step('b-0', 'run-b', 0)]);

    const opened = await readFetchAnalyses(db, 'parent', new Set(['call-b']));

    expect([...opened.keys()]).toEqual(['call-b']);
    expect(opened.get('call-b')!.steps.map((s) => s.id)).toEqual(['b-0']);
    expect((await readFetchAnalyses(db, 'parent', new Set())).size).toBe(0);
  });
});
