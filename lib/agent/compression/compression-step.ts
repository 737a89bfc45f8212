import { newId } from '../../db/queries';
import type { Compression, MessageRecord, RunRecord, StepRecord } from '../../db/records';
import { costOf, priceOf } from '../../llm/prices';
import { calibrationOf, countRequestTokens } from '../../llm/token-count';
import { estimateTokens } from '../../llm/token-estimate';
import type { ChatMessage } from '../../llm/types';
import { compileKeepVerbatim, smallModelOf } from '../../settings/schema';
import compressionPrompt from '../prompts/compression.md?raw';
import type { RunDependencies } from '../run-context';
import type { SessionView } from '../session-view';
import { putBackFacts } from './facts';
import {
  conversationWith,
  cutToBudget,
  type FitInput,
  planFit,
  requestBudget,
  SUMMARY_SHARE,
} from './fit-policy';

/** The summary in force: the last compression of the session that finished. */
function latestCompression(steps: readonly StepRecord[]): StepRecord | undefined {
  return steps.findLast(
    (step) => step.kind === 'compression' && step.status === 'done' && step.compression,
  );
}

/** The provider's count of the last request it reported on, over ours for the same request. */
function latestCalibration(steps: readonly StepRecord[]): number {
  const reported = steps.findLast(
    (step) =>
      step.kind === 'model' && step.tokensEstimated && step.tokensIn && !step.usageEstimated,
  );
  return calibrationOf(reported?.tokensIn, reported?.tokensEstimated);
}

/** How a message reads inside the text given to the compressing model. */
function transcriptLine(message: MessageRecord): string {
  if (message.role === 'tool')
    return `[Result of ${message.toolName ?? 'a tool'}]\n${message.content}`;
  return `[Assistant]\n${message.content}`;
}

/** Splits the text to compress so each part fits one request to the small model. */
function chunksOf(text: string, maxTokens: number): string[] {
  const chunks: string[] = [];
  let rest = text;
  while (estimateTokens(rest) > maxTokens) {
    // Cut where the estimate says maxTokens end, at a paragraph break when one is near.
    let end = Math.floor(rest.length * (maxTokens / estimateTokens(rest)));
    const paragraph = rest.lastIndexOf('\n\n', end);
    if (paragraph > end * 0.6) end = paragraph;
    chunks.push(rest.slice(0, end));
    rest = rest.slice(end);
  }
  chunks.push(rest);
  return chunks;
}

export interface PreparedRequest {
  conversation: ChatMessage[];
  /** Our calibrated count of the request, stored on the model step. */
  tokens: number;
}

/**
 * Compression as a step of the run: the small model summarises the messages the fitting policy
 * takes (and the summary in force, so a stretch is never summarised twice), the facts it lost
 * are put back verbatim, and the result is stored as a `compression` step. It shows in
 * Activity, and every later request of the session, Resume included, is built from it.
 */
