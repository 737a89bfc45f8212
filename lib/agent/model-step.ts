import { newId } from '../db/queries';
import type { MessageRecord, RunRecord, StepRecord } from '../db/records';
import { isStorageFullError } from '../db/storage-full';
import { local, localCount, summaryOf } from '../i18n/local-text';
import { LlmError } from '../llm/errors';
import { costOf, priceOf } from '../llm/prices';
import { estimateTokens } from '../llm/token-estimate';
import { createStreamingStrip } from '../text/streaming-strip';
import { stripInvisible } from '../text/strip-invisible';
import { prepareRequest } from './compression/compression-step';
import { coalesceAppends } from './delta-coalescing';
import { requestLeaving } from './request-leaving';
import { type RunDependencies, updateRun } from './run-context';
import type { SessionView } from './session-view';
import { turnOf } from './step-reuse';
import { whileStorageFull } from './storage-retry';

/** Streamed text goes to the panel at most this often: about one frame. */
const DELTA_EVERY_MS = 16;

/** Added for a message sent with the composer's "Search the web" toggle on. */
const SEARCH_WEB_INSTRUCTION =
  'The user turned on "Search the web" for this message: call agentic_fetch without a url ' +
  '(search mode) with a focused prompt before you answer, and answer from what it found.';

/** Added for Answer without the web: the user denied a fetch or search and chose this. */
const WITHOUT_WEB_INSTRUCTION =
  'The user chose to have this question answered without the web: no tool can fetch a page, ' +
  'search or call a service in this answer. Answer from what you know and from what is already ' +
  'in this conversation, start by saying in one short sentence that you answered without the ' +
  'web, and say plainly where a source would have been needed to be sure.';

/** The system prompt of this run, with what the composer and the answer's buttons asked for. */
function runSystemPrompt(base: string, run: RunRecord): string {
  if (run.withoutWeb) return `${base}\n\n${WITHOUT_WEB_INSTRUCTION}`;
  if (run.searchWeb) return `${base}\n\n${SEARCH_WEB_INSTRUCTION}`;
  return base;
}

/**
 * What the model is given of the session: a run that answers a turn again (Regenerate) gets
 * the conversation without the earlier attempts at that turn, so it answers the question
 * afresh instead of repeating or referring to an answer the user asked to replace.
 */
function withoutOtherAttempts(view: SessionView, run: RunRecord): readonly MessageRecord[] {
  const turn = turnOf(run);
  const others = new Set(
    view.runs
      .filter((candidate) => candidate.id !== run.id && turnOf(candidate) === turn)
      .map((candidate) => candidate.id),
  );
  if (others.size === 0) return view.messages;
  return view.messages.filter((message) => !message.runId || !others.has(message.runId));
}

/**
 * One call to the model. The answer is written as it streams (every `persistEveryMs`) and once
 * more at the end, so a worker stopped mid-stream leaves the partial text behind. An unfinished
 * answer from an interrupted attempt is reused and its text replaced by the new stream.
 */
