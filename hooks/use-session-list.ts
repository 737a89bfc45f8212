import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { getDatabase } from '../lib/db/database';
import type { SessionRecord } from '../lib/db/records';
import {
  newestSessions,
  newestSessionsReadAhead,
  newestSessionsReading,
  topLevel,
} from './newest-sessions-ahead';

/**
 * Top-level sessions, newest first, and whether that is all of them. The newest page is read
 * first along the index (or taken as read ahead, when no session was written since); reading
 * every session takes longer with each one kept (structured-cloning a thousand records), so the
 * list shows the page meanwhile. All of them are read in index order in one request and
 * reversed here: a reverse read walks a cursor row by row, many times slower.
 */
export function useSessionList(): { sessions: SessionRecord[] | undefined; complete: boolean } {
  const db = getDatabase();
  const [readAhead, setReadAhead] = useState(() => newestSessionsReadAhead(db));
  // A read ahead still under way began before this screen's own: whichever ends first is shown.
  useEffect(() => {
    let live = true;
    newestSessionsReading(db)?.then((sessions) => live && sessions && setReadAhead(sessions));
    return () => {
      live = false;
    };
  }, [db]);
  const firstPage = useLiveQuery(() => newestSessions(db), [db]) ?? readAhead;
  // Read after the first page, so the two reads do not share the database's time while the
  // first rows are awaited.
  const firstRead = firstPage !== undefined;
  const all = useLiveQuery(async () => {
    if (!firstRead) return undefined;
    const sessions = await db.sessions.orderBy('updatedAt').toArray();
    return sessions.reverse().filter(topLevel);
  }, [db, firstRead]);
  return { sessions: all ?? firstPage, complete: all !== undefined };
}
