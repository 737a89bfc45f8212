import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { fakeServices } from '../../testing/fake-services';
import { countReads } from '../../testing/read-counter';
import { runHarness } from '../../testing/run-harness';
import { ScriptedModel, type ScriptedReply } from '../../testing/scripted-model';
import { createTestDatabase } from '../../testing/test-database';
import type { GleanerDatabase } from '../db/database';
import { appendMessage, markInterruptedRuns, runSteps, sessionMessages } from '../db/queries';
import { LlmError } from '../llm/errors';
import type { ChatRequest } from '../llm/types';
import { DEFAULT_SETTINGS, type Settings } from '../settings/schema';
import { readTabTool } from '../tools/read-tab';
import { createToolRegistry } from '../tools/registry';
import { defineTool, type Tool } from '../tools/tool';
import { SessionView } from './session-view';

/** Runs `before` as each request reaches the scripted model, then lets the model answer it. */
function beforeEachRequest(
  model: ScriptedModel,
  before: (request: ChatRequest) => void | Promise<void>,
): void {
  const complete = model.complete.bind(model);
  model.complete = async (request) => {
    await before(request);
    return complete(request);
  };
}

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

describe('the first request of a Summarize', () => {
  it('leaves while the page is still being stored, and the answer is stored after the page', async () => {
    const services = fakeServices([
      { id: 7, title: 'Long read', url: 'https://long.example/', active: true },
    ]);
    services.tabs.read = async () => {
      // The running step is stored while the tab is read; then the store becomes slow: each
      // write transaction from here on waits until the gate opens.
      while ((await db.steps.count()) === 0) await new Promise((resolve) => setTimeout(resolve));
      holding = true;
      return {
        ok: true,
        article: {
          title: 'Long read',
          byline: null,
          siteName: null,
          lang: null,
          publishedTime: null,
          textLength: 11,
          excerpt: 'Whole page.',
          markdown: 'Whole page.',
        },
      };
    };
    let holding = false;
    let open!: () => void;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    // A write held before its transaction starts, so that reads are not queued behind it.
    const transaction = db.transaction.bind(db) as (...args: unknown[]) => Promise<unknown>;
    (db as unknown as { transaction: unknown }).transaction = async (...args: unknown[]) => {
      if (holding && args[0] === 'rw') await gate;
      return transaction(...args);
    };
    const added: string[] = [];
    db.messages.hook('creating', (_key, message) => {
      added.push(message.role);
    });

    const model = new ScriptedModel([{ text: 'A summary.' }]);
    let atRequest: { held: boolean; stored: string[] } | undefined;
    beforeEachRequest(model, async () => {
      atRequest = { held: holding, stored: [...added] };
      open();
    });
    // Were the request to wait for the store, it would come after the gate opens by itself.
    setTimeout(() => {
      holding = false;
      open();
    }, 500);
    const manager = runHarness(db, {
      model,
      tools: createToolRegistry([readTabTool as Tool], ['read_tab']),
      services,
      settings,
      systemPrompt: 'You are a test.',
      persistEveryMs: 0,
    });
    const { runId, sessionId } = await manager.start({ text: 'Summarize', tabIds: [7] });
    expect((await manager.settled(runId)).status).toBe('done');

    expect(atRequest).toEqual({ held: true, stored: ['user', 'assistant'] });
    const sent = model.requests[0]!.messages;
    expect(sent.at(-1)).toMatchObject({
      role: 'tool',
      content: expect.stringContaining('Whole page.'),
    });
    expect(added).toEqual(['user', 'assistant', 'tool', 'assistant']);
    const stored = await sessionMessages(db, sessionId);
    expect(stored.map((message) => [message.role, message.seq, message.content])).toEqual([
      ['user', 0, 'Summarize'],
      ['assistant', 1, ''],
      ['tool', 2, expect.stringContaining('Whole page.')],
      ['assistant', 3, 'A summary.'],
    ]);
  });
});