export async function runModelStep(
  dependencies: RunDependencies,
  /** The session as the loop holds it. */
  view: SessionView,
  run: RunRecord,
  unfinished: MessageRecord | undefined,
  signal: AbortSignal,
): Promise<void> {
  const { db, settings } = dependencies;
  const now = () => dependencies.now?.() ?? Date.now();
  const systemPrompt = runSystemPrompt(dependencies.systemPrompt, run);
  const sent = withoutOtherAttempts(view, run);
  let prepared = await prepareRequest(
    dependencies,
    view,
    run,
    systemPrompt,
    sent,
    unfinished?.id,
    signal,
  );

  // Writes the browser refuses for lack of space are said and tried again (storage-retry.ts).
  const report = (full: boolean) => dependencies.onStorageFull?.(run.sessionId, full);
  const stored = <T>(write: () => Promise<T>) => whileStorageFull(write, report, signal);
  // The answer's last write is kept trying after a Stop too, so what arrived is saved; once it
  // is, a copy refused while streaming is no longer unsaved.
  const storedEvenIfStopped = async <T>(write: () => Promise<T>) => {
    const written = await whileStorageFull(write, report, new AbortController().signal);
    if (fullSince) report(false);
    fullSince = false;
    return written;
  };

  // The answer and its step are written in one transaction that runs while the request goes
  // out: nothing of the stream is written before it (later writes wait for it), and a worker
  // stopped before it committed leaves no trace of the step, so Resume asks again.
  const answer: Pick<MessageRecord, 'id'> = { id: unfinished?.id ?? newId() };
  const stepId = newId();
  const startedAt = now();
  const step: StepRecord = {
    id: stepId,
    runId: run.id,
    index: view.stepsOf(run.id).length,
    kind: 'model',
    status: 'running',
    model: settings.model,
    startedAt,
  };
  // It starts once the request has left (request-leaving.ts): the request is built and handed
  // to fetch in the microtasks of the call below, and neither this write nor the writes behind
  // it (a page stored as a tool result, the run's opening) may commit while it leaves.
  const leaving = requestLeaving();
  const left = () => {
    leaving.release();
    view.requestLeft();
  };
  // A new chat's first step starts in the transaction of the run's opening (session-view.ts).
  const started = stored(() =>
    view.transactionOnceLeft(leaving.left, async (writer) => {
      await Promise.all([
        unfinished
          ? writer.updateMessage(answer.id, { content: '', status: 'streaming' })
          : writer.append({
              id: answer.id,
              sessionId: run.sessionId,
              runId: run.id,
              role: 'assistant',
              content: '',
              status: 'streaming',
            }),
        writer.addStep(step),
      ]);
    }),
  );
  // Its failure is said where the step ends; the writes of the stream only wait for it.
  const afterStart = started.then(
    () => true,
    () => false,
  );

  // Persist the streaming text at most every `persistEvery` ms, with a trailing write so the
  // last text that arrived is stored even when nothing follows it (a hang, a worker stop). The
  // stored copy is the cleaned text sent so far and its tail, so up to the last delta's offset
  // it is what the panel put together from the deltas, and it can fill a gap in them.
  // Counted from the start, so an answer that streams in less than `persistEvery` is written
  // once, at the end, instead of also at its first token.
  let lastWrite = startedAt;
  let lastRaw = '';
  let trailing: ReturnType<typeof setTimeout> | undefined;
  let writes: Promise<unknown> = afterStart;
  let fullSince = false;
  const persistEvery = dependencies.persistEveryMs ?? 250;
  // Invisible characters never reach the screen, from a page or from the model; each part of
  // the stream is cleaned once, so a long answer costs its length, not its length squared.
  const cleaned = createStreamingStrip();
  const toPanel = coalesceAppends(
    (append) => dependencies.onTextDelta?.(answer.id, append),
    DELTA_EVERY_MS,
    now,
  );
  const flush = () => {
    trailing = undefined;
    lastWrite = now();
    const text = cleaned.visible;
    // A refused write only loses this copy: the next one (or the final write) stores the text.
    writes = writes
      .then(() => db.messages.update(answer.id, { content: text }))
      .then(
        () => {
          if (fullSince) report(false);
          fullSince = false;
        },
        (error: unknown) => {
          if (!isStorageFullError(error)) throw error;
          fullSince = true;
          report(true);
        },
      )
      .then(() => undefined);
  };
  const onText = (text: string) => {
    lastRaw = text;
    toPanel.push(cleaned.update(text));
    const since = now() - lastWrite;
    if (since >= persistEvery) flush();
    else trailing ??= setTimeout(flush, persistEvery - since);
  };
  const settleWrites = async () => {
    toPanel.flush();
    clearTimeout(trailing);
    await writes;
  };

  try {
    const ask = () =>
      dependencies.model.complete({
        model: settings.model,
        messages: prepared.conversation,
        tools: dependencies.tools.specs,
        signal,
        onText,
        onResponse: left,
        // Stored on the step, so the answer can count down to the retry ("retrying in 5 s").
        onRetry: (event) => {
          const retry = {
            retryAt: now() + event.delayMs,
            retryReason: event.error.kind === 'rate-limited' ? 'rate-limited' : 'server',
          } as const;
          void afterStart
            .then((begun) => (begun ? view.updateStep(stepId, retry) : undefined))
            .catch((error: unknown) => console.error('Gleaner could not store a retry', error));
        },
      });
    let response: Awaited<ReturnType<typeof ask>>;
    try {
      response = await ask();
    } catch (error) {
      // It failed before its answer began: nothing is leaving any more.
      left();
      // The window is smaller than the setting says: compress once more and ask once more.
      if (!(error instanceof LlmError && error.kind === 'context-overflow')) throw error;
      // The compression step is numbered after this step, so this one is stored first.
      await started;
      prepared = await prepareRequest(
        dependencies,
        view,
        run,
        systemPrompt,
        sent,
        unfinished?.id,
        signal,
        'overflow',
      );
      response = await ask();
    }
    // The answer is in hand: the request has left, whether or not the model said when.
    left();
    await settleWrites();
    await started;
    const tokensIn = response.usage?.promptTokens ?? prepared.tokens;
    const tokensOut = response.usage?.completionTokens ?? estimateTokens(response.content);
    const price = priceOf(settings.model, settings.pricePerMillion);
    await storedEvenIfStopped(() =>
      view.transaction(async (writer) => {
        await writer.updateMessage(answer.id, {
          content: stripInvisible(response.content),
          status: 'done',
          ...(response.toolCalls.length ? { toolCalls: response.toolCalls } : {}),
        });
        await Promise.all([
          writer.updateStep(stepId, {
            status: 'done',
            endedAt: now(),
            attempts: response.attempts,
            tokensIn,
            tokensOut,
            tokensEstimated: prepared.tokens,
            ...(response.usage ? {} : { usageEstimated: true }),
            ...(price ? { cost: costOf(tokensIn, tokensOut, price) } : {}),
            ...summaryOf(
              response.toolCalls.length
                ? local('summaryAskedFor', response.toolCalls.map((call) => call.name).join(', '))
                : localCount('summaryAnswered', response.content.length),
            ),
          }),
          updateRun(dependencies, run.id, { steps: run.steps + 1 }),
        ]);
      }),
    );
  } catch (error) {
    await settleWrites();
    if (!(await afterStart)) throw error;
    const partial = stripInvisible(
      (error as { details?: { partialText?: string } }).details?.partialText ?? lastRaw,
    );
    const kind = (error as { kind?: string }).kind;
    await storedEvenIfStopped(() =>
      view.transaction(async (writer) => {
        await writer.updateMessage(answer.id, {
          content: partial,
          status: kind === 'aborted' ? 'stopped' : kind === 'stream-cut' ? 'interrupted' : 'failed',
        });
        await writer.updateStep(stepId, {
          status: kind === 'aborted' ? 'interrupted' : 'failed',
          endedAt: now(),
          summary: error instanceof Error ? error.message : String(error),
        });
      }),
    );
    throw error;
  }
}
