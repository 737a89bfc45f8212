import type { GleanerDatabase } from '../db/database';
import { runSteps, sessionMessages, sessionRuns } from '../db/queries';
import type { MessageRecord, RunRecord, StepRecord, ToolCall } from '../db/records';

/** Arguments compared by meaning: key order and spacing do not make a call different. */
function canonicalArguments(raw: string): string {
  const sortKeys = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(sortKeys);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value as Record<string, unknown>)
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([key, inner]) => [key, sortKeys(inner)]),
      );
    }
    return value;
  };
  try {
    return JSON.stringify(sortKeys(JSON.parse(raw)));
  } catch {
    return raw.trim();
  }
}

/**
 * The key under which a tool step's result may answer a later call: the same tool with the same
 * arguments serving the same user message (the same user turn). A Regenerate or a Resume of that
 * turn gets the stored result; a new message, even with the same words, asks again.
 */
export function reuseKey(
  userMessageId: string,
  call: Pick<ToolCall, 'name' | 'arguments'>,
): string {
  return `${userMessageId}\n${call.name}\n${canonicalArguments(call.arguments)}`;
}

export interface ReusableResult {
  step: StepRecord;
  message: MessageRecord;
}

/**
 * A stored, successful result for this call in the same user turn, from this run or another run
 * of the same user message (Regenerate). Failed calls are never reused: they ask again. The
 * Regenerate handler can call this to tell whether a turn's calls will be answered from what is
 * stored (it must keep the earlier run's steps and tool messages for that).
 */
export async function findReusableResult(
  db: GleanerDatabase,
  run: Pick<RunRecord, 'sessionId' | 'userMessageId'>,
  call: Pick<ToolCall, 'id' | 'name' | 'arguments'>,
): Promise<ReusableResult | undefined> {
  const key = reuseKey(run.userMessageId, call);
  const runs = (await sessionRuns(db, run.sessionId)).filter(
    (candidate) => candidate.userMessageId === run.userMessageId,
  );
  const steps = (await Promise.all(runs.map((candidate) => runSteps(db, candidate.id)))).flat();
  const matches = steps.filter(
    (step) =>
      step.kind === 'tool' &&
      step.status === 'done' &&
      step.reuseKey === key &&
      step.toolCallId !== call.id,
  );
  if (matches.length === 0) return undefined;
  const messages = await sessionMessages(db, run.sessionId);
  for (const step of matches.reverse()) {
    const message = messages.find(
      (candidate) => candidate.role === 'tool' && candidate.toolCallId === step.toolCallId,
    );
    if (message)
      return { step: step.reusedFrom ? { ...step, id: step.reusedFrom } : step, message };
  }
  return undefined;
}
