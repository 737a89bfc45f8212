import { beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../testing/test-database';
import type { GleanerDatabase } from './database';
import {
  appendMessage,
  createSession,
  deleteSessionCascade,
  markInterruptedRuns,
  runSteps,
  sessionMessages,
  titleFromMessage,
  topLevelSessions,
} from './queries';
import type { RunRecord } from './records';

let db: GleanerDatabase;
beforeEach(() => {
  db = createTestDatabase();
});

function run(fields: Partial<RunRecord> & Pick<RunRecord, 'id' | 'sessionId'>): RunRecord {
  return {
    userMessageId: 'u',
    status: 'running',
    model: 'm',
    steps: 0,
    fetches: 0,
    budgetStart: 0,
    createdAt: 1,
    updatedAt: 1,
    ...fields,
  };
}

describe('titles', () => {
  it('is the first message trimmed to one line', () => {
    expect(titleFromMessage('  What is\n\n  Dexie?  ')).toBe('What is Dexie?');
  });
  it('cuts long messages with an ellipsis', () => {
    const title = titleFromMessage('word '.repeat(50));
    expect(title.length).toBeLessThanOrEqual(80);
    expect(title.endsWith('…')).toBe(true);
  });
});

describe('sessions and messages', () => {
  it('keeps messages in order and lists top-level sessions newest first', async () => {
    const older = await createSession(db, { title: 'older' }, 1000);
    const newer = await createSession(db, { title: 'newer' }, 2000);
    await createSession(db, { title: 'Fetch Analysis', parentSessionId: newer.id }, 3000);
    for (const content of ['one', 'two', 'three']) {
      await appendMessage(db, {
        sessionId: older.id,
        role: 'user',
        content,
        status: 'done',
        createdAt: 5,
      });
    }
    expect((await sessionMessages(db, older.id)).map((message) => message.content)).toEqual([
      'one',
      'two',
      'three',
    ]);
    // Appending touched the older session, so it is now the newest.
    expect((await topLevelSessions(db)).map((session) => session.title)).toEqual([
      'newer',
      'older',
    ]);
  });

  it('deletes a session with its runs, steps and child sessions, leaving others alone', async () => {
    const doomed = await createSession(db, { title: 'doomed' });
    const child = await createSession(db, { title: 'Fetch Analysis', parentSessionId: doomed.id });
    const kept = await createSession(db, { title: 'kept' });
    for (const session of [doomed, child, kept]) {
      await appendMessage(db, {
        sessionId: session.id,
        role: 'user',
        content: 'x',
        status: 'done',
      });
      await db.runs.add(run({ id: `run-${session.title}`, sessionId: session.id }));
      await db.steps.add({
        id: `step-${session.title}`,
        runId: `run-${session.title}`,
        index: 0,
        kind: 'model',
        status: 'done',
        startedAt: 1,
      });
    }
    await deleteSessionCascade(db, doomed.id);
    expect((await db.sessions.toArray()).map((session) => session.title)).toEqual(['kept']);
    expect(await db.messages.count()).toBe(1);
    expect((await db.runs.toArray()).map((record) => record.id)).toEqual(['run-kept']);
    expect((await db.steps.toArray()).map((record) => record.id)).toEqual(['step-kept']);
  });
});

describe('worker start recovery', () => {
  it('marks running and awaiting-consent runs interrupted, keeping partial text', async () => {
    const session = await createSession(db, { title: 's' });
    await db.runs.bulkAdd([
      run({ id: 'a', sessionId: session.id, status: 'running' }),
      run({ id: 'b', sessionId: session.id, status: 'awaiting-consent' }),
      run({ id: 'c', sessionId: session.id, status: 'done' }),
    ]);
    const partial = await appendMessage(db, {
      sessionId: session.id,
      runId: 'a',
      role: 'assistant',
      content: 'half an ans',
      status: 'streaming',
    });
    await db.steps.add({
      id: 's1',
      runId: 'a',
      index: 0,
      kind: 'model',
      status: 'running',
      startedAt: 1,
    });

    expect(await markInterruptedRuns(db)).toBe(2);
    expect((await db.runs.get('a'))?.status).toBe('interrupted');
    expect((await db.runs.get('b'))?.status).toBe('interrupted');
    expect((await db.runs.get('c'))?.status).toBe('done');
    expect(await db.messages.get(partial.id)).toMatchObject({
      content: 'half an ans',
      status: 'interrupted',
    });
    expect((await runSteps(db, 'a'))[0]?.status).toBe('interrupted');
  });
});
