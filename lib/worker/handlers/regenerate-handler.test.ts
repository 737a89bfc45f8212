import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../testing/test-database';
import { appendMessage, createSession } from '../../db/queries';
import { regenerateHandler } from './regenerate-handler';

async function answeredRun(extra: { attachedTabIds?: number[]; searchWeb?: boolean } = {}) {
  const db = createTestDatabase();
  const session = await createSession(db, { title: 'Tide clocks' });
  const question = await appendMessage(db, {
    sessionId: session.id,
    runId: 'run-1',
    role: 'user',
    content: 'How does a tide clock work?',
    status: 'done',
  });
  await db.runs.add({
    id: 'run-1',
    sessionId: session.id,
    userMessageId: question.id,
    status: 'done',
    model: 'm',
    steps: 1,
    fetches: 0,
    budgetStart: 0,
    createdAt: 1,
    updatedAt: 1,
    ...extra,
  });
  const started: unknown[] = [];
  const runs = {
    start: async (input: unknown) => {
      started.push(input);
      return { sessionId: session.id, runId: 'run-2' };
    },
  };
  return { db, session, started, handler: regenerateHandler(db, runs) };
}

describe('regenerateRun', () => {
  it('asks the same question again in the same session, with its tabs and web search', async () => {
    const { session, started, handler } = await answeredRun({
      attachedTabIds: [7],
      searchWeb: true,
    });
    expect(await handler.regenerateRun({ type: 'regenerateRun', runId: 'run-1' })).toEqual({
      sessionId: session.id,
      runId: 'run-2',
    });
    expect(started).toEqual([
      {
        sessionId: session.id,
        text: 'How does a tide clock work?',
        tabIds: [7],
        searchWeb: true,
      },
    ]);
  });

  it('says so when the answer is gone', async () => {
    const { handler } = await answeredRun();
    await expect(handler.regenerateRun({ type: 'regenerateRun', runId: 'nope' })).rejects.toThrow(
      'This answer no longer exists.',
    );
  });
});
