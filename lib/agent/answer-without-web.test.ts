import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServices } from '../../testing/fake-services';
import { fakeWeb, page } from '../../testing/fake-web';
import { runHarness } from '../../testing/run-harness';
import { ScriptedModel, type ScriptedReply } from '../../testing/scripted-model';
import { createTestDatabase } from '../../testing/test-database';
import type { GleanerDatabase } from '../db/database';
import { sessionMessages } from '../db/queries';
import { DEFAULT_SETTINGS } from '../settings/schema';
import { agenticFetchTool } from '../tools/agentic-fetch';
import { fetchTool } from '../tools/fetch';
import { listTabsTool } from '../tools/list-tabs';
import { createToolRegistry } from '../tools/registry';
import type { Tool } from '../tools/tool';
import { regenerateHandler } from '../worker/handlers/regenerate-handler';

let db: GleanerDatabase;
beforeEach(() => {
  db = createTestDatabase();
});

const URL = 'https://site.test/report';
const fetchCall: ScriptedReply = {
  toolCalls: [{ name: 'fetch', arguments: JSON.stringify({ url: URL }) }],
};

function harness(script: ScriptedReply[]) {
  const web = fakeWeb({ [URL]: page(URL, '# Report\n\nRevenue grew 12%.') });
  const model = new ScriptedModel(script);
  const manager = runHarness(db, () => ({
    model,
    tools: createToolRegistry([listTabsTool, fetchTool, agenticFetchTool] as Tool[]),
    services: fakeServices([], web),
    settings: { ...DEFAULT_SETTINGS, baseUrl: 'http://llm.test/v1', model: 'm' },
    systemPrompt: 'You are a test.',
    persistEveryMs: 0,
  }));
  return { model, manager, fetched: web.fetched };
}

/** Answers the pending card of a run with Deny. */
async function denyCard(manager: ReturnType<typeof harness>['manager']) {
  for (;;) {
    const pending = await db.consentRequests.where('status').equals('pending').first();
    if (pending) return manager.consent.answer({ requestId: pending.id, decision: 'deny' });
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

/** A question whose fetch the user denied. */
async function deniedAnswer(script: ScriptedReply[]) {
  const parts = harness([fetchCall, ...script]);
  const ids = await parts.manager.start({ text: 'How did revenue do?' });
  await denyCard(parts.manager);
  const denied = await parts.manager.settled(ids.runId);
  expect(denied).toMatchObject({ status: 'stopped', error: { kind: 'denied' } });
  return { ...parts, ids };
}

describe('Answer without the web', () => {
  it('asks the same question again with no web tool offered, and says it answered without the web', async () => {
    const { manager, model, fetched, ids } = await deniedAnswer([
      { text: 'From what I know, revenue usually follows orders.' },
    ]);
    const again = await regenerateHandler(db, manager).regenerateRun({
      type: 'regenerateRun',
      runId: ids.runId,
      withoutWeb: true,
    });
    expect((await manager.settled(again.runId)).status).toBe('done');

    const request = model.requests.at(-1)!;
    expect(request.tools.map((tool) => tool.name)).toEqual(['list_tabs']);
    expect(request.messages[0]!.content).toContain('answered without the web');
    expect(request.messages.filter((message) => message.role === 'user')).toEqual([
      { role: 'user', content: 'How did revenue do?' },
    ]);
    expect(fetched).toHaveLength(0);
    expect(await db.consentRequests.count()).toBe(1);
    const messages = (await sessionMessages(db, ids.sessionId)).filter(
      (message) => message.runId === again.runId,
    );
    expect(messages.map((message) => message.notice).filter(Boolean)).toEqual([
      'Answered without the web, as you asked: nothing was fetched or searched for this answer.',
    ]);
  });

  it('refuses a web tool the model calls anyway: no fetch, no card', async () => {
    const { manager, model, fetched, ids } = await deniedAnswer([
      fetchCall,
      { text: 'Without the page, I cannot say.' },
    ]);
    const again = await regenerateHandler(db, manager).regenerateRun({
      type: 'regenerateRun',
      runId: ids.runId,
      withoutWeb: true,
    });
    expect((await manager.settled(again.runId)).status).toBe('done');
    expect(fetched).toHaveLength(0);
    expect(await db.consentRequests.count()).toBe(1);
    expect(model.requests.at(-1)!.messages.at(-1)).toMatchObject({
      role: 'tool',
      content: expect.stringContaining('Unknown tool "fetch"'),
    });
  });
});
