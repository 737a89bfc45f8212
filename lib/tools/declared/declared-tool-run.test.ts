import { beforeEach, describe, expect, it } from 'vitest';
import { fakeCalls, jsonReply } from '../../../testing/fake-calls';
import { fakeServices } from '../../../testing/fake-services';
import { runHarness } from '../../../testing/run-harness';
import { ScriptedModel } from '../../../testing/scripted-model';
import { createTestDatabase } from '../../../testing/test-database';
import type { GleanerDatabase } from '../../db/database';
import type { ConsentRequestRecord } from '../../db/records';
import { DEFAULT_SETTINGS } from '../../settings/schema';
import { parseDeclarations } from '../../settings/tool-declaration';
import { createToolRegistry } from '../registry';
import { createDeclaredTool } from './declared-tool';

const SECRET = 'wh-secret-0123456789';
const parsed = parseDeclarations(
  JSON.stringify({
    name: 'search_warehouse',
    description: 'Looks up the stock of a product by its SKU.',
    parameters: { type: 'object', properties: { sku: { type: 'string' } }, required: ['sku'] },
    endpoint: 'https://stock.example/invoke',
    headers: { Authorization: `Bearer ${SECRET}` },
  }),
);
if (!parsed.ok) throw new Error(parsed.problems.join(' '));
const declaration = parsed.declarations[0]!;

let db: GleanerDatabase;
beforeEach(() => {
  db = createTestDatabase();
});

async function pendingRequest(): Promise<ConsentRequestRecord> {
  for (let tries = 0; tries < 400; tries++) {
    const request = await db.consentRequests.where('status').equals('pending').first();
    if (request) return request;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('no consent card appeared');
}

function harness(calls: ReturnType<typeof fakeCalls>, model: ScriptedModel) {
  return runHarness(db, () => ({
    model,
    tools: createToolRegistry([createDeclaredTool(declaration)]),
    services: fakeServices([], undefined, { calls }),
    settings: { ...DEFAULT_SETTINGS, baseUrl: 'http://llm.test/v1', model: 'm' },
    systemPrompt: 's',
    persistEveryMs: 0,
  }));
}

describe('a declared tool in a run', () => {
  it('calls after Always allow, then again without a card; the secret header is never stored', async () => {
    const calls = fakeCalls([jsonReply({ qty: 4 })]);
    const call = { name: 'search_warehouse', arguments: '{"sku":"A-1"}' };
    const model = new ScriptedModel([
      { toolCalls: [call] },
      { text: 'There are 4.' },
      { toolCalls: [call] },
      { text: 'Still 4.' },
    ]);
    const manager = harness(calls, model);
    const first = await manager.start({ text: 'How many A-1?' });
    const request = await pendingRequest();
    expect(request).toMatchObject({
      kind: 'tool',
      target: 'search_warehouse',
      host: 'https://stock.example/invoke',
      detail: 'Arguments: {\n  "sku": "A-1"\n}',
      grantable: true,
    });
    await manager.consent.answer({ requestId: request.id, decision: 'always' });
    await manager.settled(first.runId);
    expect(await db.grants.toArray()).toMatchObject([
      { kind: 'always-tool', host: 'search_warehouse at https://stock.example/invoke' },
    ]);
    const second = await manager.start({ text: 'And now?', sessionId: first.sessionId });
    expect((await manager.settled(second.runId)).status).toBe('done');
    expect(calls.requests).toHaveLength(2);
    expect(calls.requests[0]!.headers.Authorization).toBe(`Bearer ${SECRET}`);
    expect(model.requests[1]!.messages.at(-1)?.content).toContain('{"qty":4}');

    const everything = await Promise.all(db.tables.map((table) => table.toArray()));
    expect(JSON.stringify(everything)).not.toContain(SECRET);
  });

  it('sends nothing when the card is denied, and ends the turn', async () => {
    const calls = fakeCalls([jsonReply({ qty: 4 })]);
    const model = new ScriptedModel([
      { toolCalls: [{ name: 'search_warehouse', arguments: '{"sku":"A-1"}' }] },
      { text: 'never' },
    ]);
    const manager = harness(calls, model);
    const { runId } = await manager.start({ text: 'How many A-1?' });
    await manager.consent.answer({ requestId: (await pendingRequest()).id, decision: 'deny' });
    expect(await manager.settled(runId)).toMatchObject({
      status: 'stopped',
      error: { kind: 'denied', message: 'You did not allow calling the tool search_warehouse.' },
    });
    expect(calls.requests).toEqual([]);
  });

  it('returns bad arguments to the model as a tool error, before any card', async () => {
    const calls = fakeCalls([jsonReply({})]);
    const model = new ScriptedModel([
      { toolCalls: [{ name: 'search_warehouse', arguments: '{"sku":7}' }] },
      { text: 'ok' },
    ]);
    const manager = harness(calls, model);
    const { runId } = await manager.start({ text: 'x' });
    await manager.settled(runId);
    expect(model.requests[1]!.messages.at(-1)?.content).toMatch(
      /^Error: Invalid arguments for search_warehouse: sku: /,
    );
    expect(await db.consentRequests.count()).toBe(0);
    expect(calls.requests).toEqual([]);
  });
});
