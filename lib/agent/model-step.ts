import { appendMessage, newId, runSteps } from '../db/queries';
import type { MessageRecord, RunRecord } from '../db/records';
import { estimateTokens } from '../llm/token-estimate';
import { buildConversation } from './conversation';
import { type RunDependencies, updateRun } from './run-context';

/** Added for a message sent with the composer's "Search the web" toggle on. */
const SEARCH_WEB_INSTRUCTION =
  'The user turned on "Search the web" for this message: call agentic_fetch without a url ' +
  '(search mode) with a focused prompt before you answer, and answer from what it found.';

/**
 * One call to the model. The answer is written as it streams (every `persistEveryMs`) and once
 * more at the end, so a worker stopped mid-stream leaves the partial text behind. An unfinished
 * answer from an interrupted attempt is reused and its text replaced by the new stream.
 */
export async function runModelStep(
  dependencies: RunDependencies,
  run: RunRecord,
  /** The session's messages as the loop just read them. */
  messages: readonly MessageRecord[],
  unfinished: MessageRecord | undefined,
  signal: AbortSignal,
): Promise<void> {
  const { db, settings } = dependencies;
  const now = () => dependencies.now?.() ?? Date.now();
  const systemPrompt = run.searchWeb
    ? `${dependencies.systemPrompt}\n\n${SEARCH_WEB_INSTRUCTION}`
    : dependencies.systemPrompt;
  const conversation = buildConversation(systemPrompt, messages, unfinished?.id);

  const answer = unfinished
    ? { ...unfinished, content: '', status: 'streaming' as const }
    : await appendMessage(db, {
        sessionId: run.sessionId,
        runId: run.id,
        role: 'assistant',
        content: '',
        status: 'streaming',
      });
  if (unfinished) await db.messages.update(answer.id, { content: '', status: 'streaming' });

  const stepIndex = (await runSteps(db, run.id)).length;
  const stepId = newId();
  const startedAt = now();
  await db.steps.add({
    id: stepId,
    runId: run.id,
    index: stepIndex,
    kind: 'model',
    status: 'running',
    model: settings.model,
    startedAt,
  });

  // Persist the streaming text at most every `persistEvery` ms, with a trailing write so the
  // last text that arrived is stored even when nothing follows it (a hang, a worker stop).
  let lastWrite = 0;
  let lastText = '';
  let trailing: ReturnType<typeof setTimeout> | undefined;
  let writes: Promise<unknown> = Promise.resolve();
  const persistEvery = dependencies.persistEveryMs ?? 250;
  const flush = () => {
    trailing = undefined;
    lastWrite = now();
    const text = lastText;
    writes = writes.then(() => db.messages.update(answer.id, { content: text }));
  };
  const onText = (text: string) => {
    lastText = text;
    dependencies.onTextDelta?.(answer.id, text);
    const since = now() - lastWrite;
    if (since >= persistEvery) flush();
    else trailing ??= setTimeout(flush, persistEvery - since);
  };
  const settleWrites = async () => {
    clearTimeout(trailing);
    await writes;
  };

  try {
    const response = await dependencies.model.complete({
      model: settings.model,
      messages: conversation,
      tools: dependencies.tools.specs,
      signal,
      onText,
      // Stored on the step, so the answer can count down to the retry ("retrying in 5 s").
      onRetry: (event) =>
        void db.steps.update(stepId, {
          retryAt: now() + event.delayMs,
          retryReason: event.error.kind === 'rate-limited' ? 'rate-limited' : 'server',
        }),
    });
    await settleWrites();
    await db.transaction('rw', db.messages, db.steps, db.runs, async () => {
      await db.messages.update(answer.id, {
        content: response.content,
        status: 'done',
        ...(response.toolCalls.length ? { toolCalls: response.toolCalls } : {}),
      });
      await db.steps.update(stepId, {
        status: 'done',
        endedAt: now(),
        attempts: response.attempts,
        tokensIn:
          response.usage?.promptTokens ??
          conversation.reduce((sum, message) => sum + estimateTokens(message.content), 0),
        tokensOut: response.usage?.completionTokens ?? estimateTokens(response.content),
        summary: response.toolCalls.length
          ? `asked for ${response.toolCalls.map((call) => call.name).join(', ')}`
          : `answered (${response.content.length} characters)`,
      });
      await updateRun(dependencies, run.id, { steps: run.steps + 1 });
    });
  } catch (error) {
    await settleWrites();
    const partial =
      (error as { details?: { partialText?: string } }).details?.partialText ?? lastText;
    const kind = (error as { kind?: string }).kind;
    await db.transaction('rw', db.messages, db.steps, async () => {
      await db.messages.update(answer.id, {
        content: partial,
        status: kind === 'aborted' ? 'stopped' : kind === 'stream-cut' ? 'interrupted' : 'failed',
      });
      await db.steps.update(stepId, {
        status: kind === 'aborted' ? 'interrupted' : 'failed',
        endedAt: now(),
        summary: error instanceof Error ? error.message : String(error),
      });
    });
    throw error;
  }
}
