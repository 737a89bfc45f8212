import { liveQuery, type Subscription } from 'dexie';
import type { GleanerDatabase } from '../lib/db/database';
import { runSteps } from '../lib/db/queries';
import type { StepRecord } from '../lib/db/records';

export interface RunStepsWatch {
  /** Watches exactly these runs: runs new to the list are read, runs gone from it are dropped. */
  setRuns(runIds: readonly string[]): void;
  stop(): void;
}

/**
 * The steps of several runs, each run read live on its own: a step written to the run being
 * answered re-reads that run's steps only, and every other run's list keeps its identity, so
 * what is drawn from it is not recomputed. `onChange` gets the map once every watched run has
 * been read, and again after each change.
 */
export function watchRunSteps(
  db: GleanerDatabase,
  onChange: (stepsByRun: ReadonlyMap<string, StepRecord[]>) => void,
  onError: (error: unknown) => void = (error) => console.error('Could not read steps', error),
): RunStepsWatch {
  const subscriptions = new Map<string, Subscription>();
  let steps = new Map<string, StepRecord[]>();
  let order: readonly string[] = [];
  let stopped = false;

  const publish = () => {
    if (order.every((runId) => steps.has(runId))) onChange(steps);
  };

  return {
    setRuns(runIds) {
      if (stopped) return;
      order = [...runIds];
      const wanted = new Set(order);
      for (const [runId, subscription] of subscriptions) {
        if (wanted.has(runId)) continue;
        subscription.unsubscribe();
        subscriptions.delete(runId);
      }
      if (steps.size > 0 && [...steps.keys()].some((runId) => !wanted.has(runId))) {
        steps = new Map([...steps].filter(([runId]) => wanted.has(runId)));
      }
      for (const runId of order) {
        if (subscriptions.has(runId)) continue;
        subscriptions.set(
          runId,
          liveQuery(() => runSteps(db, runId)).subscribe({
            next: (read) => {
              steps = new Map(steps).set(runId, read);
              publish();
            },
            error: onError,
          }),
        );
      }
      publish();
    },
    stop() {
      stopped = true;
      for (const subscription of subscriptions.values()) subscription.unsubscribe();
      subscriptions.clear();
    },
  };
}
