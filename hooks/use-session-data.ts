import { useLiveQuery } from 'dexie-react-hooks';
import type { FetchAnalysisActivity } from '../components/activity/activity';
import { type GleanerDatabase, getDatabase } from '../lib/db/database';
import { runSteps, sessionMessages, sessionRuns } from '../lib/db/queries';
import {
  ACTIVE_RUN_STATUSES,
  type MessageRecord,
  type RunRecord,
  type SessionRecord,
  type StepRecord,
} from '../lib/db/records';

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

export interface SessionData {
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

const NO_ANALYSES: ReadonlyMap<string, FetchAnalysisActivity> = new Map();

/**
 * The Fetch Analysis sub-agents the session's agentic_fetch calls started, by that tool call:
 * each child session with its runs and their steps, for the parent's Activity. A query of its
 * own, so the sub-agent's steps being written does not re-read the whole conversation.
 */
export function useFetchAnalyses(
  sessionId: string | null,
): ReadonlyMap<string, FetchAnalysisActivity> {
  return useLiveQuery(
    () => (sessionId ? readFetchAnalyses(getDatabase(), sessionId) : NO_ANALYSES),
    [sessionId],
    NO_ANALYSES,
  );
}

/** The query behind `useFetchAnalyses`, for a given database. */
export async function readFetchAnalyses(
  db: GleanerDatabase,
  sessionId: string,
): Promise<ReadonlyMap<string, FetchAnalysisActivity>> {
  const children = await db.sessions.where('parentSessionId').equals(sessionId).toArray();
  const linked = children.filter((child) => child.parentToolCallId);
  if (linked.length === 0) return NO_ANALYSES;
  const entries = await Promise.all(
    linked.map(async (session) => {
      const runs = await sessionRuns(db, session.id);
      const steps = await Promise.all(runs.map((run) => runSteps(db, run.id)));
      const activity: FetchAnalysisActivity = { session, runs, steps: steps.flat() };
      return [session.parentToolCallId!, activity] as const;
    }),
  );
  return new Map(entries);
}

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
