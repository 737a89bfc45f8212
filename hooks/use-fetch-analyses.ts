import { useLiveQuery } from 'dexie-react-hooks';
import { type GleanerDatabase, getDatabase } from '../lib/db/database';
import { runSteps, sessionRuns } from '../lib/db/queries';
import type { FetchAnalysisActivity } from '../lib/sessions/fetch-analysis-activity';

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
