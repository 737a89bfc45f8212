import { describe, expect, it } from 'vitest';
import type { MessageRecord, RunRecord } from '../../lib/db/records';
import { buildChatItems, displayContent } from './chat-items';

function message(
  fields: Partial<MessageRecord> & Pick<MessageRecord, 'id' | 'role'>,
): MessageRecord {
  return { sessionId: 's', content: '', status: 'done', createdAt: 0, seq: 0, ...fields };
}

const run: RunRecord = {
  id: 'r1',
  sessionId: 's',
  userMessageId: 'u1',
  status: 'running',
  model: 'm',
  steps: 0,
  fetches: 0,
  budgetStart: 0,
  createdAt: 0,
  updatedAt: 0,
};

describe('displayContent', () => {
  it('shows streamed content while it is ahead of what is stored', () => {
    const streaming = message({ id: 'a', role: 'assistant', status: 'streaming', content: 'He' });
    expect(displayContent(streaming, { content: 'Hello', at: 1 })).toBe('Hello');
    expect(displayContent(streaming, { content: 'H', at: 1 })).toBe('He');
  });

  it('trusts the stored message once it stopped streaming', () => {
    const done = message({ id: 'a', role: 'assistant', status: 'stopped', content: 'He' });
    expect(displayContent(done, { content: 'Hello there', at: 1 })).toBe('He');
  });
});

describe('buildChatItems', () => {
  it('hides tool messages and tool-only assistant turns, and puts Activity under the answer', () => {
    const items = buildChatItems(
      [
        message({ id: 'u1', role: 'user', content: 'Q', runId: 'r1' }),
        message({ id: 'a1', role: 'assistant', runId: 'r1', toolCalls: [] }),
        message({ id: 't1', role: 'tool', runId: 'r1', content: 'page' }),
        message({ id: 'a2', role: 'assistant', runId: 'r1', content: 'Answer' }),
      ],
      [run],
    );
    expect(items.map((item) => item.message.id)).toEqual(['u1', 'a2']);
    expect(items[1]?.activityRun?.id).toBe('r1');
  });

  it('puts Activity under the question while no answer exists yet', () => {
    const items = buildChatItems([message({ id: 'u1', role: 'user', content: 'Q' })], [run]);
    expect(items[0]?.activityRun?.id).toBe('r1');
  });

  it('shows a notice with no text under the answer it follows, as one line', () => {
    const items = buildChatItems(
      [
        message({ id: 'u1', role: 'user', content: 'Q', runId: 'r1' }),
        message({ id: 'a1', role: 'assistant', runId: 'r1', content: 'Let me look.' }),
        message({ id: 'n1', role: 'assistant', runId: 'r1', notice: 'You denied the fetch.' }),
      ],
      [run],
    );
    expect(items.map((item) => item.message.id)).toEqual(['u1', 'a1']);
    expect(items[1]?.notices).toEqual([{ notice: 'You denied the fetch.' }]);
    expect(items[1]?.activityRun?.id).toBe('r1');
  });

  it('shows a notice on its own when the run has no answer text to put it under', () => {
    const items = buildChatItems(
      [
        message({ id: 'u1', role: 'user', content: 'Q', runId: 'r1' }),
        message({ id: 'a1', role: 'assistant', runId: 'r1', toolCalls: [] }),
        message({ id: 'n1', role: 'assistant', runId: 'r1', notice: 'Step limit reached.' }),
      ],
      [run],
    );
    expect(items.map((item) => item.message.id)).toEqual(['u1', 'n1']);
    expect(items[1]).toMatchObject({ content: '', notices: [{ notice: 'Step limit reached.' }] });
  });

  it('never shows the synthetic read_tab turn, whatever its status', () => {
    const items = buildChatItems(
      [
        message({ id: 'u1', role: 'user', content: 'Q', runId: 'r1' }),
        message({
          id: 's1',
          role: 'assistant',
          runId: 'r1',
          synthetic: true,
          status: 'interrupted',
          toolCalls: [{ id: 'c1', name: 'read_tab', arguments: '{"tabId":7}' }],
        }),
        message({ id: 't1', role: 'tool', runId: 'r1', toolCallId: 'c1', content: 'page text' }),
      ],
      [run],
    );
    expect(items.map((item) => item.message.id)).toEqual(['u1']);
    expect(items[0]?.activityRun?.id).toBe('r1');
  });
});
