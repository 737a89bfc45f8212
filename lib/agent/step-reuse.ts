import type { MessageRecord, RunRecord, StepRecord, ToolCall } from '../db/records';
import type { SessionView } from './session-view';

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
 * The user turn a run answers: the message that opened it. A run made by Regenerate (or Answer
 * without the web) has its own copy of the question but answers the turn of the original.
 */
export function turnOf(run: Pick<RunRecord, 'userMessageId' | 'turnMessageId'>): string {
  return run.turnMessageId ?? run.userMessageId;
}

/**
 * The key under which a tool step's result may answer a later call: the same tool with the same
 * arguments serving the same user turn. A Regenerate or a Resume of that turn gets the stored
 * result; a new message, even with the same words, asks again.
 */
export function reuseKey(turnId: string, call: Pick<ToolCall, 'name' | 'arguments'>): string {
  return `${turnId}\n${call.name}\n${canonicalArguments(call.arguments)}`;
}

export interface ReusableResult {
  step: StepRecord;
  message: MessageRecord;
}

/**
 * A stored, successful result for this call in the same user turn, from this run or another run
 * of the turn (Regenerate keeps the earlier run's steps and tool messages for that). Failed
 * calls are never reused: they ask again.
 */
export function findReusableResult(
  view: SessionView,
  run: Pick<RunRecord, 'id' | 'sessionId' | 'userMessageId' | 'turnMessageId'>,
  call: Pick<ToolCall, 'id' | 'name' | 'arguments'>,
): ReusableResult | undefined {
  const turn = turnOf(run);
  const key = reuseKey(turn, call);
  const runs = view.runs.filter((candidate) => turnOf(candidate) === turn);
  const steps = runs.flatMap((candidate) => view.stepsOf(candidate.id));
  const matches = steps.filter(
    (step) =>
      step.kind === 'tool' &&
      step.status === 'done' &&
      step.reuseKey === key &&
      // Another run may use the same call id (a scripted model does); only this run's own
      // step for the call is not an earlier result.
      !(step.runId === run.id && step.toolCallId === call.id),
  );
  for (const step of matches.reverse()) {
    const message = view.messages.find(
      (candidate) =>
        candidate.role === 'tool' &&
        candidate.runId === step.runId &&
        candidate.toolCallId === step.toolCallId,
    );
    if (message)
      return { step: step.reusedFrom ? { ...step, id: step.reusedFrom } : step, message };
  }
  return undefined;
}
