import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServices } from '../../testing/fake-services';
import { fakeWeb, page } from '../../testing/fake-web';
import { runHarness } from '../../testing/run-harness';
import { ScriptedModel, type ScriptedReply } from '../../testing/scripted-model';
import { createTestDatabase } from '../../testing/test-database';
import type { GleanerDatabase } from '../db/database';
import { runSteps, sessionMessages } from '../db/queries';
import { LlmError } from '../llm/errors';
import { DEFAULT_SETTINGS } from '../settings/schema';
import { fetchTool } from '../tools/fetch';
import { createToolRegistry } from '../tools/registry';
import type { Tool } from '../tools/tool';
import { regenerateHandler } from '../worker/handlers/regenerate-handler';
import { reuseKey, turnOf } from './step-reuse';

describe('turnOf', () => {
  it('is the question of the run, or the first question of the turn a Regenerate answers again', () => {
    expect(turnOf({ userMessageId: 'u1' })).toBe('u1');
    expect(turnOf({ userMessageId: 'u2', turnMessageId: 'u1' })).toBe('u1');
  });
});

describe('reuseKey', () => {
  it('is the same for the same tool and arguments in the same user turn, whatever the spacing or key order', () => {
    expect(
      reuseKey('u1', { name: 'fetch', arguments: '{"url":"https://a.test","format":"markdown"}' }),
    ).toBe(
      reuseKey('u1', {
        name: 'fetch',
        arguments: '{ "format": "markdown", "url": "https://a.test" }',
      }),
    );
  });

  it('differs for another turn, another tool or other arguments', () => {
    const key = reuseKey('u1', { name: 'fetch', arguments: '{"url":"https://a.test"}' });
    expect(reuseKey('u2', { name: 'fetch', arguments: '{"url":"https://a.test"}' })).not.toBe(key);
    expect(reuseKey('u1', { name: 'web_fetch', arguments: '{"url":"https://a.test"}' })).not.toBe(
      key,
    );
    expect(reuseKey('u1', { name: 'fetch', arguments: '{"url":"https://b.test"}' })).not.toBe(key);
  });
});

let db: GleanerDatabase;
beforeEach(() => {
  db = createTestDatabase();
});

const fetchCall: ScriptedReply = {
  toolCalls: [{ name: 'fetch', arguments: '{"url":"https://site.test/report"}' }],
};

function harness(script: ScriptedReply[]) {
  const url = 'https://site.test/report';
  const web = fakeWeb({ [url]: page(url, '# Report\n\nRevenue grew 12%.') });
  const services = fakeServices([], web);
  const model = new ScriptedModel(script);
  const manager = runHarness(db, () => ({
    model,
    tools: createToolRegistry([fetchTool as Tool]),
    services,
    settings: { ...DEFAULT_SETTINGS, baseUrl: 'http://llm.test/v1', model: 'm' },
    systemPrompt: 'You are a test.',
    persistEveryMs: 0,
  }));
  return { model, manager, fetched: web.fetched };
}

