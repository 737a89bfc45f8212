import { useLiveQuery } from 'dexie-react-hooks';
import { getDatabase } from '../lib/db/database';
import { runSteps, sessionMessages, sessionRuns } from '../lib/db/queries';
import type { MessageRecord, RunRecord, SessionRecord, StepRecord } from '../lib/db/records';

interface SessionData {
  sessionId: string;
  /** null when the session does not exist (deleted, perhaps from another panel). */
  session: SessionRecord | null;
  messages: MessageRecord[];
  /** Oldest first; the last one is the run whose state the panel shows. */
  runs: RunRecord[];
  stepsByRun: ReadonlyMap<string, StepRecord[]>;
  /** Fetch Analysis sessions started by this session's tool calls. */
  childSessions: SessionRecord[];
}

/** Everything the chat view shows for one session, read live from what the worker stored. */
export function useSessionData(sessionId: string | null): SessionData | undefined {
  return useLiveQuery(async () => {
    if (!sessionId) return undefined;
    const db = getDatabase();
    const [session, messages, runs, childSessions] = await Promise.all([
      db.sessions.get(sessionId),
      sessionMessages(db, sessionId),
      sessionRuns(db, sessionId),
      db.sessions.where('parentSessionId').equals(sessionId).toArray(),
    ]);
    const steps = await Promise.all(runs.map((run) => runSteps(db, run.id)));
    const stepsByRun = new Map(runs.map((run, index) => [run.id, steps[index] ?? []]));
    return { sessionId, session: session ?? null, messages, runs, stepsByRun, childSessions };
  }, [sessionId]);
}
