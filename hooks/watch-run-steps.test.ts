// First: Dexie's liveQuery runs only where a global indexedDB existed when Dexie loaded.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { StepRecord } from '../lib/db/records';
import { createTestDatabase } from '../testing/test-database';
import { watchRunSteps } from './watch-run-steps';

const step = (runId: string, index: number): StepRecord => ({
  id: `${runId}-${index}`,
  runId,
  index,
  kind: 'model',
  status: 'done',
  startedAt: index,
});

/** Collects what the watch publishes, and resolves when a published map satisfies `until`. */
function recorder() {
  const seen: Array<ReadonlyMap<string, StepRecord[]>> = [];
  let waiter: { until: (map: ReadonlyMap<string, StepRecord[]>) => boolean; done: () => void };
  return {
    seen,
    onChange(map: ReadonlyMap<string, StepRecord[]>) {
      seen.push(map);
      if (waiter?.until(map)) waiter.done();
    },
    next(until: (map: ReadonlyMap<string, StepRecord[]>) => boolean) {
      const last = seen.at(-1);
      if (last && until(last)) return Promise.resolve(last);
      return new Promise<ReadonlyMap<string, StepRecord[]>>((resolve) => {
        waiter = { until, done: () => resolve(seen.at(-1)!) };
      });
    },
  };
}

describe('watchRunSteps', () => {
  it('publishes once every run is read, then re-reads only the run a step was written to', async () => {
    const db = createTestDatabase();
    await db.steps.bulkAdd([step('a', 0), step('a', 1), step('b', 0)]);
    const record = recorder();
    const watch = watchRunSteps(db, record.onChange);
    watch.setRuns(['a', 'b']);
    const first = await record.next((map) => map.size === 2);
    expect(first.get('a')?.map((s) => s.id)).toEqual(['a-0', 'a-1']);
    expect(record.seen.every((map) => map.has('a') && map.has('b'))).toBe(true);

    await db.steps.add(step('b', 1));
    const after = await record.next((map) => map.get('b')?.length === 2);
    // Run a's list is the very array read before: nothing drawn from it is recomputed.
    expect(after.get('a')).toBe(first.get('a'));
    expect(after.get('b')?.map((s) => s.id)).toEqual(['b-0', 'b-1']);
    watch.stop();
  });

  it('drops runs no longer watched and stops reading after stop', async () => {
    const db = createTestDatabase();
    await db.steps.bulkAdd([step('a', 0), step('b', 0)]);
    const record = recorder();
    const watch = watchRunSteps(db, record.onChange);
    watch.setRuns(['a', 'b']);
    await record.next((map) => map.size === 2);
    watch.setRuns(['b']);
    expect([...record.seen.at(-1)!.keys()]).toEqual(['b']);
    watch.stop();
    const count = record.seen.length;
    await db.steps.add(step('b', 1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(record.seen).toHaveLength(count);
  });
});
