import type { GleanerDatabase } from '../lib/db/database';
import { runSteps, sessionMessages, sessionRuns } from '../lib/db/queries';
import type {
  ConsentRequestRecord,
  MessageRecord,
  RunRecord,
  SessionRecord,
  StepRecord,
} from '../lib/db/records';
import { runsToRead } from '../lib/sessions/run-totals';
import { keptLists, keptRecords, sameIds, sameRecord } from './kept-records';

/** What the chat shows of one session, as one read of storage. */
export interface ChatRead {
  /** The session read: the chat draws a read only for the session it shows. */
  sessionId: string;
  /** null when the session does not exist (deleted, perhaps from another panel). */
  session: SessionRecord | null;
  messages: MessageRecord[];
  /** Oldest first; the last one is the run whose state the panel shows. */
  runs: RunRecord[];
  /** The steps of the runs read (see runsToRead); a run not read has no entry. */
  stepsByRun: ReadonlyMap<string, StepRecord[]>;
  /** Ids of the Fetch Analysis sessions started by this session's tool calls. */
  childSessionIds: string[];
  /** The oldest pending consent request of the session's runs or of its child sessions. */
  consent: ConsentRequestRecord | undefined;
}

/**
 * Reads everything the chat shows of a session in one read-only transaction: the session, its
 * messages and runs, the steps of the runs that need theirs (`runsToRead`: the answer being
 * written, the Activity panels opened, runs without stored totals), the ids of its Fetch Analysis
 * sessions and the pending consent request. One read per change the worker commits, so the panel
 * draws once for it, and the worker's next write waits behind one short transaction instead of
 * a chain of reads, each started when the one before it was drawn.
 */
export function readChat(
  db: GleanerDatabase,
  sessionId: string,
  openActivities: ReadonlySet<string>,
): Promise<ChatRead> {
  return db.transaction(
    'r',
    [db.sessions, db.messages, db.runs, db.steps, db.consentRequests],
    async () => {
      const [session, messages, runs, childSessionIds, pending] = await Promise.all([
        db.sessions.get(sessionId),
        sessionMessages(db, sessionId),
        sessionRuns(db, sessionId),
        db.sessions.where('parentSessionId').equals(sessionId).primaryKeys(),
        // Pending requests are few, so the status index is the narrowest way in.
        db.consentRequests.where('status').equals('pending').toArray(),
      ]);
      const toRead = runsToRead(runs, openActivities, session?.parentSessionId !== undefined);
      const steps = await Promise.all(toRead.map((run) => runSteps(db, run.id)));
      const runIds = new Set(runs.map((run) => run.id));
      const related = new Set([sessionId, ...childSessionIds]);
      const consent = pending
        .filter((request) => runIds.has(request.runId) || related.has(request.sessionId))
        .sort((a, b) => a.createdAt - b.createdAt)[0];
      return {
        sessionId,
        session: session ?? null,
        messages,
        runs,
        stepsByRun: new Map(toRead.map((run, index) => [run.id, steps[index]!])),
        childSessionIds,
        consent,
      };
    },
  );
}

/** `a` when it is equal to `b`, else `b`. */
function keptRecord<T extends object>(a: T | null | undefined, b: T | null | undefined) {
  return a && b && sameRecord(a, b) ? a : b;
}

/**
 * The new read of a session, with every part that did not change since the read before it kept
 * as it was: what the chat draws from an unchanged record or list is not drawn again.
 */
export function keptChatRead(previous: ChatRead | undefined, next: ChatRead): ChatRead {
  if (previous?.sessionId !== next.sessionId) return next;
  const kept: ChatRead = {
    sessionId: next.sessionId,
    session: keptRecord(previous.session, next.session) ?? null,
    messages: keptRecords(previous.messages, next.messages),
    runs: keptRecords(previous.runs, next.runs),
    stepsByRun: keptLists(previous.stepsByRun, next.stepsByRun),
    childSessionIds: sameIds(previous.childSessionIds, next.childSessionIds)
      ? previous.childSessionIds
      : next.childSessionIds,
    consent: keptRecord(previous.consent, next.consent) ?? undefined,
  };
  // Nothing the chat shows changed: the same read, so the chat is not drawn again at all.
  const same = (Object.keys(kept) as Array<keyof ChatRead>).every((key) =>
    Object.is(kept[key], previous[key]),
  );
  return same ? previous : kept;
}
