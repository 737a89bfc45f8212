/**
 * Import before and after batching, in Node on fake-indexeddb (the same Dexie code the worker
 * runs): one transaction for the whole file, as import did before, against batches of
 * IMPORT_BATCH_SESSIONS sessions with one transaction each; baseline: JSON.parse + one bulk write.
 */

import type { SessionBundle } from '../lib/sessions/export-session';
import { IMPORT_BATCH_SESSIONS, importSessions } from '../lib/sessions/import-sessions';
import { createTestDatabase } from '../testing/test-database';
import { buildHistoryExport } from './history-file';
import { summary } from './stats';

async function time(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

export async function benchImport(sessions: number, runs: number) {
  const json = buildHistoryExport(sessions, 50);
  const single: number[] = [];
  const batched: number[] = [];
  const bare: number[] = [];
  for (let run = 0; run < runs; run++) {
    single.push(
      await time(() =>
        importSessions(createTestDatabase(), json, Date.now(), { batchSessions: Infinity }),
      ),
    );
    batched.push(await time(() => importSessions(createTestDatabase(), json)));
    const db = createTestDatabase();
    bare.push(
      await time(async () => {
        const file = JSON.parse(json) as { sessions: SessionBundle[] };
        await db.transaction('rw', [db.sessions, db.messages, db.runs, db.steps], async () => {
          await db.sessions.bulkAdd(file.sessions.map((bundle) => bundle.session));
          await db.messages.bulkAdd(file.sessions.flatMap((bundle) => bundle.messages));
          await db.runs.bulkAdd(file.sessions.flatMap((bundle) => bundle.runs));
          await db.steps.bulkAdd(file.sessions.flatMap((bundle) => bundle.steps));
        });
      }),
    );
  }
  const size = `${sessions} sessions, ${(json.length / 1e6).toFixed(1)} MB`;
  return [
    summary(`JSON.parse + one bulk write (baseline), ${size}`, bare),
    summary('import, one transaction (before)', single, bare),
    summary(`import, batches of ${IMPORT_BATCH_SESSIONS} (after)`, batched, bare),
  ];
}
