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
import { reuseKey } from './step-reuse';

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
  it('answers a second run of the same user turn from the stored fetch: no request, no card', async () => {
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

    // A second run of the same user message, as Regenerate makes one.
    const first = (await db.runs.get(ids.runId))!;
    const againId = 'regenerated-run';
    await db.runs.add({
      ...first,
      id: againId,
      status: 'interrupted',
      steps: 0,
      fetches: 0,
      budgetStart: 0,
    });
    await manager.resume(againId);
    const again = await manager.settled(againId);
    expect(again.status).toBe('done');
    expect(fetched).toHaveLength(1);
    expect(await db.consentRequests.count()).toBe(1);
    const steps = await runSteps(db, againId);
    const reused = steps.find((step) => step.kind === 'tool')!;
    expect(reused.reusedFrom).toBeDefined();
    expect(reused.summary).toMatch(/^reused: /);
    const lastRequest = model.requests.at(-1)!.messages;
    expect(lastRequest.at(-1)).toMatchObject({
      role: 'tool',
      content: expect.stringContaining('Revenue grew 12%.'),
    });
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
