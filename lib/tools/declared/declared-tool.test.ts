import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeHttpReply, fakeCalls, jsonReply } from '../../../testing/fake-calls';
import { fakeServices } from '../../../testing/fake-services';
import { toolContext } from '../../../testing/tool-context';
import { callTool } from '../../agent/call-tool';
import { parseDeclarations, type ToolDeclaration } from '../../settings/tool-declaration';
import type { ConsentPrompt, DeclaredResponse } from '../tool';
import type { AttemptLog } from './call-with-retries';
import { createDeclaredTool } from './declared-tool';

function declare(changes: Record<string, unknown> = {}): ToolDeclaration {
  const parsed = parseDeclarations(
    JSON.stringify({
      name: 'search_warehouse',
      description: 'Looks up the stock of a product by its SKU.',
      parameters: {
        type: 'object',
        properties: {
          sku: { type: 'string' },
          sizes: { type: 'array', items: { type: 'integer' } },
        },
        required: ['sku'],
      },
      endpoint: 'http://127.0.0.1:9100/invoke/search_warehouse',
      headers: { 'X-Api-Key': 'secret-123' },
      ...changes,
    }),
  );
  if (!parsed.ok) throw new Error(parsed.problems.join(' '));
  return parsed.declarations[0]!;
}

function run(
  declaration: ToolDeclaration,
  replies: Parameters<typeof fakeCalls>[0],
  args: unknown,
) {
  const calls = fakeCalls(replies);
  const log: AttemptLog[] = [];
  const asked: ConsentPrompt[] = [];
  const tool = createDeclaredTool(declaration, { log: (entry) => log.push(entry) });
  const outcome = callTool(tool, tool.parameters.parse(args), {
    ...toolContext({ services: fakeServices([], undefined, { calls }) }),
    ask: async (prompt) => {
      asked.push(prompt);
      return 'allowed';
    },
  });
  return { calls, log, asked, outcome, tool };
}

describe('a declared tool', () => {
  it('asks on a card naming the tool, its endpoint and the arguments in full', async () => {
    const { asked, outcome } = run(declare(), [jsonReply({ qty: 4 })], {
      sku: 'A-1',
      sizes: [1, 2],
    });
    await outcome;
    expect(asked).toEqual([
      {
        kind: 'tool',
        target: 'search_warehouse',
        host: 'http://127.0.0.1:9100/invoke/search_warehouse',
        detail: 'Arguments: {\n  "sku": "A-1",\n  "sizes": [\n    1,\n    2\n  ]\n}',
      },
    ]);
  });

  it('POSTs the arguments as JSON with the declared headers, and nothing else', async () => {
    const { calls, outcome } = run(declare(), [jsonReply({ qty: 4 })], { sku: 'A-1' });
    const result = await outcome;
    expect(calls.requests).toEqual([
      {
        url: 'http://127.0.0.1:9100/invoke/search_warehouse',
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Api-Key': 'secret-123' },
        body: '{"sku":"A-1"}',
        endpoint: 'http://127.0.0.1:9100/invoke/search_warehouse',
      },
    ]);
    expect(result).toMatchObject({
      kind: 'result',
      sources: [
        { title: 'Tool search_warehouse', url: 'http://127.0.0.1:9100/invoke/search_warehouse' },
      ],
    });
    if (result.kind !== 'result') throw new Error('expected a result');
    expect(result.content).toContain('<untrusted-content-nonce1 source="tool search_warehouse"');
    expect(result.content).toContain('{"qty":4}');
  });

  it('sends a GET with the arguments as query parameters, arrays repeated', async () => {
    const { calls, outcome } = run(declare({ method: 'GET' }), [jsonReply([])], {
      sku: 'A 1',
      sizes: [1, 2],
    });
    await outcome;
    expect(calls.requests[0]).toEqual({
      url: 'http://127.0.0.1:9100/invoke/search_warehouse?sku=A+1&sizes=1&sizes=2',
      method: 'GET',
      headers: { 'X-Api-Key': 'secret-123' },
      endpoint: 'http://127.0.0.1:9100/invoke/search_warehouse',
    });
  });

  it('gives the model only the part the result pointer names', async () => {
    const { outcome } = run(
      declare({ result: '/data/items' }),
      [jsonReply({ data: { items: [{ sku: 'A-1', qty: 4 }] }, debug: 'noise' })],
      { sku: 'A-1' },
    );
    const result = await outcome;
    if (result.kind !== 'result') throw new Error('expected a result');
    expect(result.content).toContain('"qty": 4');
    expect(result.content).not.toContain('noise');
  });

  it('says so when the pointer finds nothing', async () => {
    const { outcome } = run(declare({ result: '/data/items' }), [jsonReply({})], { sku: 'A-1' });
    expect(await outcome).toEqual({
      kind: 'error',
      message: 'Tool search_warehouse: the response has nothing at `result` /data/items.',
    });
  });

  it('cuts a long response to the fetch cap, with a note', async () => {
    const big: DeclaredResponse = { ...jsonReply(null), text: 'x'.repeat(150_000) };
    const { outcome } = run(declare(), [big], { sku: 'A-1' });
    const result = await outcome;
    if (result.kind !== 'result') throw new Error('expected a result');
    expect(result.content).toContain('[Cut to 102,400 of 150,000 bytes.]');
    expect(result.content.length).toBeLessThan(103_000);
  });

  it('does not retry a 4xx other than 429, and names the tool and endpoint', async () => {
    const { calls, log, outcome } = run(declare(), [jsonReply({}, 404)], { sku: 'A-1' });
    expect(await outcome).toEqual({
      kind: 'error',
      message:
        'Tool search_warehouse at http://127.0.0.1:9100/invoke/search_warehouse failed after 1 attempt: HTTP 404.',
    });
    expect(calls.requests).toHaveLength(1);
    expect(log.map((entry) => entry.outcome)).toEqual(['failed: HTTP 404']);
  });
});

