import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type FakeTab, fakeServices } from '../../testing/fake-services';
import { type RunHarness, runHarness } from '../../testing/run-harness';
import { ScriptedModel, type ScriptedReply } from '../../testing/scripted-model';
import { createTestDatabase } from '../../testing/test-database';
import type { GleanerDatabase } from '../db/database';
import { runSteps, sessionMessages } from '../db/queries';
import type { ConsentRequestRecord } from '../db/records';
import { LlmError } from '../llm/errors';
import { DEFAULT_SETTINGS, type Settings } from '../settings/schema';
import { readTabTool } from '../tools/read-tab';
import { createToolRegistry } from '../tools/registry';
import { defineTool, type Tool } from '../tools/tool';

const settings: Settings = {
  ...DEFAULT_SETTINGS,
  baseUrl: 'http://llm.test/v1',
  model: 'main-model',
  limits: { maxSteps: 4, maxFetches: 10, maxIdenticalCalls: 3 },
};

const executed: Array<{ city: string }> = [];
const weatherTool = defineTool({
  name: 'weather',
  description: 'The weather in a city, for tests.',
  parameters: z.object({ city: z.string() }),
  consent: 'none',
  async execute(args) {
    executed.push(args);
    return {
      kind: 'result',
      content: `Sunny in ${args.city}`,
      sources: [{ title: `${args.city} weather`, url: `https://weather.test/${args.city}` }],
    };
  },
});

let db: GleanerDatabase;
beforeEach(() => {
  db = createTestDatabase();
  executed.length = 0;
});

function managerWith(
  script: ScriptedReply[],
  tools: Tool[] = [weatherTool as Tool],
  services = fakeServices(),
) {
  const model = new ScriptedModel(script);
  const manager = runHarness(db, () => ({
    model,
    tools: createToolRegistry(tools),
    services,
    settings,
    systemPrompt: 'You are a test.',
    persistEveryMs: 0,
  }));
  return { model, manager };
}

async function ask(manager: RunHarness, text: string, sessionId?: string) {
  const ids = await manager.start({ text, sessionId });
  const run = await manager.settled(ids.runId);
  const messages = await sessionMessages(db, ids.sessionId);
  return { ...ids, run: run!, messages };
}

