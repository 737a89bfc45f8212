import type { MessageRecord, RunError, RunRecord } from '../db/records';
import { LlmError, type LlmErrorKind } from '../llm/errors';
import { totalsAtEnd } from '../sessions/run-totals';
import { withoutWebTools } from '../tools/registry';
import { citeAnswer } from './answer-citations';
import { runModelStep } from './model-step';
import { RunAborted } from './run-aborted';
import { type RunDependencies, updateRun } from './run-context';
import { SessionView } from './session-view';
import { stepLimitReached } from './stop-conditions';
import { runToolStep } from './tool-step';

/** Failures that asking again cannot fix: the answer offers Settings instead of Resume. */
const SETTINGS_FIXES = new Set<LlmErrorKind>([
  'auth',
  'not-found',
  'unreachable',
  'redirected',
  'bad-response',
]);

function findLast<T>(items: readonly T[], predicate: (item: T) => boolean): T | undefined {
  for (let index = items.length - 1; index >= 0; index--) {
    if (predicate(items[index]!)) return items[index];
  }
  return undefined;
}

/**
 * The user's question a run serves, shown on its consent cards. A Fetch Analysis serves the
 * question of the answer that started it, not its own task text.
 */
async function questionServed(
  dependencies: RunDependencies,
  run: RunRecord,
  runMessages: readonly MessageRecord[],
): Promise<string> {
  if (run.parentRunId) {
    const parent = await dependencies.db.runs.get(run.parentRunId);
    const asked = parent && (await dependencies.db.messages.get(parent.userMessageId));
    if (asked) return asked.content;
  }
  return runMessages.find((message) => message.role === 'user')?.content ?? '';
}

/** The run's notices, each said once however often the run is resumed. */
async function sayNotices(
  dependencies: RunDependencies,
  view: SessionView,
  runId: string,
): Promise<void> {
  if (!dependencies.notices?.length) return;
  const said = new Set(
    view.messages.filter((message) => message.runId === runId).map((message) => message.notice),
  );
  for (const { notice, noticeI18n } of dependencies.notices) {
    if (said.has(notice)) continue;
    await view.append({
      sessionId: view.sessionId,
      runId,
      role: 'assistant',
      content: '',
      status: 'done',
      notice,
      ...(noticeI18n ? { noticeI18n } : {}),
    });
  }
}

/** A run just started, handed to its loop before its records are stored (run-manager.ts). */
export interface RunOpening {
  run: RunRecord;
  /** The session with the run's user message, being stored beside the loop. */
  view: SessionView;
}

/**
 * The run loop: orchestration only. Each pass takes the next step from the stored state, so a
 * run resumed after the worker was stopped continues from exactly what was stored: an
 * unfinished answer is re-asked, a tool call without a result is run, the user message is
 * never repeated. The session is read once when the run starts (or resumes) and then kept in
 * memory with the run's own writes (session-view.ts); a pass reads only the run's record and
 * whether something outside the run changed the session.
 */
