import type { GleanerDatabase } from '../lib/db/database';

/**
 * A stored session made by hand for the export and import tests: a question, an agentic_fetch
 * call that started a Fetch Analysis child session, its tool result (page text), and an answer
 * with sources and a notice; plus a second, still running session.
 */
export async function seedSessions(db: GleanerDatabase): Promise<void> {
  await db.sessions.bulkAdd([
    { id: 's1', title: 'Tell me about bees', createdAt: 1_000, updatedAt: 5_000 },
    {
      id: 's1-child',
      title: 'Fetch Analysis: bees',
      createdAt: 2_000,
      updatedAt: 3_000,
      parentSessionId: 's1',
      parentToolCallId: 'call_1',
    },
    { id: 's2', title: 'Still running', createdAt: 6_000, updatedAt: 6_000 },
  ]);
  await db.messages.bulkAdd([
    {
      id: 'm1',
      sessionId: 's1',
      runId: 'r1',
      role: 'user',
      content: 'Tell me about bees',
      status: 'done',
      createdAt: 1_000,
      seq: 0,
    },
    {
      id: 'm2',
      sessionId: 's1',
      runId: 'r1',
      role: 'assistant',
      content: '',
      status: 'done',
      toolCalls: [
        {
          id: 'call_1',
          name: 'agentic_fetch',
          arguments: '{"url":"https://garden.test/bees","prompt":"What do bees eat?"}',
        },
      ],
      createdAt: 1_100,
      seq: 1,
    },
    {
      id: 'm3',
      sessionId: 's1',
      runId: 'r1',
      role: 'tool',
      content: 'RAW PAGE TEXT that must not be in the Markdown export',
      status: 'done',
      toolCallId: 'call_1',
      toolName: 'agentic_fetch',
      createdAt: 1_200,
      seq: 2,
    },
    {
      id: 'm4',
      sessionId: 's1',
      runId: 'r1',
      role: 'assistant',
      content: 'Bees eat nectar and pollen.',
      status: 'done',
      sources: [{ title: 'All about [bees]', url: 'https://garden.test/bees', note: 'used 62%' }],
      notice: 'One fetch was denied.',
      createdAt: 4_000,
      seq: 3,
    },
    {
      id: 'c1',
      sessionId: 's1-child',
      runId: 'r-child',
      role: 'user',
      content: 'What do bees eat?',
      status: 'done',
      createdAt: 2_000,
      seq: 0,
    },
    {
      id: 'c2',
      sessionId: 's1-child',
      runId: 'r-child',
      role: 'assistant',
      content: 'Nectar.',
      status: 'done',
      createdAt: 2_500,
      seq: 1,
    },
    {
      id: 'x1',
      sessionId: 's2',
      runId: 'r2',
      role: 'user',
      content: 'Still running',
      status: 'done',
      createdAt: 6_000,
      seq: 0,
    },
    {
      id: 'x2',
      sessionId: 's2',
      runId: 'r2',
      role: 'assistant',
      content: 'Half an ans',
      status: 'streaming',
      createdAt: 6_100,
      seq: 1,
    },
  ]);
  const run = { model: 'mock-large', steps: 2, fetches: 1, budgetStart: 0 };
  await db.runs.bulkAdd([
    {
      ...run,
      id: 'r1',
      sessionId: 's1',
      userMessageId: 'm1',
      status: 'done',
      createdAt: 1_000,
      updatedAt: 5_000,
    },
    {
      ...run,
      id: 'r-child',
      sessionId: 's1-child',
      userMessageId: 'c1',
      parentRunId: 'r1',
      model: 'mock-small',
      status: 'done',
      createdAt: 2_000,
      updatedAt: 3_000,
    },
    {
      ...run,
      id: 'r2',
      sessionId: 's2',
      userMessageId: 'x1',
      status: 'awaiting-consent',
      allowAllFetches: true,
      createdAt: 6_000,
      updatedAt: 6_000,
    },
  ]);
  await db.steps.bulkAdd([
    {
      id: 'st1',
      runId: 'r1',
      index: 0,
      kind: 'model',
      status: 'done',
      startedAt: 1_000,
      endedAt: 1_100,
    },
    {
      id: 'st2',
      runId: 'r1',
      index: 1,
      kind: 'tool',
      status: 'done',
      toolName: 'agentic_fetch',
      consent: 'delegated',
      toolCallId: 'call_1',
      startedAt: 1_100,
      endedAt: 3_000,
    },
    { id: 'st3', runId: 'r-child', index: 0, kind: 'model', status: 'done', startedAt: 2_000 },
    { id: 'st4', runId: 'r2', index: 0, kind: 'model', status: 'running', startedAt: 6_000 },
  ]);
}