describe('retries and timeouts of a declared tool', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  async function attemptTimes(declaration: ToolDeclaration, replies: FakeHttpReply[]) {
    const started: number[] = [];
    const timed = replies.map((reply) => async (signal: AbortSignal) => {
      started.push(Date.now());
      if (typeof reply === 'function') return reply(signal);
      if (reply instanceof Error) throw reply;
      return reply;
    });
    const context = run(declaration, timed, { sku: 'A-1' });
    const settled = context.outcome.then((value) => value);
    await vi.runAllTimersAsync();
    return { ...context, result: await settled, started };
  }

  it('backs off 1 s, 2 s, 4 s on network errors, 429 and 5xx, logging each attempt', async () => {
    const start = Date.now();
    const { result, started, log } = await attemptTimes(declare({ retries: 3 }), [
      new TypeError('Failed to fetch'),
      jsonReply({}, 429),
      jsonReply({}, 503),
      jsonReply({ qty: 1 }),
    ]);
    expect(result.kind).toBe('result');
    expect(started.map((at) => at - start)).toEqual([0, 1000, 3000, 7000]);
    expect(log).toEqual([
      {
        tool: 'search_warehouse',
        arguments: { sku: 'A-1' },
        attempt: 1,
        of: 4,
        outcome: 'network error (Failed to fetch); trying again',
      },
      {
        tool: 'search_warehouse',
        arguments: { sku: 'A-1' },
        attempt: 2,
        of: 4,
        outcome: 'HTTP 429; trying again',
      },
      {
        tool: 'search_warehouse',
        arguments: { sku: 'A-1' },
        attempt: 3,
        of: 4,
        outcome: 'HTTP 503; trying again',
      },
      { tool: 'search_warehouse', arguments: { sku: 'A-1' }, attempt: 4, of: 4, outcome: 'done' },
    ]);
    expect(JSON.stringify(log)).not.toContain('secret-123');
  });

  it('gives each attempt its own timeout, and fails after the declared retries', async () => {
    const hang = (signal: AbortSignal) =>
      new Promise<DeclaredResponse>((_, reject) =>
        signal.addEventListener('abort', () => reject(new Error('aborted'))),
      );
    const start = Date.now();
    const { result, started, log } = await attemptTimes(declare({ timeout_secs: 5, retries: 2 }), [
      hang,
      hang,
      hang,
    ]);
    // 5 s timeout, 1 s wait, 5 s, 2 s wait, 5 s.
    expect(started.map((at) => at - start)).toEqual([0, 6000, 13_000]);
    expect(log.map((entry) => `${entry.attempt}/${entry.of} ${entry.outcome}`)).toEqual([
      '1/3 no answer within 5 s; trying again',
      '2/3 no answer within 5 s; trying again',
      '3/3 failed: no answer within 5 s',
    ]);
    expect(result).toEqual({
      kind: 'error',
      message:
        'Tool search_warehouse at http://127.0.0.1:9100/invoke/search_warehouse failed after 3 attempts: no answer within 5 s.',
    });
  });
});
