import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { getDatabase } from '../lib/db/database';
import type { SessionRecord } from '../lib/db/records';

/** Enough rows to fill the panel several times over: what is shown before the rest arrives. */
const FIRST_PAGE = 60;

const topLevel = (session: SessionRecord) => session.parentSessionId === undefined;

/** A page in the background draws no frames: it is told after this long instead. */
const UNDRAWN_MS = 200;

/** True from the task after the frame that first drew the page with `ready` true. */
function usePaintedOnce(ready: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    const done = () => setPainted(true);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(done, 0);
    });
    const fallback = setTimeout(done, UNDRAWN_MS);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      clearTimeout(fallback);
    };
  }, [ready, painted]);
  return painted;
}

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
  // Read once the first page has been drawn: the two reads do not share the database's time
  // while the first rows are awaited, and taking in a thousand records (structured clones, then
  // the garbage they leave) does not hold back the first rows' paint.
  const firstRead = firstPage !== undefined;
  const painted = usePaintedOnce(firstRead);
  const all = useLiveQuery(async () => {
    if (!painted) return undefined;
    const sessions = await getDatabase().sessions.orderBy('updatedAt').toArray();
    return sessions.reverse().filter(topLevel);
  }, [painted]);
  return { sessions: all ?? firstPage, complete: all !== undefined };
}
