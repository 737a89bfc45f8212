import { useLiveQuery } from 'dexie-react-hooks';
import { getDatabase } from '../lib/db/database';
import { sessionRuns } from '../lib/db/queries';
import { ACTIVE_RUN_STATUSES } from '../lib/db/records';

/** Whether any run of the session is active; the panel keeps the worker awake meanwhile. */
export function useHasActiveRun(sessionId: string | null): boolean {
  return useLiveQuery(
    async () => {
      if (!sessionId) return false;
      const runs = await sessionRuns(getDatabase(), sessionId);
      return runs.some((run) => ACTIVE_RUN_STATUSES.includes(run.status));
    },
    [sessionId],
    false,
  );
}