describe('the opening of a run', () => {
  const page = {
    id: 7,
    title: 'Long read',
    url: 'https://long.example/',
    active: true,
    article: { markdown: 'Whole page.' },
  };
  const parts = (model: ScriptedModel) => ({
    model,
    tools: createToolRegistry([readTabTool as Tool], ['read_tab']),
    services: fakeServices([page]),
    settings,
    systemPrompt: 'You are a test.',
    persistEveryMs: 0,
  });

  /** Every write transaction waits for `release`, from the first: the new chat's one included. */
  function holdWrites() {
    let release!: (error?: Error) => void;
    const gate = new Promise<void>((resolve, reject) => {
      release = (error) => (error ? reject(error) : resolve());
    });
    const transaction = db.transaction.bind(db) as (...args: unknown[]) => Promise<unknown>;
    (db as unknown as { transaction: unknown }).transaction = async (...args: unknown[]) => {
      if (args[0] === 'rw') await gate;
      return transaction(...args);
    };
    return release;
  }

  it('sends the first request while the message and the page are stored, and stores the answer after them', async () => {
    const release = holdWrites();
    const added: string[] = [];
    db.messages.hook('creating', (_key, message) => {
      added.push(message.role);
    });
    const model = new ScriptedModel([{ text: 'A summary.' }]);
    let storedAtRequest: string[] | undefined;
    beforeEachRequest(model, async () => {
      storedAtRequest = [...added];
      release();
    });
    // Were the request to wait for the writes, it would never be asked: nothing opens the gate.
    const { runId, sessionId } = await runHarness(db, parts(model)).start({
      text: 'Summarize',
      tabIds: [7],
    });

    expect(storedAtRequest).toEqual([]);
    expect(model.requests[0]!.messages.slice(1)).toEqual([
      { role: 'user', content: 'Summarize' },
      expect.objectContaining({ role: 'assistant', toolCalls: [expect.anything()] }),
      expect.objectContaining({ role: 'tool', content: expect.stringContaining('Whole page.') }),
    ]);
    await expect.poll(async () => (await db.runs.get(runId))?.status).toBe('done');
    expect(added).toEqual(['user', 'assistant', 'tool', 'assistant']);
    const stored = await sessionMessages(db, sessionId);
    expect(stored.map((message) => [message.role, message.seq, message.content])).toEqual([
      ['user', 0, 'Summarize'],
      ['assistant', 1, ''],
      ['tool', 2, expect.stringContaining('Whole page.')],
      ['assistant', 3, 'A summary.'],
    ]);
    const [modelStep] = (await runSteps(db, runId)).filter((step) => step.kind === 'model');
    expect(modelStep?.status).toBe('done');
  });

  it('stores nothing while the first request leaves, and the opening once its answer began', async () => {
    const added: string[] = [];
    db.messages.hook('creating', (_key, message) => {
      added.push(message.role);
    });
    const model = new ScriptedModel([{ text: 'A summary.' }]);
    let storedWhileLeaving: string[] | undefined;
    beforeEachRequest(model, async () => {
      // The request on its way, for less than the longest a write waits for it.
      await new Promise((resolve) => setTimeout(resolve, 20));
      storedWhileLeaving = [...added];
    });
    const { runId, sessionId } = await runHarness(db, parts(model)).start({
      text: 'Summarize',
      tabIds: [7],
    });
    await expect.poll(async () => (await db.runs.get(runId))?.status).toBe('done');
    expect(storedWhileLeaving).toEqual([]);
    const stored = await sessionMessages(db, sessionId);
    expect(stored.map((message) => [message.role, message.seq])).toEqual([
      ['user', 0],
      ['assistant', 1],
      ['tool', 2],
      ['assistant', 3],
    ]);
  });

  it('stores a new chat with the start of its answer in one transaction, not one after the other', async () => {
    const writes: string[][] = [];
    const transaction = db.transaction.bind(db) as (...args: unknown[]) => Promise<unknown>;
    (db as unknown as { transaction: unknown }).transaction = (...args: unknown[]) => {
      if (args[0] === 'rw') writes.push([]);
      return transaction(...args);
    };
    db.messages.hook('creating', (_key, message) => {
      writes.at(-1)?.push(`${message.role} message`);
    });
    db.steps.hook('creating', (_key, step) => {
      writes.at(-1)?.push(`${step.kind} step`);
    });
    const model = new ScriptedModel([{ text: 'Hello.' }]);
    const { runId } = await runHarness(db, parts(model)).start({ text: 'Hi' });
    await expect.poll(async () => (await db.runs.get(runId))?.status).toBe('done');
    // Then the answer when it is done, and the run's end.
    expect(writes.map((records) => records.sort())).toEqual([
      ['assistant message', 'model step', 'user message'],
      [],
      [],
    ]);
  });

  it('stores the message when the endpoint has not answered the request soon after it left', async () => {
    const model = new ScriptedModel([]);
    let asked: ChatRequest | undefined;
    model.complete = (request) => {
      asked = request;
      return new Promise((_resolve, reject) => {
        request.signal.addEventListener('abort', () =>
          reject(new LlmError('aborted', 'Stopped.', { partialText: '' })),
        );
      });
    };
    const manager = runHarness(db, parts(model));
    const { runId, sessionId } = await manager.start({ text: 'Summarize', tabIds: [7] });
    expect(asked).toBeDefined();
    expect((await sessionMessages(db, sessionId)).map((message) => message.content)).toContain(
      'Summarize',
    );
    await manager.stop(runId);
    expect((await db.runs.get(runId))?.status).toBe('stopped');
  });

  it('continues a chat from the session it read while checking it', async () => {
    const first = await runHarness(db, parts(new ScriptedModel([{ text: 'Hello.' }]))).start({
      text: 'Hi',
    });
    await expect.poll(async () => (await db.runs.get(first.runId))?.status).toBe('done');
    const release = holdWrites();
    const model = new ScriptedModel([{ text: 'A summary.' }]);
    beforeEachRequest(model, async () => {
      release();
    });
    const { runId } = await runHarness(db, parts(model)).start({
      sessionId: first.sessionId,
      text: 'Summarize',
      tabIds: [7],
    });
    await expect.poll(async () => (await db.runs.get(runId))?.status).toBe('done');
    expect(model.requests[0]!.messages.slice(1, 4)).toEqual([
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello.' },
      { role: 'user', content: 'Summarize' },
    ]);
    const stored = await sessionMessages(db, first.sessionId);
    expect(stored.map((message) => [message.role, message.seq])).toEqual([
      ['user', 0],
      ['assistant', 1],
      ['user', 2],
      ['assistant', 3],
      ['tool', 4],
      ['assistant', 5],
    ]);
  });

  it('refuses a message the browser has no room for, and cuts off the request it started', async () => {
    const release = holdWrites();
    const model = new ScriptedModel([{ hangAfter: 'A sum' }]);
    let signal: AbortSignal | undefined;
    beforeEachRequest(model, async (request) => {
      signal = request.signal;
      release(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
    });
    let active = 0;
    const errors = vi.spyOn(console, 'error');
    const manager = runHarness(db, parts(model), { onActiveChange: (count) => (active = count) });
    await expect(manager.start({ text: 'Summarize', tabIds: [7] })).rejects.toThrow(
      /Browser storage is full, so Gleaner cannot save your message/,
    );
    expect(signal?.aborted).toBe(true);
    await expect.poll(() => active).toBe(0);
    // The run ends quietly: the refusal is the start's, not a run that failed.
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    expect(await db.messages.count()).toBe(0);
    expect(await db.runs.count()).toBe(0);
    expect(await db.sessions.count()).toBe(0);
  });
});

describe('a worker stopped before the page was stored', () => {
  it('leaves a run that Resume finishes by reading the tab again', async () => {
    const services = fakeServices([
      {
        id: 7,
        title: 'Long read',
        url: 'https://long.example/',
        active: true,
        article: { markdown: 'Whole page.' },
      },
    ]);
    // The first worker's writes after its request's opening never run: it is stopped while
    // they wait (the opening itself is stored once the request has left).
    let stopped = false;
    let openings = 0;
    const transaction = db.transaction.bind(db) as (...args: unknown[]) => Promise<unknown>;
    (db as unknown as { transaction: unknown }).transaction = async (...args: unknown[]) => {
      if (stopped && args[0] === 'rw' && openings++ > 0) await new Promise(() => {});
      return transaction(...args);
    };
    const first = new ScriptedModel([{ text: 'Never stored.' }]);
    const complete = first.complete.bind(first);
    first.complete = async (request) => {
      stopped = true;
      return complete(request);
    };
    const parts = (model: ScriptedModel) => ({
      model,
      tools: createToolRegistry([readTabTool as Tool], ['read_tab']),
      services,
      settings,
      systemPrompt: 'You are a test.',
      persistEveryMs: 0,
    });
    const { runId, sessionId } = await runHarness(db, parts(first)).start({
      text: 'Summarize',
      tabIds: [7],
    });
    await expect.poll(() => first.requests.length).toBe(1);
    expect((await sessionMessages(db, sessionId)).map((message) => message.role)).toEqual(['user']);

    // The next worker marks the run interrupted when it starts, and Resume finishes it.
    stopped = false;
    (db as unknown as { transaction: unknown }).transaction = transaction;
    await markInterruptedRuns(db);
    const next = runHarness(db, parts(new ScriptedModel([{ text: 'A summary.' }])));
    await next.resume(runId);
    expect((await next.settled(runId)).status).toBe('done');
    expect(services.readTabIds).toEqual([7, 7]);
    const stored = await sessionMessages(db, sessionId);
    expect(stored.map((message) => [message.role, message.content])).toEqual([
      ['user', 'Summarize'],
      ['assistant', ''],
      ['tool', expect.stringContaining('Whole page.')],
      ['assistant', 'A summary.'],
    ]);
  });
});