describe('the run loop', () => {
  it('streams a text answer, stores it and titles the session with the question', async () => {
    const { manager, model } = managerWith([{ text: 'Hello **there**', chunks: 3 }]);
    const { run, messages, sessionId } = await ask(manager, '  Say   hello  ');
    expect(run.status).toBe('done');
    expect(messages.map((message) => [message.role, message.content, message.status])).toEqual([
      ['user', 'Say   hello', 'done'],
      ['assistant', 'Hello **there**', 'done'],
    ]);
    expect((await db.sessions.get(sessionId))?.title).toBe('Say hello');
    expect(model.requests[0]?.model).toBe('main-model');
    expect(model.requests[0]?.messages).toEqual([
      { role: 'system', content: 'You are a test.' },
      { role: 'user', content: 'Say   hello' },
    ]);
  });

  it('runs a tool call, feeds the result back and builds sources from what the tool read', async () => {
    const { manager, model } = managerWith([
      { toolCalls: [{ name: 'weather', arguments: '{"city":"Oslo"}' }] },
      { text: 'It is sunny in Oslo. Source: trust me https://fake.example' },
    ]);
    const { run, messages } = await ask(manager, 'Weather in Oslo?');
    expect(run.status).toBe('done');
    expect(executed).toEqual([{ city: 'Oslo' }]);
    const second = model.requests[1]!.messages;
    expect(second.at(-1)).toEqual({
      role: 'tool',
      toolCallId: 'call_1_0',
      content: 'Sunny in Oslo\nCite with: [1] https://weather.test/Oslo',
    });
    expect(second.at(-2)).toMatchObject({ role: 'assistant', toolCalls: [{ name: 'weather' }] });
    expect(messages.at(-1)?.sources).toEqual([
      { title: 'Oslo weather', url: 'https://weather.test/Oslo', number: 1, cited: false },
    ]);
    const steps = await runSteps(db, run.id);
    expect(steps.map((step) => [step.kind, step.toolName, step.status])).toEqual([
      ['model', undefined, 'done'],
      ['tool', 'weather', 'done'],
      ['model', undefined, 'done'],
    ]);
    expect(steps[1]?.arguments).toBe('{"city":"Oslo"}');
  });

  it('returns malformed tool arguments to the model as a tool error', async () => {
    const { manager, model } = managerWith([
      { toolCalls: [{ name: 'weather', arguments: '{"city": ' }] },
      { toolCalls: [{ name: 'weather', arguments: '{"town":"Oslo"}' }] },
      { toolCalls: [{ name: 'teleport', arguments: '{}' }] },
      { text: 'Sorry.' },
    ]);
    const { run } = await ask(manager, 'Weather?');
    expect(run.status).toBe('done');
    expect(executed).toEqual([]);
    const toolReplies = model.requests[3]!.messages.filter((message) => message.role === 'tool');
    expect(toolReplies.map((message) => message.content)).toEqual([
      'Error: The arguments for weather are not valid JSON: {"city": ',
      'Error: Invalid arguments for weather: city: Invalid input: expected string, received undefined',
      'Error: Unknown tool "teleport". Available tools: weather.',
    ]);
  });

  it('stops at the step limit with a visible reason, and Continue goes on', async () => {
    const calls = ['A', 'B', 'C', 'D'].map((city) => ({
      toolCalls: [{ name: 'weather', arguments: JSON.stringify({ city }) }],
    }));
    const { manager, model } = managerWith([...calls, { text: 'Done at last.' }]);
    const { run, runId, messages } = await ask(manager, 'Loop');
    expect(run.status).toBe('stopped');
    expect(run.error).toEqual({
      kind: 'limit',
      message: expect.stringContaining('Stopped after 4 model steps'),
    });
    expect(model.requests).toHaveLength(4);
    expect(messages.at(-1)?.notice).toBe('Stopped after 4 model steps, the limit for one answer.');

    await manager.resume(runId);
    const continued = await manager.settled(runId);
    expect(continued?.status).toBe('done');
    expect((await sessionMessages(db, run.sessionId)).at(-1)?.content).toBe('Done at last.');
  });

  it('stops the third time before a fourth identical tool call runs', async () => {
    const same = { toolCalls: [{ name: 'weather', arguments: '{"city":"Oslo"}' }] };
    const spaced = { toolCalls: [{ name: 'weather', arguments: '{ "city" : "Oslo" }' }] };
    const { manager } = managerWith([same, spaced, same, same]);
    const { run } = await ask(manager, 'Again and again');
    // The repeats in the same user turn are answered from the first call's stored result.
    expect(executed).toHaveLength(1);
    expect(run.status).toBe('stopped');
    expect(run.error?.message).toMatch(/same weather call 4 times/);
  });

  it('Stop ends the answer at once and keeps what arrived', async () => {
    const { manager } = managerWith([{ hangAfter: 'Partial ans' }]);
    const { runId, sessionId } = await manager.start({ text: 'Long answer please' });
    await waitFor(
      async () => (await sessionMessages(db, sessionId)).at(-1)?.content === 'Partial ans',
    );
    await manager.stop(runId);
    const run = await db.runs.get(runId);
    expect(run?.status).toBe('stopped');
    const last = (await sessionMessages(db, sessionId)).at(-1);
    expect(last).toMatchObject({ content: 'Partial ans', status: 'stopped' });
  });

  it('says the answer was stopped when Stop came before any text', async () => {
    const slow = defineTool({
      name: 'slow',
      description: 'Never finishes by itself, for tests.',
      parameters: z.object({}),
      consent: 'none',
      execute: (_args, context) =>
        new Promise((resolve) =>
          context.signal.addEventListener('abort', () => resolve({ kind: 'result', content: '' })),
        ),
    });
    const { manager } = managerWith(
      [{ toolCalls: [{ name: 'slow', arguments: '{}' }] }],
      [slow as Tool],
    );
    const { runId, sessionId } = await manager.start({ text: 'Go slowly' });
    await waitFor(async () => (await runSteps(db, runId)).some((step) => step.kind === 'tool'));
    await manager.stop(runId);
    expect((await db.runs.get(runId))?.status).toBe('stopped');
    expect((await sessionMessages(db, sessionId)).at(-1)?.notice).toBe(
      'You stopped this answer before it was written.',
    );
  });

  it('refuses a second start in a session while one runs', async () => {
    const { manager } = managerWith([{ hangAfter: '...' }]);
    const { sessionId, runId } = await manager.start({ text: 'first' });
    await expect(manager.start({ text: 'second', sessionId })).rejects.toThrow(
      /already being written/,
    );
    await manager.stop(runId);
  });

  it('keeps a stream cut mid-way as interrupted, and Resume replaces it without repeating the question', async () => {
    const cut = new LlmError('stream-cut', 'The answer broke off.', { partialText: 'Half an' });
    const { manager, model } = managerWith([{ error: cut }, { text: 'A whole answer.' }]);
    const { run, runId, messages } = await ask(manager, 'Question once');
    expect(run.status).toBe('interrupted');
    expect(messages.at(-1)).toMatchObject({ content: 'Half an', status: 'interrupted' });

    await manager.resume(runId);
    expect((await manager.settled(runId))?.status).toBe('done');
    const after = await sessionMessages(db, run.sessionId);
    expect(after.map((message) => message.content)).toEqual(['Question once', 'A whole answer.']);
    const resent = model.requests[1]!.messages.filter((message) => message.role === 'user');
    expect(resent).toEqual([{ role: 'user', content: 'Question once' }]);
  });

  it('says what the answer goes without, once, however often it is resumed', async () => {
    const cut = new LlmError('stream-cut', 'The answer broke off.', { partialText: 'Half' });
    const model = new ScriptedModel([{ error: cut }, { text: 'Whole.' }]);
    const notice = 'MCP server files: http://localhost:9/mcp is unreachable (fetch failed).';
    const manager = runHarness(db, () => ({
      model,
      tools: createToolRegistry([weatherTool as Tool]),
      services: fakeServices(),
      settings,
      systemPrompt: 'You are a test.',
      persistEveryMs: 0,
      notices: [{ notice }],
    }));
    const { runId, sessionId } = await ask(manager, 'Question');
    await manager.resume(runId);
    await manager.settled(runId);
    const messages = await sessionMessages(db, sessionId);
    expect(messages.filter((message) => message.notice === notice)).toHaveLength(1);
    expect(messages.at(-1)?.content).toBe('Whole.');
    // The notice is the extension's words for the user, never sent to the model.
    expect(JSON.stringify(model.requests)).not.toContain('unreachable');
  });

  it('fails with the sentence of an LLM error', async () => {
    const rejected = new LlmError('auth', 'The provider rejected the API key (HTTP 401).');
    const { manager } = managerWith([{ error: rejected }]);
    const { run } = await ask(manager, 'Hi');
    expect(run).toMatchObject({
      status: 'failed',
      error: {
        kind: 'llm',
        message: 'The provider rejected the API key (HTTP 401).',
        // A rejected key is fixed in Settings, not by asking again.
        fix: 'settings',
      },
    });
  });

  it('leaves a server error to Resume', async () => {
    const { manager } = managerWith([{ error: new LlmError('server', 'The server failed.') }]);
    const { run } = await ask(manager, 'Hi');
    expect(run.error?.fix).toBeUndefined();
  });
});

