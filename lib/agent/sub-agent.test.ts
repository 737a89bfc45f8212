import { beforeEach, describe, expect, it } from 'vitest';
import { fakeSearch } from '../../testing/fake-search';
import { fakeServices } from '../../testing/fake-services';
import { fakeWeb, page } from '../../testing/fake-web';
import { memoryPageFiles } from '../../testing/memory-page-files';
import { type RunHarness, runHarness } from '../../testing/run-harness';
import { ScriptedModel, type ScriptedReply } from '../../testing/scripted-model';
import { createTestDatabase } from '../../testing/test-database';
import type { GleanerDatabase } from '../db/database';
import { runSteps, sessionMessages } from '../db/queries';
import { LlmError } from '../llm/errors';
import { readSubAgentCalls, runTotalsOf, subAgentCallIds } from '../sessions/run-totals';
import { DEFAULT_SETTINGS, type Settings } from '../settings/schema';
import { createToolRegistry, MAIN_AGENT_TOOLS } from '../tools/registry';

const settings: Settings = {
  ...DEFAULT_SETTINGS,
  baseUrl: 'http://llm.test/v1',
  model: 'big-model',
  smallModel: 'small-model',
};

let db: GleanerDatabase;
beforeEach(() => {
  db = createTestDatabase();
});

const DOC = 'https://docs.example/dexie';
const BLOG = 'https://blog.example/dexie-4';

function setup(script: ScriptedReply[], overrides: Partial<Settings> = {}) {
  const model = new ScriptedModel(script);
  const web = fakeWeb({
    [DOC]: page(DOC, 'Dexie is maintained by David Fahlander.', { title: 'Dexie docs' }),
    [BLOG]: page(BLOG, 'x'.repeat(60_000), { title: 'Dexie 4' }),
  });
  const search = fakeSearch({ 'dexie maintainer': [{ title: 'Dexie docs', url: DOC }] });
  const pages = memoryPageFiles();
  const manager = runHarness(
    db,
    () => ({
      model,
      tools: createToolRegistry(MAIN_AGENT_TOOLS),
      services: fakeServices([], web, { search, pages }),
      settings: { ...settings, ...overrides },
      systemPrompt: 'main system',
      persistEveryMs: 0,
    }),
    { subAgent: true },
  );
  return { model, web, search, pages, manager };
}

