import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fakeServices } from '../../../testing/fake-services';
import { runHarness } from '../../../testing/run-harness';
import { ScriptedModel, type ScriptedReply } from '../../../testing/scripted-model';
import { createTestDatabase } from '../../../testing/test-database';
import type { GleanerDatabase } from '../../db/database';
import { runSteps, sessionMessages, sessionRuns } from '../../db/queries';
import type { StepRecord } from '../../db/records';
import { explain } from '../../llm/classify-error';
import { LlmError } from '../../llm/errors';
import { countRequestTokens } from '../../llm/token-count';
import { estimateTokens } from '../../llm/token-estimate';
import { DEFAULT_SETTINGS, type Settings } from '../../settings/schema';
import { createToolRegistry } from '../../tools/registry';
import { defineTool, type Tool } from '../../tools/tool';
import { requestBudget, SUMMARY_SHARE } from './fit-policy';

const settings: Settings = {
  ...DEFAULT_SETTINGS,
  baseUrl: 'http://llm.test/v1',
  model: 'main-model',
  smallModel: 'small-model',
  contextWindow: 4096,
  keepVerbatim: ['HT-\\d{4}'],
};

/** A long page; page 1 holds the contract's penalty rate and number. */
function pageText(n: number): string {
  const fact = n === 1 ? 'The late-payment penalty is 0.5% per day under contract HT-0113. ' : '';
  return `${fact}${`Page ${n} goes on about nothing in particular. `.repeat(130)}`;
}

const pageTool = defineTool({
  name: 'read_page',
  description: 'Reads a numbered test page.',
  parameters: z.object({ n: z.number() }),
  consent: 'none',
  async execute(args) {
    return { kind: 'result', content: pageText(args.n) };
  },
});

let db: GleanerDatabase;
beforeEach(() => {
  db = createTestDatabase();
});

function harness(script: ScriptedReply[], overrides: Partial<Settings> = {}) {
  const model = new ScriptedModel(script, { summarize: () => 'The user read several pages.' });
  const manager = runHarness(db, () => ({
    model,
    tools: createToolRegistry([pageTool as Tool]),
    services: fakeServices(),
    settings: { ...settings, ...overrides },
    systemPrompt: 'You are a test.',
    persistEveryMs: 0,
  }));
  return { model, manager };
}

/** A turn whose model reads page n, then answers. */
const readsPage = (n: number): ScriptedReply[] => [
  { toolCalls: [{ name: 'read_page', arguments: JSON.stringify({ n }) }] },
  { text: `Page ${n} says little.` },
];

async function sessionSteps(sessionId: string): Promise<StepRecord[]> {
  const runs = await sessionRuns(db, sessionId);
  return (await Promise.all(runs.map((run) => runSteps(db, run.id)))).flat();
}

describe('compression in a long conversation', () => {
  it('keeps every request inside the window, every user message, and the facts of turn 1', async () => {
    const turns = 6;
    const { model, manager } = harness(
      Array.from({ length: turns }, (_, index) => readsPage(index + 1)).flat(),
    );
    let sessionId: string | undefined;
    for (let n = 1; n <= turns; n++) {
      const ids = await manager.start({ text: `What does page ${n} say?`, sessionId });
      sessionId = ids.sessionId;
      expect((await manager.settled(ids.runId)).status).toBe('done');
    }
    for (const request of model.requests) {
      expect(countRequestTokens(request)).toBeLessThanOrEqual(requestBudget(4096));
    }
    const last = model.requests.at(-1)!.messages;
    expect(last.filter((m) => m.role === 'user').map((m) => m.content)).toEqual(
      Array.from({ length: turns }, (_, index) => `What does page ${index + 1} say?`),
    );
    expect(last[0]!.content).toContain(
      'The late-payment penalty is 0.5% per day under contract HT-0113.',
    );

    const compressions = (await sessionSteps(sessionId!)).filter((s) => s.kind === 'compression');
    expect(compressions.length).toBeGreaterThan(0);
    expect(compressions.length).toBe(model.compressionRequests.length);
    const first = compressions[0]!;
    expect(first).toMatchObject({ status: 'done', model: 'small-model' });
    expect(first.tokensIn).toBeGreaterThan(first.tokensOut!);
    expect(first.compression?.factsRestored).toEqual(expect.arrayContaining(['0.5%', 'HT-0113']));
    // A summary with its facts put back stays inside the room the fitting policy gave it.
    for (const step of compressions) {
      expect(estimateTokens(step.compression!.summary)).toBeLessThanOrEqual(
        Math.floor(4096 * SUMMARY_SHARE),
      );
    }
    // A stretch is summarised once: later compressions get the summary, not page 1 again.
    for (const request of model.compressionRequests.slice(1)) {
      expect(request.messages[1]!.content).not.toContain('Page 1 goes on');
      expect(request.messages[1]!.content).toContain('[Summary so far]');
    }
    // What is stored and shown is untouched.
    const stored = await sessionMessages(db, sessionId!);
    expect(stored.filter((m) => m.role === 'tool').map((m) => m.content)).toEqual(
      Array.from({ length: turns }, (_, index) => pageText(index + 1)),
    );
  });

  it('reuses the stored compression on Resume instead of compressing again', async () => {
    const { model, manager } = harness([
      ...readsPage(1),
      ...readsPage(2),
      { error: new LlmError('server', 'The server had a server error (HTTP 500).') },
      { text: 'Page 3 in brief.' },
    ]);
    const first = await manager.start({ text: 'Page 1?' });
    await manager.settled(first.runId);
    const second = await manager.start({ text: 'Page 2?', sessionId: first.sessionId });
    await manager.settled(second.runId);
    const third = await manager.start({ text: 'Sum it up.', sessionId: first.sessionId });
    expect((await manager.settled(third.runId)).status).toBe('failed');
    const compressed = model.compressionRequests.length;
    expect(compressed).toBeGreaterThan(0);

    await manager.resume(third.runId);
    expect((await manager.settled(third.runId)).status).toBe('done');
    expect(model.compressionRequests.length).toBe(compressed);
    expect(model.requests.at(-1)!.messages[0]!.content).toContain('0.5% per day');
  });
});

