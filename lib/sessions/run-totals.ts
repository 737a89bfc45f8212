import type { GleanerDatabase } from '../db/database';
import { runSteps, sessionRuns } from '../db/queries';
import type { RunRecord, RunTotals, StepRecord } from '../db/records';

export type Usage = RunTotals['usage'];

const NONE: Usage = { tokensIn: 0, tokensOut: 0, estimated: false, cost: 0 };

/**
 * What a step's model calls sent and got back. A compression counts the requests it made to the
 * small model; one stored before those were recorded counts its sizes, as an estimate.
 */
function callTokensOf(step: StepRecord): { tokensIn: number; tokensOut: number } {
  const sent = step.kind === 'compression' ? step.compression?.sent : undefined;
  return sent ?? { tokensIn: step.tokensIn ?? 0, tokensOut: step.tokensOut ?? 0 };
}

/** Two usages together; the price is unknown when either one's is. */
export function addUsage(a: Usage, b: Usage): Usage {
  return {
    tokensIn: a.tokensIn + b.tokensIn,
    tokensOut: a.tokensOut + b.tokensOut,
    estimated: a.estimated || b.estimated,
    cost: a.cost !== undefined && b.cost !== undefined ? a.cost + b.cost : undefined,
  };
}

/** What the model calls among these steps sent and got back (compressions included). */
export function usageOf(steps: readonly StepRecord[]): Usage {
  let usage: Usage = { ...NONE };
  for (const step of steps) {
    if (step.kind === 'tool') continue;
    if (step.tokensIn === undefined && step.tokensOut === undefined) continue;
    // A model call without a price makes the total unknown, a compression's included.
    usage = addUsage(usage, {
      ...callTokensOf(step),
      estimated:
        step.usageEstimated === true || (step.kind === 'compression' && !step.compression?.sent),
      cost: step.cost,
    });
  }
  return usage;
}

/** The model calls of each Fetch Analysis, by the agentic_fetch call that started it. */
export type SubAgentCalls = ReadonlyMap<string, readonly StepRecord[]>;

/** The model calls of the Fetch Analyses these steps started. */
function subAgentSteps(steps: readonly StepRecord[], calls: SubAgentCalls): StepRecord[] {
  return steps.flatMap((step) => (step.toolCallId ? (calls.get(step.toolCallId) ?? []) : []));
}

/** The agentic_fetch calls among these steps: each started a Fetch Analysis. */
export function subAgentCallIds(steps: readonly StepRecord[]): string[] {
  return steps.flatMap((step) =>
    step.toolName === 'agentic_fetch' && step.toolCallId ? [step.toolCallId] : [],
  );
}

/** read_tab's summary starts with the tab's title: "The Tide Clocks: 1,200 of 1,200 characters". */
const READ_SUMMARY = /^(.*): [\d,]+ of [\d,]+ characters/s;

/** The title a read_tab step recorded, if it finished. */
export function readTabTitle(step: StepRecord): string | undefined {
  if (step.toolName !== 'read_tab' || !step.summary) return undefined;
  return READ_SUMMARY.exec(step.summary)?.[1];
}

function tabIdOf(step: StepRecord): number | undefined {
  try {
    const args: unknown = JSON.parse(step.arguments ?? '');
    const tabId = (args as { tabId?: unknown } | null)?.tabId;
    return typeof tabId === 'number' ? tabId : undefined;
  } catch {
    return undefined;
  }
}

/** What an answer's footer shows, from its steps and its Fetch Analyses' model calls. */
export function runTotalsOf(steps: readonly StepRecord[], calls: SubAgentCalls): RunTotals {
  const readTabs: RunTotals['readTabs'] = [];
  for (const step of steps) {
    const tabId = tabIdOf(step);
    const title = readTabTitle(step);
    if (tabId === undefined || title === undefined) continue;
    if (!readTabs.some((read) => read.tabId === tabId)) readTabs.push({ tabId, title });
  }
  // The denied call is the run's last tool step (a denial ends the run).
  const lastTool = steps
    .filter((step) => step.kind === 'tool')
    .reduce<StepRecord | undefined>(
      (latest, step) => (latest === undefined || step.index > latest.index ? step : latest),
      undefined,
    );
  return {
    steps: steps.length,
    usage: usageOf(steps),
    subAgentUsage: usageOf(subAgentSteps(steps, calls)),
    readTabs,
    compressions: steps.filter((step) => step.kind === 'compression' && step.status === 'done')
      .length,
    ...(lastTool?.consent ? { lastToolConsent: lastTool.consent } : {}),
  };
}

/**
 * The model calls (and compressions) of the Fetch Analyses started by these agentic_fetch calls
 * of the session, by call: what the usage lines add up, without the rest of their activity.
 */
export async function readSubAgentCalls(
  db: GleanerDatabase,
  sessionId: string,
  toolCallIds: ReadonlySet<string>,
): Promise<Map<string, StepRecord[]>> {
  if (toolCallIds.size === 0) return new Map();
  const children = await db.sessions.where('parentSessionId').equals(sessionId).toArray();
  const linked = children.filter(
    (child) => child.parentToolCallId !== undefined && toolCallIds.has(child.parentToolCallId),
  );
  const entries = await Promise.all(
    linked.map(async (child) => {
      const runs = await sessionRuns(db, child.id);
      const steps = await Promise.all(runs.map((run) => runSteps(db, run.id)));
      return [
        child.parentToolCallId!,
        steps.flat().filter((step) => step.kind !== 'tool'),
      ] as const;
    }),
  );
  return new Map(entries);
}

/** A run's totals as it ends: its steps as the loop holds them, its sub-agents' from storage. */
export async function totalsAtEnd(
  db: GleanerDatabase,
  run: Pick<RunRecord, 'sessionId'>,
  steps: readonly StepRecord[],
): Promise<RunTotals> {
  const calls = await readSubAgentCalls(db, run.sessionId, new Set(subAgentCallIds(steps)));
  return runTotalsOf(steps, calls);
}

/** The totals stored with a run that has ended; a run being written has none that hold yet. */
export function storedTotals(run: RunRecord): RunTotals | undefined {
  return run.status === 'running' || run.status === 'awaiting-consent' ? undefined : run.totals;
}

/**
 * The runs whose steps the chat reads: the answer being written, the Activity panels the user
 * opened, a run that ended without stored totals (its footer is added up from its steps) and one
 * with a compression (its line under the question shows the summary); every run of a Fetch
 * Analysis session, whose view is its steps. A session of finished answers reads none.
 */
export function runsToRead(
  runs: readonly RunRecord[],
  openActivities: ReadonlySet<string>,
  fetchAnalysisSession: boolean,
): RunRecord[] {
  if (fetchAnalysisSession) return [...runs];
  return runs.filter((run) => {
    const totals = storedTotals(run);
    return openActivities.has(run.id) || totals === undefined || totals.compressions > 0;
  });
}
