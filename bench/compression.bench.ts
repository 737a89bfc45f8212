/**
 * Long conversations: a scripted 30-turn research session (each turn reads one page holding one
 * fact, then answers) on an 8,192-token window with a zero-latency model, run twice: with
 * compression as shipped, and with a window so large that everything is sent every time.
 * Reports the tokens sent (compression requests included), how many of the 30 facts the last
 * request still carries, and the time compression adds per turn.
 */
import 'fake-indexeddb/auto';
import { z } from 'zod';
import { GleanerDatabase } from '../lib/db/database';
import { countRequestTokens } from '../lib/llm/token-count';
import type { ChatRequest } from '../lib/llm/types';
import { DEFAULT_SETTINGS } from '../lib/settings/schema';
import { createToolRegistry } from '../lib/tools/registry';
import { defineTool, type Tool } from '../lib/tools/tool';
import { fakeServices } from '../testing/fake-services';
import { runHarness } from '../testing/run-harness';
import { ScriptedModel, type ScriptedReply } from '../testing/scripted-model';

const TURNS = 30;

/** The fact of page n: an amount, a percentage and a date a later question may need. */
const factOf = (n: number) =>
  `Source ${n} reports revenue of $${n},250 and a margin of ${n}.5% on 2024-03-${String((n % 28) + 1).padStart(2, '0')}.`;

const sourceTool = defineTool({
  name: 'read_source',
  description: 'Reads a numbered research source.',
  parameters: z.object({ n: z.number() }),
  consent: 'none',
  async execute({ n }) {
    const filler = `Source ${n} discusses the market at length without new numbers. `.repeat(40);
    return { kind: 'result', content: `${filler}${factOf(n)} ${filler}` };
  },
});

async function session(contextWindow: number) {
  const script: ScriptedReply[] = Array.from({ length: TURNS }, (_, index) => [
    { toolCalls: [{ name: 'read_source', arguments: JSON.stringify({ n: index + 1 }) }] },
    { text: `Source ${index + 1} adds a little to the picture. `.repeat(8) },
  ]).flat();
  const model = new ScriptedModel(script, { summarize: () => 'The sources were read in turn.' });
  const db = new GleanerDatabase();
  const manager = runHarness(db, () => ({
    model,
    tools: createToolRegistry([sourceTool as Tool]),
    services: fakeServices(),
    settings: { ...DEFAULT_SETTINGS, baseUrl: 'http://x/v1', model: 'm', contextWindow },
    systemPrompt: 'bench',
    persistEveryMs: 0,
  }));
  let sessionId: string | undefined;
  const start = performance.now();
  for (let turn = 1; turn <= TURNS; turn++) {
    const ids = await manager.start({ text: `What does source ${turn} add?`, sessionId });
    sessionId = ids.sessionId;
    const run = await manager.settled(ids.runId, 60_000);
    if (run.status !== 'done') throw new Error(`bench turn ${turn} ended ${run.status}`);
  }
  const elapsed = performance.now() - start;
  // Time inside the compression steps themselves (fact check, put-back, storage).
  const compressionMs = (await db.steps.toArray())
    .filter((step) => step.kind === 'compression')
    .reduce((sum, step) => sum + ((step.endedAt ?? step.startedAt) - step.startedAt), 0);
  db.close();
  const tokens = (requests: readonly ChatRequest[]) =>
    requests.reduce((sum, request) => sum + countRequestTokens(request), 0);
  const last = JSON.stringify(model.requests.at(-1)?.messages ?? []);
  const retained = Array.from({ length: TURNS }, (_, index) => index + 1).filter((n) =>
    [`$${n},250`, `${n}.5%`].every((fact) => last.includes(fact)),
  ).length;
  return {
    sent: tokens(model.requests) + tokens(model.compressionRequests),
    compressions: model.compressionRequests.length,
    largest: Math.max(...model.requests.map((request) => countRequestTokens(request))),
    retained,
    msPerTurn: elapsed / TURNS,
    compressionMsPerTurn: compressionMs / TURNS,
  };
}

export async function benchCompression(): Promise<Array<Record<string, string | number>>> {
  const everything = await session(10_000_000);
  const compressed = await session(8192);
  const row = (label: string, result: Awaited<ReturnType<typeof session>>) => ({
    measure: label,
    'tokens sent': result.sent,
    'largest request': result.largest,
    'compression calls': result.compressions,
    [`facts in last request (of ${TURNS})`]: result.retained,
    'ms per turn': Math.round(result.msPerTurn * 100) / 100,
  });
  return [
    row('30 turns, everything sent (baseline)', everything),
    {
      ...row('30 turns, compression on an 8,192 window', compressed),
      '× baseline tokens': Math.round((compressed.sent / everything.sent) * 100) / 100,
      'compression step ms per turn': Math.round(compressed.compressionMsPerTurn * 100) / 100,
    },
  ];
}