/** Answers every consent card the way a user would, recording what was asked. */
function answerCards(manager: RunHarness, decide: (target: string) => 'once' | 'deny') {
  const asked: string[] = [];
  let stopped = false;
  void (async () => {
    while (!stopped) {
      const pending = await db.consentRequests.where('status').equals('pending').toArray();
      for (const request of pending) {
        asked.push(request.target);
        await manager.consent.answer({ requestId: request.id, decision: decide(request.target) });
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  return { asked, stop: () => (stopped = true) };
}

describe('agentic_fetch and the Fetch Analysis sub-agent', () => {
  it('searches, fetches with consent on the small model, and returns an answer with sources', async () => {
    const { model, manager, pages } = setup([
      { toolCalls: [{ name: 'agentic_fetch', arguments: '{"prompt":"Who maintains Dexie?"}' }] },
      { toolCalls: [{ name: 'web_search', arguments: '{"query":"dexie maintainer"}' }] },
      { toolCalls: [{ name: 'web_fetch', arguments: JSON.stringify({ url: DOC }) }] },
      { toolCalls: [{ name: 'web_fetch', arguments: JSON.stringify({ url: BLOG }) }] },
      { toolCalls: [{ name: 'grep', arguments: '{"pattern":"maintain"}' }] },
      {
        text: 'David Fahlander: "Dexie is maintained by David Fahlander."\n\nSources\n- https://docs.example/dexie',
      },
      { text: 'Dexie is maintained by David Fahlander.' },
    ]);
    const cards = answerCards(manager, () => 'once');
    const { runId, sessionId } = await manager.start({ text: 'Who maintains Dexie?' });
    const run = await manager.settled(runId);
    cards.stop();

    expect(run?.status).toBe('done');
    expect(model.requests.map((request) => request.model)).toEqual([
      'big-model',
      'small-model',
      'small-model',
      'small-model',
      'small-model',
      'small-model',
      'big-model',
    ]);
    expect(cards.asked).toEqual(['dexie maintainer', DOC, BLOG]);
    // The cards name the user's question, not the sub-agent's task text.
    const questions = (await db.consentRequests.toArray()).map((request) => request.question);
    expect(new Set(questions)).toEqual(new Set(['Who maintains Dexie?']));
    expect(model.requests[1]!.tools.map((tool) => tool.name)).toEqual([
      'web_fetch',
      'web_search',
      'view',
      'grep',
      'glob',
    ]);
    const subTask = model.requests[1]!.messages[1];
    expect(subTask).toMatchObject({
      role: 'user',
      content: expect.stringContaining('search the web'),
    });
    // The big page was saved as a file and grep found nothing in it (it is all x).
    const grepReply = model.requests[5]!.messages.at(-1);
    expect(grepReply).toMatchObject({
      role: 'tool',
      content: 'No lines match "maintain" in 1 page file(s).',
    });
    // The sub-agent's answer came back as the tool result; sources were built from what was read.
    const final = model.requests[6]!.messages.at(-1);
    expect(final).toMatchObject({
      role: 'tool',
      content: expect.stringContaining('David Fahlander'),
    });
    const answer = (await sessionMessages(db, sessionId)).at(-1);
    expect(answer?.sources?.map((source) => source.url)).toEqual([DOC, BLOG]);
    // A Fetch Analysis child session exists, linked to the call, and its page files are gone.
    const child = await db.sessions.where('parentSessionId').equals(sessionId).first();
    expect(child).toMatchObject({ title: 'Fetch Analysis' });
    const childRun = await db.runs.where('parentRunId').equals(runId).first();
    expect(await pages.list(childRun!.id)).toEqual([]);
  });

  it('uses the main model when Small model is blank', async () => {
    const { model, manager } = setup(
      [
        { toolCalls: [{ name: 'agentic_fetch', arguments: '{"prompt":"q"}' }] },
        { text: 'Not found.\n\nSources' },
        { text: 'Nothing found.' },
      ],
      { smallModel: '' },
    );
    const { runId } = await manager.start({ text: 'q' });
    await manager.settled(runId);
    expect(model.requests.map((request) => request.model)).toEqual([
      'big-model',
      'big-model',
      'big-model',
    ]);
  });

  it('stores with the finished answer what its footer shows, its Fetch Analysis included', async () => {
    const { manager } = setup([
      { toolCalls: [{ name: 'agentic_fetch', arguments: '{"prompt":"q"}' }] },
      { text: 'Not found.\n\nSources' },
      { text: 'Nothing found.' },
    ]);
    const { runId, sessionId } = await manager.start({ text: 'q' });
    const run = await manager.settled(runId);

    // The same counts as the footer made from the steps, read after the end.
    const steps = await runSteps(db, runId);
    const calls = await readSubAgentCalls(db, sessionId, new Set(subAgentCallIds(steps)));
    expect(run?.totals).toEqual(runTotalsOf(steps, calls));
    expect(run?.totals?.steps).toBe(3);
    expect(run?.totals?.usage.tokensIn).toBeGreaterThan(0);
    expect(run?.totals?.subAgentUsage.tokensIn).toBeGreaterThan(0);
    expect(run?.totals?.subAgentUsage).toEqual(
      runTotalsOf([...calls.values()].flat(), new Map()).usage,
    );
  });

  it('URL mode fetches the page first with consent and hands it over', async () => {
    const { model, manager } = setup([
      {
        toolCalls: [
          { name: 'agentic_fetch', arguments: JSON.stringify({ url: DOC, prompt: 'Who?' }) },
        ],
      },
      { text: 'David.\n\nSources\n- https://docs.example/dexie' },
      { text: 'David.' },
    ]);
    const cards = answerCards(manager, () => 'once');
    const { runId } = await manager.start({ text: 'Who maintains it?' });
    await manager.settled(runId);
    cards.stop();
    expect(cards.asked).toEqual([DOC]);
    const subRequest = model.requests[1]!.messages;
    expect(subRequest.at(-1)).toMatchObject({
      role: 'tool',
      content: expect.stringContaining('Dexie is maintained by David Fahlander.'),
    });
  });

  it('a denial inside the sub-agent ends the whole turn and nothing more is fetched', async () => {
    const { model, manager, web } = setup([
      { toolCalls: [{ name: 'agentic_fetch', arguments: '{"prompt":"Who maintains Dexie?"}' }] },
      { toolCalls: [{ name: 'web_fetch', arguments: JSON.stringify({ url: DOC }) }] },
      { text: 'never' },
    ]);
    const cards = answerCards(manager, () => 'deny');
    const { runId, sessionId } = await manager.start({ text: 'Who maintains Dexie?' });
    const run = await manager.settled(runId);
    cards.stop();
    expect(run).toMatchObject({ status: 'stopped', error: { kind: 'denied' } });
    expect(model.requests).toHaveLength(2);
    expect(web.fetched).toEqual([]);
    expect((await sessionMessages(db, sessionId)).at(-1)?.notice).toBe(
      `You did not allow fetching ${DOC}.`,
    );
  });

  it('a Fetch Analysis cut mid-stream interrupts the answer, and Resume continues the same one', async () => {
    const cut = new LlmError('stream-cut', 'The answer broke off.', { partialText: 'Half' });
    const { model, manager } = setup([
      { toolCalls: [{ name: 'agentic_fetch', arguments: '{"prompt":"Who?"}' }] },
      { error: cut },
      { text: 'David.\n\nSources' },
      { text: 'It is David.' },
    ]);
    const { runId, sessionId } = await manager.start({ text: 'Who maintains Dexie?' });
    expect((await manager.settled(runId))?.status).toBe('interrupted');
    const childRun = await db.runs.where('parentRunId').equals(runId).first();
    expect(childRun?.status).toBe('interrupted');

    const stretch = (await db.runs.get(runId))?.totals?.steps;
    await manager.resume(runId);
    const resumed = await manager.settled(runId);
    expect(resumed?.status).toBe('done');
    // The footer counts the steps of the whole answer once it has ended again.
    expect(resumed?.totals?.steps).toBe((await runSteps(db, runId)).length);
    expect(resumed?.totals?.steps).toBeGreaterThan(stretch!);
    expect(await db.runs.where('parentRunId').equals(runId).count()).toBe(1);
    expect((await db.runs.get(childRun!.id))?.status).toBe('done');
    expect((await sessionMessages(db, sessionId)).at(-1)?.content).toBe('It is David.');
    // The sub-agent was asked again on the small model; the user's question was not repeated.
    expect(model.requests[2]?.model).toBe('small-model');
  });
});