describe('what a compression costs', () => {
  it('prices it with the small model and counts what its requests held', async () => {
    const { model, manager } = harness([...readsPage(1), ...readsPage(2), ...readsPage(3)], {
      model: 'gpt-4o',
      smallModel: 'gpt-4o-mini',
    });
    let sessionId: string | undefined;
    for (let n = 1; n <= 3; n++) {
      const ids = await manager.start({ text: `Page ${n}?`, sessionId });
      sessionId = ids.sessionId;
      await manager.settled(ids.runId);
    }
    const compressions = (await sessionSteps(sessionId!)).filter((s) => s.kind === 'compression');
    expect(compressions.length).toBeGreaterThan(0);
    const sentIn = compressions.reduce((sum, step) => sum + step.compression!.sent!.tokensIn, 0);
    expect(sentIn).toBe(
      model.compressionRequests.reduce((sum, request) => sum + countRequestTokens(request), 0),
    );
    const compression = compressions[0]!;
    const { tokensIn, tokensOut } = compression.compression!.sent!;
    expect(tokensOut).toBe(estimateTokens('The user read several pages.'));
    // gpt-4o-mini: $0.15 in and $0.60 out per million tokens.
    expect(compression.cost).toBeCloseTo((tokensIn * 0.15 + tokensOut * 0.6) / 1_000_000, 12);
    expect(compression.usageEstimated).toBe(true);
  });

  it('uses the price entered in Settings for the small model too', async () => {
    const { manager } = harness([...readsPage(1), ...readsPage(2), ...readsPage(3)], {
      model: 'local-model',
      smallModel: 'local-small',
      pricePerMillion: { input: 1, output: 2 },
    });
    let sessionId: string | undefined;
    for (let n = 1; n <= 3; n++) {
      const ids = await manager.start({ text: `Page ${n}?`, sessionId });
      sessionId = ids.sessionId;
      await manager.settled(ids.runId);
    }
    const compression = (await sessionSteps(sessionId!)).find((s) => s.kind === 'compression')!;
    const { tokensIn, tokensOut } = compression.compression!.sent!;
    expect(compression.cost).toBeCloseTo((tokensIn + tokensOut * 2) / 1_000_000, 12);
  });
});

describe('a provider that says the context is too long', () => {
  it('compresses once more, retries once and completes the answer', async () => {
    const { model, manager } = harness([
      { text: 'Hello.' },
      { error: new LlmError('context-overflow', explain.contextOverflow()) },
      { text: 'A complete answer.' },
    ]);
    const first = await manager.start({ text: 'Hi' });
    await manager.settled(first.runId);
    const second = await manager.start({ text: 'And now?', sessionId: first.sessionId });
    expect((await manager.settled(second.runId)).status).toBe('done');
    const messages = await sessionMessages(db, first.sessionId);
    expect(messages.at(-1)).toMatchObject({ content: 'A complete answer.', status: 'done' });
    const steps = await runSteps(db, second.runId);
    expect(steps.map((step) => [step.kind, step.status, step.compression?.reason])).toEqual([
      ['model', 'done', undefined],
      ['compression', 'done', 'overflow'],
    ]);
    expect(model.requests.length).toBe(3);
    expect(model.requests[2]!.messages[0]!.content).toContain(
      'Summary of the earlier conversation',
    );
  });

  it('says what to do when the retry is refused too, without a raw 400', async () => {
    const { manager } = harness([
      { error: new LlmError('context-overflow', explain.contextOverflow()) },
      { error: new LlmError('context-overflow', explain.contextOverflow()) },
    ]);
    const ids = await manager.start({ text: 'Hi' });
    const run = await manager.settled(ids.runId);
    expect(run.status).toBe('failed');
    expect(run.error?.message).toBe(explain.contextOverflow());
  });
});
