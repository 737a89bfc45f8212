import { useLiveQuery } from 'dexie-react-hooks';
import { getDatabase } from '../lib/db/database';
import type { SessionRecord } from '../lib/db/records';

/** Top-level sessions, newest first. Fetch Analysis sessions open from their tool call instead. */
export function useSessionList(): SessionRecord[] | undefined {
  return useLiveQuery(() =>
    getDatabase()
      .sessions.orderBy('updatedAt')
      .reverse()
      .filter((session) => session.parentSessionId === undefined)
      .toArray(),
  );
}
