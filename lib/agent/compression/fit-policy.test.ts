import { describe, expect, it } from 'vitest';
import type { MessageRecord } from '../../db/records';
import { answerReserve, conversationWith, cutToBudget, type FitInput, planFit } from './fit-policy';

let seq = 0;
function message(
  fields: Partial<MessageRecord> & Pick<MessageRecord, 'role' | 'content'>,
): MessageRecord {
  seq++;
  return { id: `m${seq}`, sessionId: 's', status: 'done', createdAt: seq, seq, ...fields };
}

/** A turn: the question, a tool call, its long result, and the answer. */
function turn(index: number, pageChars: number): MessageRecord[] {
  const callId = `call${index}`;
  return [
    message({ role: 'user', content: `Question ${index}?` }),
    message({
      role: 'assistant',
      content: '',
      toolCalls: [{ id: callId, name: 'fetch', arguments: '{}' }],
    }),
    message({
      role: 'tool',
      toolCallId: callId,
      toolName: 'fetch',
      content: 'p'.repeat(pageChars),
    }),
    message({ role: 'assistant', content: `Answer ${index}: ${'a'.repeat(400)}` }),
  ];
}

function input(messages: MessageRecord[], fields: Partial<FitInput> = {}): FitInput {
  return {
    systemPrompt: 'You are a test.',
    messages,
    tools: [],
    contextWindow: 8192,
    calibration: 1,
    ...fields,
  };
}

describe('the fitting policy', () => {
  it('sends a conversation under 60% of the window as it is', () => {
    const plan = planFit(input([...turn(1, 4000), message({ role: 'user', content: 'Next?' })]));
    expect(plan.kind).toBe('send');
  });

  it('takes old tool results first, oldest first, and never a user message or the current turn', () => {
    const messages = [...turn(1, 12_000), ...turn(2, 12_000), ...turn(3, 400)];
    const plan = planFit(input(messages));
    expect(plan.kind).toBe('compress');
    if (plan.kind !== 'compress') return;
    const taken = plan.take.map((m) => [m.role, m.content.slice(0, 8)]);
    expect(taken).toEqual([
      ['tool', 'pppppppp'],
      ['tool', 'pppppppp'],
    ]);
    // The third turn is the current one: its page is not taken.
    expect(plan.take.map((m) => m.id)).toEqual([messages[2]!.id, messages[6]!.id]);
  });

  it('takes old answers after every old tool result', () => {
    const messages = [...turn(1, 1000), ...turn(2, 1000), ...turn(3, 1000)];
    const plan = planFit(input(messages, { contextWindow: 1500 }));
    if (plan.kind !== 'compress') throw new Error('expected compression');
    expect(plan.take.map((m) => m.role)).toEqual(['tool', 'tool', 'assistant', 'assistant']);
  });

  it('takes everything it may when the provider refused the request as too long', () => {
    const messages = [...turn(1, 100), ...turn(2, 100)];
    const plan = planFit(input(messages), true);
    if (plan.kind !== 'compress') throw new Error('expected compression');
    expect(plan.take.map((m) => m.role)).toEqual(['tool', 'assistant']);
  });

  it('sends the summary after the system prompt, and every user message as written', () => {
    const messages = [...turn(1, 12_000), ...turn(2, 100)];
    const conversation = conversationWith(
      input(messages, {
        compression: {
          summary: 'Page 1 said 0.5%.',
          replacedIds: [messages[2]!.id, messages[3]!.id],
        },
      }),
    );
    expect(conversation[0]!.content).toMatch(
      /^You are a test\.\n\nSummary of the earlier conversation.*\nPage 1 said 0\.5%\.$/s,
    );
    expect(conversation.filter((m) => m.role === 'user').map((m) => m.content)).toEqual([
      'Question 1?',
      'Question 2?',
    ]);
    expect(conversation.some((m) => m.content.length >= 12_000)).toBe(false);
    // The tool call whose result is summarised is not sent unanswered.
    expect(conversation.filter((m) => m.role === 'assistant' && m.toolCalls).length).toBe(1);
  });

  it('cuts the longest tool result of the current turn when nothing else is left to compress', () => {
    const messages = turn(1, 60_000).slice(0, 3);
    const fitInput = input(messages);
    const { conversation, tokens } = cutToBudget(fitInput, conversationWith(fitInput));
    expect(tokens).toBeLessThanOrEqual(8192 - answerReserve(8192));
    const page = conversation.find((m) => m.role === 'tool')!;
    expect(page.content).toContain('characters left out here to fit the context window');
    expect(conversation.find((m) => m.role === 'user')!.content).toBe('Question 1?');
  });

  it('says so when the user messages alone do not fit', () => {
    const messages = [message({ role: 'user', content: 'q'.repeat(40_000) })];
    const fitInput = input(messages);
    expect(() => cutToBudget(fitInput, conversationWith(fitInput))).toThrow(
      /more than the Context window of 8,192 tokens allows with room for the answer/,
    );
  });
});
