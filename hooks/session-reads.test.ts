// First: Dexie's liveQuery runs only where a global indexedDB existed when Dexie loaded.
import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { GleanerDatabase } from '../lib/db/database';
import { runSteps, sessionRuns } from '../lib/db/queries';
import { runsToRead, runTotalsOf } from '../lib/sessions/run-totals';
import { DEFAULT_SETTINGS } from '../lib/settings/schema';
import { createToolRegistry } from '../lib/tools/registry';
import { defineTool, type Tool } from '../lib/tools/tool';
import { fakeServices } from '../testing/fake-services';
import { countReads } from '../testing/read-counter';
import { runHarness } from '../testing/run-harness';
import { ScriptedModel } from '../testing/scripted-model';
import { readChat } from './read-chat';

const weather = defineTool({
  name: 'weather',
  description: 'The weather in a city, for tests.',
  parameters: z.object({ city: z.string() }),
  consent: 'none',
  execute: async ({ city }) => ({ kind: 'result', content: `Sunny in ${city}` }),
});

/** Two answers written by the run loop in the worker's database; the panel opens its own. */
async function sessionOfTwoAnswers() {
  const factory = new IDBFactory();
  const worker = new GleanerDatabase({ indexedDB: factory, IDBKeyRange });
  const model = new ScriptedModel([
    { toolCalls: [{ name: 'weather', arguments: '{"city":"Oslo"}' }] },
    { text: 'Sunny in Oslo.' },
    { text: 'You are welcome.' },
  ]);
  const manager = runHarness(worker, () => ({
    model,
    tools: createToolRegistry([weather as Tool]),
    services: fakeServices(),
    settings: { ...DEFAULT_SETTINGS, baseUrl: 'http://llm.test/v1', model: 'main-model' },
    systemPrompt: 'You are a test.',
    persistEveryMs: 0,
  }));
  const first = await manager.start({ text: 'Weather in Oslo?' });
  await manager.settled(first.runId);
  const second = await manager.start({ text: 'Thanks', sessionId: first.sessionId });
  await manager.settled(second.runId);
  const panel = new GleanerDatabase({ indexedDB: factory, IDBKeyRange });
  return { worker, panel, reads: countReads(panel), sessionId: first.sessionId };
}

describe('what the chat reads of a session', () => {
  it('opens a session of finished answers without reading a step, and reads one answer’s steps when its Activity opens', async () => {
    const { worker, panel, reads, sessionId } = await sessionOfTwoAnswers();

    // What the chat reads on opening: the session, its messages and runs, no step.
    const shown = await readChat(panel, sessionId, new Set());
    expect(shown.messages.map((message) => message.content)).toContain('Sunny in Oslo.');
    expect(shown.stepsByRun.size).toBe(0);
    expect(reads.of('steps')).toBe(0);
    const runs = shown.runs;

    // The footer's counts, stored with each run, are those its steps add up to.
    for (const run of runs) {
      expect(run.totals).toEqual(runTotalsOf(await runSteps(worker, run.id), new Map()));
    }
    expect(runs.map((run) => run.totals?.steps)).toEqual([3, 1]);

    // Opening the first answer's Activity reads its steps, and only its.
    const opened = new Set([runs[0]!.id]);
    const read = (await readChat(panel, sessionId, opened)).stepsByRun;
    expect([...read.keys()]).toEqual([runs[0]!.id]);
    expect(read.get(runs[0]!.id)?.map((step) => step.toolName ?? step.kind)).toEqual([
      'model',
      'weather',
      'model',
    ]);
    expect(reads.of('steps')).toBeGreaterThan(0);
  });

  it('reads the steps of a run that ended without stored totals, to add its footer up', async () => {
    const { panel, sessionId } = await sessionOfTwoAnswers();
    const [older, newer] = await sessionRuns(panel, sessionId);
    await panel.runs.update(older!.id, { totals: undefined });
    const runs = await sessionRuns(panel, sessionId);
    expect(runsToRead(runs, new Set(), false).map((run) => run.id)).toEqual([older!.id]);
    // A Fetch Analysis session is its steps: all of them are read.
    expect(runsToRead(runs, new Set(), true).map((run) => run.id)).toEqual([older!.id, newer!.id]);
  });
});