/** Answers the one fetch card of a run with Allow once. */
async function allowFetch(manager: ReturnType<typeof harness>['manager']) {
  for (;;) {
    const pending = await db.consentRequests.where('status').equals('pending').first();
    if (pending) return manager.consent.answer({ requestId: pending.id, decision: 'once' });
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

describe('step reuse', () => {
  it('Regenerate answers the same fetch from the stored result: no request, no card, marked reused', async () => {
    const { manager, fetched, model } = harness([
      fetchCall,
      { text: 'It grew 12%.' },
      fetchCall,
      { text: 'Again: 12%.' },
    ]);
    const ids = await manager.start({ text: 'How did revenue do?' });
    await allowFetch(manager);
    await manager.settled(ids.runId);
    expect(fetched).toHaveLength(1);

    const again = await regenerateHandler(db, manager).regenerateRun({
      type: 'regenerateRun',
      runId: ids.runId,
    });
    expect((await manager.settled(again.runId)).status).toBe('done');
    expect(fetched).toHaveLength(1);
    expect(await db.consentRequests.count()).toBe(1);
    const reused = (await runSteps(db, again.runId)).find((step) => step.kind === 'tool')!;
    const original = (await runSteps(db, ids.runId)).find((step) => step.kind === 'tool')!;
    expect(reused.reusedFrom).toBe(original.id);
    expect(reused.summary).toMatch(/^reused: /);
    const lastRequest = model.requests.at(-1)!.messages;
    expect(lastRequest.at(-1)).toMatchObject({
      role: 'tool',
      content: expect.stringContaining('Revenue grew 12%.'),
    });
    // The question is asked afresh: the earlier attempt is not sent, its answer stays stored.
    expect(lastRequest.filter((message) => message.role === 'user')).toHaveLength(1);
    expect(JSON.stringify(lastRequest)).not.toContain('It grew 12%.');
    const stored = await sessionMessages(db, ids.sessionId);
    expect(stored.filter((message) => message.role === 'assistant').map((m) => m.content)).toEqual(
      expect.arrayContaining(['It grew 12%.', 'Again: 12%.']),
    );
  });

  it('Regenerate of a regenerated answer still reuses the first fetch', async () => {
    const { manager, fetched } = harness([
      fetchCall,
      { text: 'One.' },
      fetchCall,
      { text: 'Two.' },
      fetchCall,
      { text: 'Three.' },
    ]);
    const ids = await manager.start({ text: 'How did revenue do?' });
    await allowFetch(manager);
    await manager.settled(ids.runId);
    const handler = regenerateHandler(db, manager);
    const second = await handler.regenerateRun({ type: 'regenerateRun', runId: ids.runId });
    await manager.settled(second.runId);
    const third = await handler.regenerateRun({ type: 'regenerateRun', runId: second.runId });
    expect((await manager.settled(third.runId)).status).toBe('done');
    expect(fetched).toHaveLength(1);
    expect(await db.consentRequests.count()).toBe(1);
  });

  it('Regenerate asks as usual for a call that was not made before', async () => {
    const other: ScriptedReply = {
      toolCalls: [{ name: 'fetch', arguments: '{"url":"https://site.test/other"}' }],
    };
    const { manager } = harness([fetchCall, { text: 'A' }, other, { text: 'B' }]);
    const ids = await manager.start({ text: 'How did revenue do?' });
    await allowFetch(manager);
    await manager.settled(ids.runId);
    const again = await regenerateHandler(db, manager).regenerateRun({
      type: 'regenerateRun',
      runId: ids.runId,
    });
    await allowFetch(manager);
    await manager.settled(again.runId);
    const cards = (await db.consentRequests.toArray()).sort((a, b) => a.createdAt - b.createdAt);
    expect(cards.map((card) => card.target)).toEqual([
      'https://site.test/report',
      'https://site.test/other',
    ]);
  });

  it('on Resume answers the model asking again for what was fetched before the failure', async () => {
    const { manager, fetched } = harness([
      fetchCall,
      { error: new LlmError('server', 'The server had a server error (HTTP 500).') },
      fetchCall,
      { text: 'It grew 12%.' },
    ]);
    const ids = await manager.start({ text: 'How did revenue do?' });
    await allowFetch(manager);
    expect((await manager.settled(ids.runId)).status).toBe('failed');
    await manager.resume(ids.runId);
    expect((await manager.settled(ids.runId)).status).toBe('done');
    expect(fetched).toHaveLength(1);
    expect(await db.consentRequests.count()).toBe(1);
    const messages = await sessionMessages(db, ids.sessionId);
    expect(messages.at(-1)?.content).toBe('It grew 12%.');
  });

  it('asks again in a new user turn, even with the same words', async () => {
    const { manager, fetched } = harness([fetchCall, { text: 'A' }, fetchCall, { text: 'B' }]);
    const first = await manager.start({ text: 'Revenue?' });
    await allowFetch(manager);
    await manager.settled(first.runId);
    const second = await manager.start({ text: 'Revenue?', sessionId: first.sessionId });
    await allowFetch(manager);
    await manager.settled(second.runId);
    expect(fetched).toHaveLength(2);
  });
});