describe('attached tabs', () => {
  const tabs: FakeTab[] = [
    {
      id: 1,
      title: 'Alpha',
      url: 'https://a.example/',
      active: true,
      article: { markdown: 'Alpha text' },
    },
    {
      id: 2,
      title: 'Beta',
      url: 'https://b.example/',
      active: false,
      article: { markdown: 'Beta text' },
    },
    {
      id: 3,
      title: 'Secret',
      url: 'https://s.example/',
      active: false,
      article: { markdown: 'Secret text' },
    },
  ];

  it('reads attached tabs as read_tab results, not in the user text, and cites them', async () => {
    const services = fakeServices(tabs);
    const { manager, model } = managerWith(
      [{ text: 'Both say hello.' }],
      [readTabTool as Tool],
      services,
    );
    const { runId, sessionId } = await manager.start({ text: 'Compare them', tabIds: [1, 2] });
    const run = await manager.settled(runId);
    expect(run?.status).toBe('done');
    const sent = model.requests[0]!.messages;
    expect(sent[1]).toEqual({ role: 'user', content: 'Compare them' });
    expect(sent[2]).toMatchObject({
      role: 'assistant',
      toolCalls: [{ name: 'read_tab' }, { name: 'read_tab' }],
    });
    expect(
      sent.filter((message) => message.role === 'tool').map((message) => message.content),
    ).toEqual([expect.stringContaining('Alpha text'), expect.stringContaining('Beta text')]);
    const answer = (await sessionMessages(db, sessionId)).at(-1);
    expect(answer?.sources?.map((source) => source.url)).toEqual([
      'https://a.example/',
      'https://b.example/',
    ]);
  });

  it('reads attached tabs even when read_tab is not offered to the model', async () => {
    const services = fakeServices(tabs);
    const model = new ScriptedModel([{ text: 'ok' }]);
    const manager = runHarness(db, () => ({
      model,
      tools: createToolRegistry([readTabTool as Tool], ['read_tab']),
      services,
      settings,
      systemPrompt: 's',
    }));
    const { runId } = await manager.start({ text: 'Summarize', tabIds: [1] });
    await manager.settled(runId);
    expect(services.readTabIds).toEqual([1]);
    expect(model.requests[0]!.tools).toEqual([]);
  });

  it('ends the turn when the user denies reading an unattached tab; the page never reaches the model', async () => {
    const services = fakeServices(tabs);
    const { manager, model } = managerWith(
      [{ toolCalls: [{ name: 'read_tab', arguments: '{"tabId":3}' }] }, { text: 'never sent' }],
      [readTabTool as Tool],
      services,
    );
    const { runId, sessionId } = await manager.start({
      text: 'What is in my other tab?',
      tabIds: [1],
    });
    let request: ConsentRequestRecord | undefined;
    for (let tries = 0; !request && tries < 400; tries++) {
      request = await db.consentRequests.where('status').equals('pending').first();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(request).toMatchObject({ kind: 'tab', target: 'https://s.example/', host: 'Secret' });
    expect((await db.runs.get(runId))?.status).toBe('awaiting-consent');
    await manager.consent.answer({ requestId: request!.id, decision: 'deny' });
    const run = await manager.settled(runId);
    expect(run).toMatchObject({ status: 'stopped', error: { kind: 'denied' } });
    expect(model.requests).toHaveLength(1);
    expect(services.readTabIds).toEqual([1]);
    expect((await sessionMessages(db, sessionId)).at(-1)?.notice).toBe(
      'You did not allow reading the tab "Secret" (https://s.example/).',
    );
  });
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 2000): Promise<void> {
  const start = Date.now();
  while (!(await condition())) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