export async function executeRun(
  runId: string,
  given: RunDependencies,
  signal: AbortSignal,
  /** A run just started: its record and its session as the start holds them, being stored. */
  opening?: RunOpening,
): Promise<RunRecord> {
  const { db } = given;
  const started = opening?.run ?? (await db.runs.get(runId));
  if (!started) throw new Error(`Run ${runId} no longer exists (its session was deleted).`);
  // Answer without the web: the run is offered, and may run, only tools that stay local.
  const dependencies = started.withoutWeb
    ? { ...given, tools: withoutWebTools(given.tools) }
    : given;
  // A run just started or resumed is stored as running already: no write to wait for.
  const [, view] = await Promise.all([
    started.status === 'running' && started.error === undefined
      ? undefined
      : updateRun(dependencies, runId, { status: 'running', error: undefined, totals: undefined }),
    opening?.view ?? SessionView.open(db, started.sessionId),
  ]);
  let question: string | undefined;
  try {
    await sayNotices(dependencies, view, runId);
    for (;;) {
      if (signal.aborted) throw new RunAborted();
      // The run's record is changed from outside (a fetch spent by its Fetch Analysis, "Allow
      // all fetches"), so it is read each pass; the session only when its updatedAt moved.
      // Until the run's opening is stored, nothing else knows the run: it is the one in memory.
      const [run] = await Promise.all([
        view.openingStored ? db.runs.get(runId) : started,
        view.refreshIfChanged(),
      ]);
      if (!run) throw new Error(`Run ${runId} no longer exists (its session was deleted).`);
      const runMessages = view.messages.filter((message) => message.runId === runId);
      question ??= await questionServed(dependencies, run, runMessages);
      // Notice lines (a denial, a limit) are the extension's words, not a model step.
      const lastAssistant = findLast(
        runMessages,
        (message) => message.role === 'assistant' && message.notice === undefined,
      );

      // Prelude calls (attached tabs, the page of URL mode) are made by the extension first and
      // recorded in the run, so the model gets them as tool results (never pasted into the
      // user's text) and Resume re-runs any that had not finished.
      // The calls are stored behind the loop: a worker stopped before that makes them again.
      if (!lastAssistant && run.preludeCalls?.length) {
        view.writeBehind({
          append: {
            sessionId: run.sessionId,
            runId,
            role: 'assistant',
            content: '',
            status: 'done',
            synthetic: true,
            toolCalls: run.preludeCalls,
          },
        });
        continue;
      }

      if (lastAssistant?.status === 'done') {
        const answered = new Set(runMessages.map((message) => message.toolCallId));
        const pending = (lastAssistant.toolCalls ?? []).find((call) => !answered.has(call.id));
        if (pending) {
          const result = await runToolStep(
            dependencies,
            view,
            run,
            pending,
            question,
            signal,
            lastAssistant.synthetic === true,
          );
          if (result.kind === 'denied')
            return finish(dependencies, view, run, 'stopped', {
              kind: 'denied',
              message: result.message,
            });
          if (result.kind === 'limit')
            return finish(dependencies, view, run, 'stopped', {
              kind: 'limit',
              message: result.message,
            });
          continue;
        }
        if (!lastAssistant.toolCalls?.length) {
          // Sources are built from what tools actually read, whatever the model writes; the
          // model's markers only say which of them it used.
          const cited = await citeAnswer(db, run, runMessages, lastAssistant.content);
          return finish(
            dependencies,
            view,
            run,
            'done',
            undefined,
            run.withoutWeb ? WITHOUT_WEB : undefined,
            {
              id: lastAssistant.id,
              changes: { sources: cited.sources, citations: cited.citations },
            },
          );
        }
      }

      const limit = stepLimitReached(run, dependencies.settings.limits);
      if (limit)
        return finish(dependencies, view, run, 'stopped', { kind: 'limit', message: limit });
      const unfinished =
        lastAssistant && lastAssistant.status !== 'done' ? lastAssistant : undefined;
      await runModelStep(dependencies, view, run, unfinished, signal);
    }
  } catch (error) {
    const run = await db.runs.get(runId);
    if (!run) throw error;
    if (error instanceof RunAborted || (error instanceof LlmError && error.kind === 'aborted')) {
      return finish(dependencies, view, run, 'stopped');
    }
    if (error instanceof LlmError && error.kind === 'stream-cut') {
      return finish(dependencies, view, run, 'interrupted', {
        kind: 'llm',
        message: error.message,
      });
    }
    const message = error instanceof Error ? error.message : String(error);
    return finish(dependencies, view, run, 'failed', {
      kind: error instanceof LlmError ? 'llm' : 'internal',
      message,
      ...(error instanceof LlmError && SETTINGS_FIXES.has(error.kind) ? { fix: 'settings' } : {}),
    });
  }
}

function hasAnswerText(view: SessionView, run: RunRecord): boolean {
  return view.messages.some(
    (message) => message.runId === run.id && message.role === 'assistant' && message.content !== '',
  );
}

/** Said under an answer written with Answer without the web, in the extension's words. */
const WITHOUT_WEB =
  'Answered without the web, as you asked: nothing was fetched or searched for this answer.';

async function finish(
  dependencies: RunDependencies,
  view: SessionView,
  run: RunRecord,
  status: RunRecord['status'],
  error?: RunError,
  /** A line the extension says under a finished answer. */
  doneNotice?: string,
  /** What the finished answer gets (its sources), stored with the end of the run. */
  answer?: { id: string; changes: Partial<MessageRecord> },
): Promise<RunRecord> {
  const { db } = dependencies;
  // A denial or a limit is said in one line under the answer, written by the extension; so is
  // a Stop that left no text of the answer to mark as stopped (say, during a tool call).
  const notice =
    error && (error.kind === 'denied' || error.kind === 'limit')
      ? error.message
      : status === 'stopped' && !error && !hasAnswerText(view, run)
        ? 'You stopped this answer before it was written.'
        : doneNotice;
  // One transaction: the panel sees the answer's sources, the notice and the run's end at once.
  await view.transaction(async (writer) => {
    if (answer) await writer.updateMessage(answer.id, answer.changes);
    if (notice) {
      await writer.append({
        sessionId: run.sessionId,
        runId: run.id,
        role: 'assistant',
        content: '',
        status: 'done',
        notice,
      });
    }
    // The footer's counts are stored with the end, so the panel need not read the steps.
    const totals = await totalsAtEnd(db, run, view.stepsOf(run.id));
    // "Allow all fetches for this answer" ends with the answer, however it ends.
    await updateRun(dependencies, run.id, { status, error, allowAllFetches: false, totals });
    await db.sessions.update(run.sessionId, { updatedAt: dependencies.now?.() ?? Date.now() });
  });
  return (await db.runs.get(run.id))!;
}
