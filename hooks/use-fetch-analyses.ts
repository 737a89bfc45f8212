import { useLiveQuery } from 'dexie-react-hooks';
import { type GleanerDatabase, getDatabase } from '../lib/db/database';
import { runSteps, sessionRuns } from '../lib/db/queries';
import type { SessionRecord, StepRecord } from '../lib/db/records';
import type { FetchAnalysisActivity } from '../lib/sessions/fetch-analysis-activity';
import { readSubAgentCalls } from '../lib/sessions/run-totals';

const NO_ANALYSES: ReadonlyMap<string, FetchAnalysisActivity> = new Map();
const NO_CALLS: ReadonlyMap<string, readonly StepRecord[]> = new Map();

/**
 * The Fetch Analysis sub-agents started by these agentic_fetch calls of the session: each child
 * session with its runs and their steps. The chat asks only for what it shows: the calls of the
 * answer being written (what it waits for) and of the Activity panels the user opened, so an
 * answer's sub-agent is read when its Activity is opened, live while it runs.
 */
export function useFetchAnalyses(
  sessionId: string | null,
  toolCallIds: readonly string[],
): ReadonlyMap<string, FetchAnalysisActivity> {
  const wanted = [...toolCallIds].sort().join('\n');
  return useLiveQuery(
    () =>
      sessionId && wanted
        ? readFetchAnalyses(getDatabase(), sessionId, new Set(wanted.split('\n')))
        : NO_ANALYSES,
    [sessionId, wanted],
    NO_ANALYSES,
  );
}

async function linkedChildren(
  db: GleanerDatabase,
  sessionId: string,
  toolCallIds?: ReadonlySet<string>,
): Promise<SessionRecord[]> {
  const children = await db.sessions.where('parentSessionId').equals(sessionId).toArray();
  return children.filter(
    (child) =>
      child.parentToolCallId !== undefined &&
      (toolCallIds === undefined || toolCallIds.has(child.parentToolCallId)),
  );
}

/** The query behind `useFetchAnalyses`, for a given database (every call's when none are named). */
export async function readFetchAnalyses(
  db: GleanerDatabase,
  sessionId: string,
  toolCallIds?: ReadonlySet<string>,
): Promise<ReadonlyMap<string, FetchAnalysisActivity>> {
  const linked = await linkedChildren(db, sessionId, toolCallIds);
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

/**
 * The model calls (and compressions) of the Fetch Analyses started by these agentic_fetch calls,
 * by call: what the usage lines of answers without stored totals add up. A session whose
 * answers all have their totals stored reads none.
 */
export function useFetchAnalysisCalls(
  sessionId: string | null,
  toolCallIds: readonly string[],
): ReadonlyMap<string, readonly StepRecord[]> {
  const wanted = [...toolCallIds].sort().join('\n');
  return useLiveQuery(
    () =>
      sessionId && wanted
        ? readSubAgentCalls(getDatabase(), sessionId, new Set(wanted.split('\n')))
        : NO_CALLS,
    [sessionId, wanted],
    NO_CALLS,
  );
}
