import { ConsentAborted } from '../consent/broker';
import { newId } from '../db/queries';
import type { RunRecord, StepRecord, ToolCall } from '../db/records';
import { inEnglish, type LocalText, local, textOfError } from '../i18n/local-text';
import { LlmError } from '../llm/errors';
import { stripInvisibleDeep } from '../text/strip-invisible';
import { runNonce } from '../tools/support/untrusted';
import { callTool, type SettledOutcome } from './call-tool';
import { screenArguments, screenPrompt, seenTexts } from './request-screen';
import { RunAborted } from './run-aborted';
import { type RunDependencies, updateRun } from './run-context';
import type { SessionView } from './session-view';
import { numberResult } from './source-numbers';
import { findReusableResult, reuseKey, turnOf } from './step-reuse';
import { repeatedCallReached } from './stop-conditions';
import { whileStorageFull } from './storage-retry';

export type ToolStepResult =
  | { kind: 'continue' }
  | { kind: 'denied'; message: string }
  | { kind: 'limit'; message: string };

/** Finds the tool, parses its arguments, and calls it with consent enforced (call-tool.ts). */
async function resolveOutcome(
  dependencies: RunDependencies,
  run: RunRecord,
  call: ToolCall,
  question: string,
  signal: AbortSignal,
  synthetic: boolean,
): Promise<SettledOutcome> {
  const tool = synthetic
    ? dependencies.tools.getRegistered(call.name)
    : dependencies.tools.get(call.name);
  if (!tool) {
    const available = dependencies.tools.names().join(', ');
    return refusal(
      available
        ? local('toolUnknown', call.name, available)
        : local('toolUnknownNoTools', call.name),
    );
  }
  let raw: unknown;
  try {
    raw = call.arguments.trim() === '' ? {} : JSON.parse(call.arguments);
  } catch {
    return refusal(local('toolArgumentsNotJson', call.name, call.arguments.slice(0, 200)));
  }
  const parsed = tool.parameters.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .map((issue) => `${issue.path.join('.') || 'arguments'}: ${issue.message}`)
      .join('; ');
    return refusal(local('toolArgumentsInvalid', call.name, issues));
  }
  const { apiKey } = dependencies.settings;
  const refused = screenArguments(call.name, call.arguments, apiKey);
  if (refused) {
    const notice = inEnglish(refused);
    return {
      kind: 'error',
      message: `${notice} Do not try this call again.`,
      i18n: refused,
      notice,
      noticeI18n: refused,
    };
  }
  // The conversation's texts are read only when a card is about to be shown, not for every
  // tool call (view, grep and glob ask nothing).
  let seen: ReturnType<typeof seenTexts> | undefined;
  try {
    return await callTool(tool, parsed.data, {
      runId: run.id,
      sessionId: run.sessionId,
      toolCallId: call.id,
      question,
      signal,
      services: dependencies.services,
      attachedTabIds: run.attachedTabIds ?? [],
      contextWindow: dependencies.settings.contextWindow,
      nonce: runNonce(run.id),
      spendFetch: () => spendFetchBudget(dependencies, run.id),
      screen: async (prompt) => {
        seen ??= seenTexts(dependencies.db, run);
        return screenPrompt(prompt, apiKey, await seen);
      },
      ask: (prompt) =>
        dependencies.consent.ask(
          { ...prompt, runId: run.id, sessionId: run.sessionId, toolCallId: call.id, question },
          signal,
        ),
    });
  } catch (error) {
    if (signal.aborted || error instanceof ConsentAborted) throw new RunAborted();
    // A Fetch Analysis cut off mid-stream interrupts the answer it serves, so Resume continues
    // it (and keeps its page files) instead of the model seeing a failure.
    if (error instanceof LlmError && error.kind === 'stream-cut') throw error;
    const message = error instanceof Error ? error.message : String(error);
    return refusal(local('toolFailed', call.name, textOfError(error) ?? message));
  }
}

/** An error outcome the model reads in English and the panel shows in the chosen language. */
function refusal(text: LocalText): SettledOutcome {
  return { kind: 'error', message: inEnglish(text), i18n: text };
}

/** What Activity shows for a finished call, beside the English summary. */
function summaryI18nOf(outcome: SettledOutcome): LocalText | undefined {
  if (outcome.kind === 'result') {
    return outcome.summaryI18n ?? (outcome.summary ? undefined : local('summaryDone'));
  }
  return outcome.kind === 'error' ? outcome.i18n : undefined;
}

/** "reused: …" of the step whose result answers this call, said once however often reused. */
function reusedSummary(step: StepRecord): LocalText {
  const earlier = step.summaryI18n;
  if (earlier?.key === 'summaryReused') return earlier;
  return local(
    'summaryReused',
    earlier ?? step.summary?.replace(/^reused: /, '') ?? local('summaryDone'),
  );
}

/** Counts one fetch against the answer's budget (stored on the run, reset by Continue). */
async function spendFetchBudget(
  dependencies: RunDependencies,
  runId: string,
): Promise<{ ok: true } | { ok: false; message: string }> {
  const { db, settings } = dependencies;
  return db.transaction('rw', db.runs, async () => {
    // The budget is the answer's: a Fetch Analysis spends its parent run's.
    const own = await db.runs.get(runId);
    const budgetRunId = own?.parentRunId ?? runId;
    const run = budgetRunId === runId ? own : await db.runs.get(budgetRunId);
    const used = run?.fetches ?? 0;
    if (used >= settings.limits.maxFetches) {
      return {
        ok: false as const,
        message: `Stopped: this answer used its ${settings.limits.maxFetches} fetches.`,
      };
    }
    await db.runs.update(budgetRunId, { fetches: used + 1 });
    return { ok: true as const };
  });
}

