import type { RunDependencies } from '../lib/agent/run-context';
import { RunManager } from '../lib/agent/run-manager';
import { createSubAgentRunner } from '../lib/agent/sub-agent';
import { ConsentBroker } from '../lib/consent/broker';
import type { GleanerDatabase } from '../lib/db/database';
import type { RunRecord } from '../lib/db/records';
import { runDependencies } from '../lib/worker/run-dependencies';

type Parts = Omit<RunDependencies, 'db' | 'consent'>;

const ENDED: ReadonlySet<RunRecord['status']> = new Set([
  'done',
  'stopped',
  'failed',
  'interrupted',
]);

/**
 * A RunManager over a test database, built the way the worker builds one: each run gets the
 * parts a test gives plus the database and one consent broker. With `subAgent`, agentic_fetch
 * starts a real Fetch Analysis assembled by lib/worker's runDependencies.
 */
export function runHarness(
  db: GleanerDatabase,
  parts: Parts | (() => Parts),
  options: { subAgent?: boolean; onActiveChange?: (active: number) => void } = {},
) {
  const consent = new ConsentBroker(db);
  const manager = new RunManager(
    db,
    async () => {
      const given = typeof parts === 'function' ? parts() : parts;
      const dependencies: RunDependencies = { ...given, db, consent };
      if (!options.subAgent) return dependencies;
      const child = runDependencies(
        { ...dependencies, services: given.services },
        'fetch-analysis',
      );
      return {
        ...dependencies,
        services: { ...given.services, subAgent: createSubAgentRunner(child) },
      };
    },
    options.onActiveChange,
  );
  /** Resolves with the run once its loop has ended (polls the stored status). */
  async function settled(runId: string, timeoutMs = 5000): Promise<RunRecord> {
    const started = Date.now();
    for (;;) {
      const run = await db.runs.get(runId);
      if (run && ENDED.has(run.status) && !manager.isActive(runId)) return run;
      if (Date.now() - started > timeoutMs) {
        throw new Error(`Run ${runId} did not end within ${timeoutMs} ms (${run?.status}).`);
      }
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
  }
  return {
    manager,
    consent,
    settled,
    start: manager.start.bind(manager),
    stop: manager.stop.bind(manager),
    resume: manager.resume.bind(manager),
  };
}

export type RunHarness = ReturnType<typeof runHarness>;
