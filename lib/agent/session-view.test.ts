import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fakeServices } from '../../testing/fake-services';
import { countReads } from '../../testing/read-counter';
import { runHarness } from '../../testing/run-harness';
import { ScriptedModel, type ScriptedReply } from '../../testing/scripted-model';
import { createTestDatabase } from '../../testing/test-database';
import type { GleanerDatabase } from '../db/database';
import { appendMessage, runSteps, sessionMessages } from '../db/queries';
import { DEFAULT_SETTINGS, type Settings } from '../settings/schema';
import { createToolRegistry } from '../tools/registry';
import { defineTool, type Tool } from '../tools/tool';
import { SessionView } from './session-view';

const settings: Settings = {
  ...DEFAULT_SETTINGS,
  baseUrl: 'http://llm.test/v1',
  model: 'main-model',
  limits: { maxSteps: 10, maxFetches: 10, maxIdenticalCalls: 3 },
};

let db: GleanerDatabase;
let reads: ReturnType<typeof countReads>;
/** Runs while a tool executes: stands for a writer outside the run. */
let duringTool: (sessionId: string) => Promise<void>;

beforeEach(() => {
  db = createTestDatabase();
  reads = countReads(db);
  duringTool = async () => {};
});

const clockTool = defineTool({
  name: 'clock',
  description: 'The time in a city, for tests.',
  parameters: z.object({ city: z.string() }),
  consent: 'none',
  async execute(args, context) {
    await duringTool(context.sessionId);
    return { kind: 'result', content: `Noon in ${args.city}` };
  },
});

function harness(script: ScriptedReply[]) {
  const model = new ScriptedModel(script);
  const manager = runHarness(db, {
    model,
    tools: createToolRegistry([clockTool as Tool]),
    services: fakeServices(),
    settings,
    systemPrompt: 'You are a test.',
    persistEveryMs: 0,
  });
  return { model, manager };
}

const clockCalls = (cities: string[]): ScriptedReply[] =>
  cities.map((city) => ({
    toolCalls: [{ name: 'clock', arguments: JSON.stringify({ city }) }],
  }));

/** The reads of the messages table made by one answer of `calls` tool calls, in a new chat. */
async function messageReadsOf(calls: number): Promise<number> {
  const cities = ['Oslo', 'Lima', 'Pune', 'Kiev', 'Oran'].slice(0, calls);
  const { manager } = harness([...clockCalls(cities), { text: 'Done.' }]);
  const before = reads.of('messages');
  const { runId } = await manager.start({ text: 'What time is it?' });
  expect((await manager.settled(runId)).status).toBe('done');
  return reads.of('messages') - before;
}

describe('the run loop reading its session', () => {
  it('reads the messages once per answer however many steps it takes', async () => {
    const short = await messageReadsOf(1);
    const long = await messageReadsOf(5);
    // Each pass of the longer answer (11 in all) would add a read of the whole session.
    expect(long).toBe(short);
    // Finding the user message's place, opening the view, and the streamed copy of the text
    // answer (an update reads before it writes).
    expect(short).toBeLessThanOrEqual(4);
  });

  it('still sees a message another writer added to the session during the run', async () => {
    duringTool = async (sessionId) => {
      await appendMessage(db, {
        sessionId,
        role: 'user',
        content: 'Also: which time zone?',
        status: 'done',
      });
    };
    const { manager, model } = harness([...clockCalls(['Oslo']), { text: 'Noon, CET.' }]);
    const { runId, sessionId } = await manager.start({ text: 'What time is it in Oslo?' });
    expect((await manager.settled(runId)).status).toBe('done');
    const sent = model.requests[1]!.messages.map((message) => message.content);
    expect(sent).toContain('Also: which time zone?');
    expect(sent).toContain('Noon in Oslo');
    // The tool result and the answer follow the outside message, in order.
    const stored = await sessionMessages(db, sessionId);
    expect(stored.map((message) => [message.role, message.content])).toEqual([
      ['user', 'What time is it in Oslo?'],
      ['assistant', ''],
      ['user', 'Also: which time zone?'],
      ['tool', 'Noon in Oslo'],
      ['assistant', 'Noon, CET.'],
    ]);
    expect(stored.map((message) => message.seq)).toEqual([0, 1, 2, 3, 4]);
  });

  it('stores every step as it would have read it back', async () => {
    const { manager } = harness([...clockCalls(['Oslo', 'Lima']), { text: 'Done.' }]);
    const { runId, sessionId } = await manager.start({ text: 'Times?' });
    expect((await manager.settled(runId)).status).toBe('done');
    const view = await SessionView.open(db, sessionId);
    expect(view.stepsOf(runId)).toEqual(await runSteps(db, runId));
    expect(view.messages).toEqual(await sessionMessages(db, sessionId));
    expect(view.stepsOf(runId).map((step) => [step.index, step.kind, step.status])).toEqual([
      [0, 'model', 'done'],
      [1, 'tool', 'done'],
      [2, 'model', 'done'],
      [3, 'tool', 'done'],
      [4, 'model', 'done'],
    ]);
  });
});

describe('a session view', () => {
  it('keeps what a refused transaction wrote out of its memory', async () => {
    const { manager } = harness([{ text: 'Hello.' }]);
    const { runId, sessionId } = await manager.start({ text: 'Hi' });
    await manager.settled(runId);
    const view = await SessionView.open(db, sessionId);
    await expect(
      view.transaction(async (writer) => {
        await writer.append({ sessionId, role: 'user', content: 'Lost', status: 'done' });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(view.messages.map((message) => message.content)).toEqual(['Hi', 'Hello.']);
    const kept = await view.append({ sessionId, role: 'user', content: 'Kept', status: 'done' });
    expect(kept.seq).toBe(2);
    expect((await sessionMessages(db, sessionId)).map((message) => message.content)).toEqual([
      'Hi',
      'Hello.',
      'Kept',
    ]);
  });
});
