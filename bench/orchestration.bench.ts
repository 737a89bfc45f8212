import { runHarness } from '../testing/run-harness';
/**
 * Time spent outside the model and the network per agent step: a scripted free search (main
 * agent → agentic_fetch → search → two fetches → answer) with a zero-latency model and in-memory
 * web fixtures, so what remains is orchestration, extraction-free tool work and storage (Dexie on
 * fake-indexeddb, in Node). Baseline in the same run: the same number of bare Dexie writes.
 */
import 'fake-indexeddb/auto';
import { GleanerDatabase } from '../lib/db/database';
import { runSteps } from '../lib/db/queries';
import { DEFAULT_SETTINGS } from '../lib/settings/schema';
import { createToolRegistry, MAIN_AGENT_TOOLS } from '../lib/tools/registry';
import { fakeSearch } from '../testing/fake-search';
import { fakeServices } from '../testing/fake-services';
import { fakeWeb, page } from '../testing/fake-web';
import { memoryPageFiles } from '../testing/memory-page-files';
import { ScriptedModel } from '../testing/scripted-model';
import { summary } from './stats';

const A = 'https://a.example/page';
const B = 'https://b.example/page';

function script() {
  return new ScriptedModel([
    { toolCalls: [{ name: 'agentic_fetch', arguments: '{"prompt":"What is up?"}' }] },
    { toolCalls: [{ name: 'web_search', arguments: '{"query":"what is up"}' }] },
    { toolCalls: [{ name: 'web_fetch', arguments: JSON.stringify({ url: A }) }] },
    { toolCalls: [{ name: 'web_fetch', arguments: JSON.stringify({ url: B }) }] },
    { text: 'Up is up.\n\nSources\n- https://a.example/page', chunks: 20 },
    { text: 'Up is up, say the sources.', chunks: 20 },
  ]);
}

export async function benchOrchestration(runs: number) {
  const perStep: number[] = [];
  const baseline: number[] = [];
  for (let run = 0; run < runs; run++) {
    const db = new GleanerDatabase();
    const manager = runHarness(
      db,
      () => ({
        model: script(),
        tools: createToolRegistry(MAIN_AGENT_TOOLS),
        services: fakeServices(
          [],
          fakeWeb({ [A]: page(A, 'Alpha '.repeat(500)), [B]: page(B, 'Beta '.repeat(500)) }),
          {
            search: fakeSearch({
              'what is up': [
                { title: 'A', url: A },
                { title: 'B', url: B },
              ],
            }),
            pages: memoryPageFiles(),
          },
        ),
        settings: { ...DEFAULT_SETTINGS, baseUrl: 'http://x/v1', model: 'm' },
        systemPrompt: 'bench',
      }),
      { subAgent: true },
    );
    const start = performance.now();
    const { runId } = await manager.start({ text: `Question ${run}` });
    // Grant everything as it is asked for, as a user clicking Allow all would.
    const answering = (async () => {
      for (;;) {
        const pending = await db.consentRequests.where('status').equals('pending').first();
        if (pending) {
          await manager.consent.answer({
            requestId: pending.id,
            decision: 'once',
            allowAllForAnswer: true,
          });
        }
        const current = await db.runs.get(runId);
        if (current && current.status !== 'running' && current.status !== 'awaiting-consent')
          return;
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
    })();
    const finished = await manager.settled(runId);
    await answering;
    const elapsed = performance.now() - start;
    if (finished?.status !== 'done') throw new Error(`bench run ended ${finished?.status}`);
    const child = await db.runs.where('parentRunId').equals(runId).first();
    const steps =
      (await runSteps(db, runId)).length + (child ? (await runSteps(db, child.id)).length : 0);
    perStep.push(elapsed / steps);

    const baseStart = performance.now();
    for (let write = 0; write < steps; write++) {
      await db.steps.add({
        id: `b${run}-${write}`,
        runId: 'baseline',
        index: write,
        kind: 'tool',
        status: 'done',
        startedAt: 0,
      });
    }
    baseline.push((performance.now() - baseStart) / steps);
    db.close();
  }
  return [
    summary('one bare Dexie write per step (baseline)', baseline),
    summary('orchestration + storage per agent step (free search)', perStep, baseline),
  ];
}
