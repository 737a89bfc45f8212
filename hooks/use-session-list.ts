import { useLiveQuery } from 'dexie-react-hooks';
import { getDatabase } from '../lib/db/database';
import type { SessionRecord } from '../lib/db/records';

/** Enough rows to fill the panel several times over: what is shown before the rest arrives. */
const FIRST_PAGE = 60;

const topLevel = (session: SessionRecord) => session.parentSessionId === undefined;

/**
 * Top-level sessions, newest first (Fetch Analysis sessions open from their tool call instead),
 * and whether that is all of them. The newest page is read first along the updatedAt index, a
 * few milliseconds however long the history; reading every session takes longer with each one
 * kept (structured-cloning a thousand records), so the list shows the page meanwhile. All of
 * them are read in index order in one request and reversed here: a reverse read walks a cursor
 * row by row, many times slower.
 */
export function useSessionList(): { sessions: SessionRecord[] | undefined; complete: boolean } {
  const firstPage = useLiveQuery(() =>
    getDatabase()
      .sessions.orderBy('updatedAt')
      .reverse()
      .filter(topLevel)
      .limit(FIRST_PAGE)
      .toArray(),
  );
  // Read after the first page, so the two reads do not share the database's time while the
  // first rows are awaited.
  const firstRead = firstPage !== undefined;
  const all = useLiveQuery(async () => {
    if (!firstRead) return undefined;
    const sessions = await getDatabase().sessions.orderBy('updatedAt').toArray();
    return sessions.reverse().filter(topLevel);
  }, [firstRead]);
  return { sessions: all ?? firstPage, complete: all !== undefined };
}
