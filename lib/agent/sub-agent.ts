import { appendMessage, createSession, latestRun, newId, sessionMessages } from '../db/queries';
import type { RunRecord } from '../db/records';
import { local, localCount, localList, summaryOf } from '../i18n/local-text';
import { LlmError } from '../llm/errors';
import { stripInvisible } from '../text/strip-invisible';
import type { SubAgentRunner, ToolOutcome } from '../tools/tool';
import { RunAborted } from './run-aborted';
import type { RunDependencies } from './run-context';
import { executeRun } from './run-loop';
import { fetchAnalysisTask } from './sub-agent-prompt';

const FETCH_ANALYSIS_TITLE = 'Fetch Analysis';

/**
 * Runs agentic_fetch's sub-agent: a child session titled "Fetch Analysis", linked to the parent
 * tool call, on the small model with the web tools only. It is the same run loop, so its steps
 * are stored, its fetches ask for consent, and a Resume continues it where it stopped.
 */
export function createSubAgentRunner(
  /** The Fetch Analysis run's own dependencies (small model, web tools), from lib/worker. */
  dependencies: RunDependencies,
): SubAgentRunner {
  const { db } = dependencies;

  async function findOrCreateRun(input: Parameters<SubAgentRunner['run']>[0]): Promise<RunRecord> {
    const existing = await db.sessions
      .where('parentSessionId')
      .equals(input.parentSessionId)
      .filter((session) => session.parentToolCallId === input.toolCallId)
      .first();
    if (existing) {
      const run = await latestRun(db, existing.id);
      if (run) return run;
    }
    const session =
      existing ??
      (await createSession(db, {
        title: FETCH_ANALYSIS_TITLE,
        parentSessionId: input.parentSessionId,
        parentToolCallId: input.toolCallId,
      }));
    const runId = newId();
    const userMessage = await appendMessage(db, {
      sessionId: session.id,
      runId,
      role: 'user',
      content: stripInvisible(fetchAnalysisTask(input.prompt, input.url)),
      status: 'done',
    });
    const now = Date.now();
    const run: RunRecord = {
      id: runId,
      sessionId: session.id,
      userMessageId: userMessage.id,
      parentRunId: input.parentRunId,
      status: 'running',
      model: dependencies.settings.model,
      steps: 0,
      fetches: 0,
      budgetStart: 0,
      createdAt: now,
      updatedAt: now,
      ...(input.url
        ? {
            preludeCalls: [
              {
                id: `prelude_fetch_${runId.slice(0, 8)}`,
                name: 'web_fetch',
                arguments: JSON.stringify({ url: input.url }),
              },
            ],
          }
        : {}),
    };
    await db.runs.add(run);
    return run;
  }

  async function answerOf(run: RunRecord): Promise<ToolOutcome> {
    const messages = (await sessionMessages(db, run.sessionId)).filter(
      (message) => message.runId === run.id,
    );
    const answer = [...messages]
      .reverse()
      .find((message) => message.role === 'assistant' && !message.notice && !message.synthetic);
    const sources = answer?.sources ?? [];
    const steps = messages.filter((message) => message.role === 'tool').length;
    return {
      kind: 'result',
      content: answer?.content || 'The Fetch Analysis finished without an answer.',
      sources,
      citesSources: true,
      ...summaryOf(
        local(
          'summaryFetchAnalysis',
          localList(
            localCount('summaryToolCalls', steps),
            localCount('summarySources', sources.length),
          ),
        ),
      ),
    };
  }

  return {
    async run(input) {
      let run = await findOrCreateRun(input);
      if (run.status !== 'done') run = await executeRun(run.id, dependencies, input.signal);
      const ended = run.status !== 'interrupted';
      try {
        if (run.status === 'done') return await answerOf(run);
        if (input.signal.aborted || (run.status === 'stopped' && !run.error))
          throw new RunAborted();
        if (run.status === 'stopped' && run.error?.kind === 'denied') {
          return { kind: 'denied', message: run.error.message };
        }
        if (run.status === 'interrupted') {
          // Keep the page files and let the parent be resumed, which resumes this run.
          throw new LlmError(
            'stream-cut',
            run.error?.message ?? 'The Fetch Analysis was interrupted.',
          );
        }
        return {
          kind: 'error',
          message: `The Fetch Analysis sub-agent stopped: ${run.error?.message ?? run.status}`,
        };
      } finally {
        // Page files go when the run ends, after its answer is stored.
        if (ended) await dependencies.services.pages.deleteRun(run.id);
      }
    },
  };
}
