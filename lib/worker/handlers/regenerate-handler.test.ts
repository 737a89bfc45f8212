import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../testing/test-database';
import { appendMessage, createSession } from '../../db/queries';
import { regenerateHandler } from './regenerate-handler';

async function answeredRun(
  extra: { attachedTabIds?: number[]; searchWeb?: boolean; withoutWeb?: boolean } = {},
) {
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
  return { db, session, question, started, handler: regenerateHandler(db, runs) };
}

describe('regenerateRun', () => {
  it('asks the same question again in the same session, with its tabs and web search', async () => {
    const { session, question, started, handler } = await answeredRun({
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
        turnMessageId: question.id,
        tabIds: [7],
        searchWeb: true,
      },
    ]);
  });

  it('answers the turn of the first question when an answer that was itself regenerated is regenerated', async () => {
    const { db, session, started, handler } = await answeredRun();
    await db.runs.update('run-1', { turnMessageId: 'first-question' });
    await handler.regenerateRun({ type: 'regenerateRun', runId: 'run-1' });
    expect(started).toEqual([
      expect.objectContaining({ sessionId: session.id, turnMessageId: 'first-question' }),
    ]);
  });

  it('keeps an answer written without the web so when it is regenerated', async () => {
    const { started, handler } = await answeredRun({ withoutWeb: true, searchWeb: true });
    await handler.regenerateRun({ type: 'regenerateRun', runId: 'run-1' });
    expect(started).toEqual([expect.objectContaining({ withoutWeb: true })]);
    expect(started[0]).not.toHaveProperty('searchWeb');
  });

  it('asks without the web, and without Search the web, for Answer without the web', async () => {
    const { session, started, handler, question } = await answeredRun({ searchWeb: true });
    await handler.regenerateRun({ type: 'regenerateRun', runId: 'run-1', withoutWeb: true });
    expect(started).toEqual([
      {
        sessionId: session.id,
        text: 'How does a tide clock work?',
        turnMessageId: question.id,
        withoutWeb: true,
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
