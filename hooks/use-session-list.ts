import { useLiveQuery } from 'dexie-react-hooks';
import { getDatabase } from '../lib/db/database';
import type { SessionRecord } from '../lib/db/records';

/**
 * Top-level sessions, newest first. Fetch Analysis sessions open from their tool call instead.
 * Read in index order in one request and reversed here: a reverse or filtered read walks a
 * cursor row by row, about twenty times slower for a long history.
 */
export function useSessionList(): SessionRecord[] | undefined {
  return useLiveQuery(async () => {
    const all = await getDatabase().sessions.orderBy('updatedAt').toArray();
    return all.reverse().filter((session) => session.parentSessionId === undefined);
  });
}