async function compress(
  dependencies: RunDependencies,
  view: SessionView,
  run: RunRecord,
  take: readonly MessageRecord[],
  previous: StepRecord | undefined,
  reason: Compression['reason'],
  signal: AbortSignal,
): Promise<Compression> {
  const { settings } = dependencies;
  const now = () => dependencies.now?.() ?? Date.now();
  const model = smallModelOf(settings);
  const earlier = previous?.compression;
  const stretch = take.map(transcriptLine).join('\n\n');
  const original = earlier ? `[Summary so far]\n${earlier.summary}\n\n${stretch}` : stretch;
  const tokensIn = (previous?.tokensIn ?? 0) + estimateTokens(stretch);

  const stepId = newId();
  await view.addStep({
    id: stepId,
    runId: run.id,
    index: view.stepsOf(run.id).length,
    kind: 'compression',
    status: 'running',
    model,
    tokensIn,
    startedAt: now(),
  });
  // The summary and the facts put back share the room the fitting policy keeps for them; the
  // model is asked for about two thirds of it (a word is ~1.3 tokens), the facts get the rest.
  const summaryBudget = Math.floor(settings.contextWindow * SUMMARY_SHARE);
  const limitWords = Math.max(150, Math.floor(summaryBudget * 0.5));
  const system = compressionPrompt.trim().replace('{{limit}}', String(limitWords));
  // Room for the prompt, the summary so far and the answer inside one small-model request.
  const chunkTokens = Math.max(
    500,
    requestBudget(settings.contextWindow) - estimateTokens(system) - limitWords * 2 - 100,
  );
  try {
    let summary = '';
    let attempts = 0;
    // What the requests really held and returned, from the provider's usage where it is sent.
    const sent = { tokensIn: 0, tokensOut: 0 };
    let usageEstimated = false;
    for (const chunk of chunksOf(original, chunkTokens)) {
      const text = summary ? `[Summary so far]\n${summary}\n\n${chunk}` : chunk;
      const messages: ChatMessage[] = [
        { role: 'system', content: system },
        { role: 'user', content: `Compress this part of the conversation:\n\n${text}` },
      ];
      const response = await dependencies.model.complete({ model, messages, tools: [], signal });
      attempts += response.attempts;
      summary = response.content.trim();
      if (!response.usage) usageEstimated = true;
      sent.tokensIn += response.usage?.promptTokens ?? countRequestTokens({ messages, tools: [] });
      sent.tokensOut += response.usage?.completionTokens ?? estimateTokens(response.content);
    }
    const custom = settings.keepVerbatim.map(compileKeepVerbatim);
    const checked = putBackFacts(original, summary, custom, summaryBudget);
    const compression: Compression = {
      summary: checked.text,
      replacedIds: [...(earlier?.replacedIds ?? []), ...take.map((message) => message.id)],
      factsRestored: checked.restored,
      reason,
      sent,
      ...(checked.leftOut ? { factsLeftOut: checked.leftOut } : {}),
    };
    // Priced like the small model's other calls (a Fetch Analysis), with the price entered in
    // Settings when there is one.
    const price = priceOf(model, settings.pricePerMillion);
    await view.updateStep(stepId, {
      status: 'done',
      endedAt: now(),
      attempts,
      tokensOut: estimateTokens(compression.summary),
      ...(usageEstimated ? { usageEstimated: true } : {}),
      ...(price ? { cost: costOf(sent.tokensIn, sent.tokensOut, price) } : {}),
      compression,
      summary:
        `compressed ${take.length} earlier message${take.length === 1 ? '' : 's'}` +
        (checked.restored.length ? `, put back ${checked.restored.length} facts verbatim` : '') +
        (checked.leftOut ? `, left out ${checked.leftOut} that did not fit` : ''),
    });
    return compression;
  } catch (error) {
    await view.updateStep(stepId, {
      status: signal.aborted ? 'interrupted' : 'failed',
      endedAt: now(),
      summary: error instanceof Error ? error.message : String(error),
    });
    throw error;
  }
}

/**
 * What one model step sends: the stored conversation with the summary in force, compressed
 * first when the fitting policy says so (or when `reason` is `overflow`: the provider refused
 * the last request as too long), and cut as a last resort so it always fits.
 */
export async function prepareRequest(
  dependencies: RunDependencies,
  view: SessionView,
  run: RunRecord,
  systemPrompt: string,
  messages: readonly MessageRecord[],
  excludeMessageId: string | undefined,
  signal: AbortSignal,
  reason: Compression['reason'] = 'threshold',
): Promise<PreparedRequest> {
  const steps = view.sessionSteps();
  const previous = latestCompression(steps);
  const input: FitInput = {
    systemPrompt,
    messages,
    excludeMessageId,
    tools: dependencies.tools.specs,
    contextWindow: dependencies.settings.contextWindow,
    calibration: latestCalibration(steps),
    compression: previous?.compression,
  };
  const plan = planFit(input, reason === 'overflow');
  const conversation =
    plan.kind === 'send'
      ? plan.conversation
      : conversationWith({
          ...input,
          compression: await compress(dependencies, view, run, plan.take, previous, reason, signal),
        });
  // A provider that refused the request as too long has a smaller window than the setting:
  // the last-resort cut then aims at three quarters of it.
  const window =
    reason === 'overflow' ? Math.floor(input.contextWindow * 0.75) : input.contextWindow;
  return cutToBudget({ ...input, contextWindow: window }, conversation);
}
