import Dexie from 'dexie';
import type { GleanerDatabase } from '../lib/db/database';
import type { SessionRecord } from '../lib/db/records';

/** Enough rows to fill the panel several times over: what is shown before the rest arrives. */
export const FIRST_PAGE = 60;
/** Records read for the first page, children included, and how many of them must be top-level. */
const READ = 2 * FIRST_PAGE;
const ENOUGH = FIRST_PAGE / 2;

/** A session the list shows: Fetch Analysis sessions open from their tool call instead. */
export const topLevel = (session: SessionRecord) => session.parentSessionId === undefined;

/**
 * The newest top-level sessions, newest first (Fetch Analysis sessions open from their tool call
 * instead), read along the updatedAt index: a few milliseconds however long the history. The
 * newest records are read in one request and the child sessions among them dropped: what is
 * left is still the newest top-level sessions, in order, only maybe fewer. A filter in the query
 * would make Dexie walk a cursor record by record instead (several times slower, and slower
 * still while the panel is starting). Only when children crowd out most of the page are the
 * top-level sessions walked for.
 */
export async function newestSessions(db: GleanerDatabase): Promise<SessionRecord[]> {
  const newest = await db.sessions.orderBy('updatedAt').reverse().limit(READ).toArray();
  const page = newest.filter(topLevel).slice(0, FIRST_PAGE);
  if (newest.length < READ || page.length >= ENOUGH) return page;
  return db.sessions.orderBy('updatedAt').reverse().filter(topLevel).limit(FIRST_PAGE).toArray();
}

/** Whether a change Dexie reports (from this page or, over its broadcast, the worker) touches sessions. */
function touchesSessions(db: GleanerDatabase, parts: Record<string, unknown>): boolean {
  const prefix = `idb://${db.name}/sessions/`;
  return Object.keys(parts).some((part) => part === 'all' || part.startsWith(prefix));
}

/** The read under way or done; `sessions` once done, if no session was written since it began. */
let ahead:
  | { db: GleanerDatabase; sessions?: SessionRecord[]; read: Promise<SessionRecord[] | undefined> }
  | undefined;

/** The newest page read ahead, if no session was written since it was read; else undefined. */
export function newestSessionsReadAhead(db: GleanerDatabase): SessionRecord[] | undefined {
  return ahead?.db === db ? ahead.sessions : undefined;
}

/** The read ahead still under way, resolving to its page (undefined if a write overtook it). */
export function newestSessionsReading(
  db: GleanerDatabase,
): Promise<SessionRecord[] | undefined> | undefined {
  return ahead?.db === db && !ahead.sessions ? ahead.read : undefined;
}

/**
 * Reads the newest page of the session list ahead of the Sessions screen, so opening it draws
 * its rows in the click's own task instead of waiting for a read that, right after the panel
 * opened, shares the machine with everything else starting up. The page is forgotten as soon
 * as any session is written (so a stale list is never drawn) and read again through `schedule`
 * (once the user has paused). Returns how to stop.
 */
export function keepNewestSessionsAhead(
  db: GleanerDatabase,
  schedule: (work: () => void) => () => void,
): () => void {
  // A write that lands while a read is under way makes that read's answer doubtful: each read
  // keeps its answer only if no write came after it started.
  let writes = 0;
  let cancelRead: (() => void) | undefined;
  let stopped = false;
  const read = () => {
    const startedAt = writes;
    const current = {
      db,
      sessions: undefined as SessionRecord[] | undefined,
      read: newestSessions(db).then(
        (sessions) => {
          if (stopped || writes !== startedAt) return undefined;
          current.sessions = sessions;
          return sessions;
        },
        (error: unknown) => {
          console.error('Could not read the newest sessions ahead', error);
          return undefined;
        },
      ),
    };
    ahead = current;
  };
  const onMutated = (parts: Record<string, unknown>) => {
    if (!touchesSessions(db, parts)) return;
    writes++;
    if (ahead?.db === db) ahead = undefined;
    cancelRead?.();
    cancelRead = schedule(read);
  };
  Dexie.on('storagemutated', onMutated);
  read();
  return () => {
    stopped = true;
    cancelRead?.();
    Dexie.on('storagemutated').unsubscribe(onMutated);
    if (ahead?.db === db) ahead = undefined;
  };
}