/** The run's tool results so far, in the order they were stored. */
function runToolMessages(view: SessionView, runId: string) {
  return view.messages.filter((message) => message.runId === runId && message.role === 'tool');
}

/** The tool's declaration, stored on its step so Activity can read what the call may do. */
function consentOf(dependencies: RunDependencies, toolName: string) {
  const declared = dependencies.tools.getRegistered(toolName)?.consent;
  return declared ? { consent: declared } : {};
}

/**
 * Runs one tool call the model asked for and stores its result as a tool message. Malformed
 * calls come back to the model as tool errors it can read and correct.
 */
export async function runToolStep(
  dependencies: RunDependencies,
  /** The session as the loop holds it. */
  view: SessionView,
  run: RunRecord,
  call: ToolCall,
  question: string,
  signal: AbortSignal,
  /** The call was written by the extension (attached tabs), not asked for by the model. */
  synthetic = false,
): Promise<ToolStepResult> {
  const { settings } = dependencies;
  const now = () => dependencies.now?.() ?? Date.now();
  const steps = view.stepsOf(run.id);
  const repeated = synthetic ? null : repeatedCallReached(call, steps, run, settings.limits);
  if (repeated) return { kind: 'limit', message: repeated };

  const stepId = newId();
  const key = reuseKey(turnOf(run), call);
  // The same call in the same user turn is answered from the stored result: no new fetch, no
  // card. Only a tool this run offers is answered so: Answer without the web reuses no page.
  const offered = synthetic
    ? dependencies.tools.getRegistered(call.name)
    : dependencies.tools.get(call.name);
  const reusable = offered ? findReusableResult(view, run, call) : undefined;
  await view.addStep({
    id: stepId,
    runId: run.id,
    index: steps.length,
    kind: 'tool',
    status: 'running',
    toolName: call.name,
    toolCallId: call.id,
    ...consentOf(dependencies, call.name),
    arguments: call.arguments,
    reuseKey: key,
    ...(reusable ? { reusedFrom: reusable.step.id } : {}),
    startedAt: now(),
  });

  let outcome: SettledOutcome;
  try {
    // Every tool result is cleaned of invisible characters, whatever the tool: its content,
    // the titles of its sources and its summary (a page, a search snippet, an error quoting one).
    outcome = stripInvisibleDeep(
      reusable
        ? {
            kind: 'result',
            content: reusable.message.content,
            summary: `reused: ${(reusable.step.summary ?? 'done').replace(/^reused: /, '')}`,
            summaryI18n: reusedSummary(reusable.step),
            ...(reusable.message.sources ? { sources: reusable.message.sources } : {}),
            ...(reusable.step.bytes !== undefined ? { bytes: reusable.step.bytes } : {}),
          }
        : await resolveOutcome(dependencies, run, call, question, signal, synthetic),
    );
  } catch (error) {
    await view.updateStep(stepId, { status: 'interrupted', endedAt: now() });
    throw error;
  }
  if (signal.aborted) {
    await view.updateStep(stepId, { status: 'interrupted', endedAt: now() });
    throw new RunAborted();
  }
  if (outcome.kind === 'limit') {
    // No result is stored: after Continue the call runs again (and asks again).
    await view.updateStep(stepId, { status: 'failed', endedAt: now(), summary: outcome.message });
    return { kind: 'limit', message: outcome.message };
  }
  // Each source the result read is told by its number in the run, for the model to cite.
  const content =
    outcome.kind === 'result'
      ? numberResult(outcome, runToolMessages(view, run.id))
      : `Error: ${outcome.message}`;
  // A result the browser has no room for is kept and saved once there is (storage-retry.ts).
  const report = (full: boolean) => dependencies.onStorageFull?.(run.sessionId, full);
  await whileStorageFull(
    () =>
      view.transaction(async (writer) => {
        await writer.append({
          sessionId: run.sessionId,
          runId: run.id,
          role: 'tool',
          toolCallId: call.id,
          toolName: call.name,
          content,
          status: 'done',
          ...(outcome.kind === 'result' && outcome.sources ? { sources: outcome.sources } : {}),
        });
        await writer.updateStep(stepId, {
          status: outcome.kind === 'result' ? 'done' : 'failed',
          endedAt: now(),
          bytes:
            outcome.kind === 'result'
              ? (outcome.bytes ?? new TextEncoder().encode(content).length)
              : undefined,
          summary:
            outcome.kind === 'result' ? (outcome.summary ?? 'done') : outcome.message.slice(0, 300),
          summaryI18n: summaryI18nOf(outcome),
        });
        await updateRun(dependencies, run.id, {});
      }),
    report,
    new AbortController().signal,
  );
  if (outcome.kind === 'error' && outcome.notice) {
    // The user sees the refusal too, in the extension's words under the answer.
    await view.append({
      sessionId: run.sessionId,
      runId: run.id,
      role: 'assistant',
      content: '',
      status: 'done',
      notice: outcome.notice,
      ...(outcome.noticeI18n ? { noticeI18n: outcome.noticeI18n } : {}),
    });
  }
  return outcome.kind === 'denied'
    ? { kind: 'denied', message: outcome.message }
    : { kind: 'continue' };
}
