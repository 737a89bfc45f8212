import type { RunRecord, StepRecord, ToolCall } from '../db/records';
import type { Settings } from '../settings/schema';

/** Small predicates the loop checks before each step; each returns the reason it stops, or null. */

export function stepLimitReached(run: RunRecord, limits: Settings['limits']): string | null {
  return run.steps >= limits.maxSteps
    ? `Stopped after ${limits.maxSteps} model steps, the limit for one answer.`
    : null;
}

/** Arguments compared by meaning, not by spacing or key order. */
function callSignature(call: Pick<ToolCall, 'name' | 'arguments'>): string {
  try {
    return `${call.name}:${JSON.stringify(sortKeys(JSON.parse(call.arguments)))}`;
  } catch {
    return `${call.name}:${call.arguments.trim()}`;
  }
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, inner]) => [key, sortKeys(inner)]),
    );
  }
  return value;
}

export function repeatedCallReached(
  call: ToolCall,
  steps: readonly StepRecord[],
  run: RunRecord,
  limits: Settings['limits'],
): string | null {
  const signature = callSignature(call);
  const earlier = steps.filter(
    (step) =>
      step.kind === 'tool' &&
      step.index >= run.budgetStart &&
      step.toolCallId !== call.id &&
      callSignature({ name: step.toolName ?? '', arguments: step.arguments ?? '' }) === signature,
  ).length;
  return earlier >= limits.maxIdenticalCalls
    ? `Stopped: the model asked for the same ${call.name} call ${earlier + 1} times (at most ${limits.maxIdenticalCalls} per answer).`
    : null;
}
