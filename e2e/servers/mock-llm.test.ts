import OpenAI from 'openai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type MockLlm, startMockLlm } from './mock-llm';

// The e2e specs trust this mock to behave like an OpenAI endpoint; these tests hold it to that by
// driving it with the real openai SDK, the same client the extension uses.
describe('mock LLM server', () => {
  let mock: MockLlm;
  let client: OpenAI;

  beforeEach(async () => {
    mock = await startMockLlm({ delayMs: 1 });
    client = new OpenAI({ baseURL: mock.url, apiKey: 'sk-test-key', maxRetries: 0 });
  });
  afterEach(async () => {
    await mock.close();
  });

  it('lists the configured models and records the bearer key', async () => {
    const page = await client.models.list();
    expect(page.data.map((model) => model.id)).toEqual(['mock-large', 'mock-small']);
    expect(mock.requests[0]).toMatchObject({ method: 'GET', path: '/v1/models' });
    expect(mock.requests[0]?.headers.authorization).toBe('Bearer sk-test-key');
  });

  it('streams scripted text in chunks that the SDK reassembles', async () => {
    mock.enqueue({ text: 'Hello from the mock, in several pieces.', chunkSize: 5 });
    const stream = await client.chat.completions.create({
      model: 'mock-large',
      stream: true,
      stream_options: { include_usage: true },
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Say hello' },
      ],
    });
    const pieces: string[] = [];
    let finishReason: string | null = null;
    let usageSeen = false;
    for await (const chunk of stream) {
      const choice = chunk.choices[0];
      if (choice?.delta.content) pieces.push(choice.delta.content);
      if (choice?.finish_reason) finishReason = choice.finish_reason;
      if (chunk.usage) usageSeen = true;
    }
    expect(pieces.join('')).toBe('Hello from the mock, in several pieces.');
    expect(pieces.length).toBeGreaterThan(3);
    expect(finishReason).toBe('stop');
    expect(usageSeen).toBe(true);

    const [request] = mock.chatRequests();
    expect(request?.body.model).toBe('mock-large');
    expect(request?.body.messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Say hello' },
    ]);
  });

  it('streams tool calls whose arguments assemble into valid JSON', async () => {
    mock.enqueue({
      toolCalls: [
        { name: 'read_tab', arguments: { tabId: 7 } },
        { name: 'agentic_fetch', arguments: { prompt: 'Find the release date of Foo 2.0' } },
      ],
    });
    const runner = client.chat.completions.stream({
      model: 'mock-large',
      messages: [{ role: 'user', content: 'Read the tab' }],
      tools: [
        {
          type: 'function',
          function: { name: 'read_tab', parameters: { type: 'object', properties: {} } },
        },
        {
          type: 'function',
          function: { name: 'agentic_fetch', parameters: { type: 'object', properties: {} } },
        },
      ],
    });
    const completion = await runner.finalChatCompletion();
    const choice = completion.choices[0];
    expect(choice?.finish_reason).toBe('tool_calls');
    const calls = (choice?.message.tool_calls ?? []).map((call) =>
      call.type === 'function' ? [call.function.name, JSON.parse(call.function.arguments)] : [],
    );
    expect(calls).toEqual([
      ['read_tab', { tabId: 7 }],
      ['agentic_fetch', { prompt: 'Find the release date of Foo 2.0' }],
    ]);
    expect(choice?.message.tool_calls?.[0]?.id).toMatch(/^call_/);
  });

  it('answers 429 with Retry-After, then the next entry', async () => {
    mock.enqueue({ status: 429, headers: { 'retry-after': '1' } }, { text: 'after the wait' });
    const error = await client.chat.completions
      .create({ model: 'mock-large', messages: [{ role: 'user', content: 'hi' }] })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenAI.RateLimitError);
    expect((error as InstanceType<typeof OpenAI.APIError>).headers?.get('retry-after')).toBe('1');

    const completion = await client.chat.completions.create({
      model: 'mock-large',
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(completion.choices[0]?.message.content).toBe('after the wait');
    expect(mock.chatRequests()).toHaveLength(2);
  });

  it('decides a function entry from the request it answers, and answers 500 if it throws', async () => {
    mock.enqueue(
      (body) => {
        const last = body.messages.at(-1);
        const name = /file "([^"]+)"/.exec(String(last?.content))?.[1];
        if (!name) throw new Error('no file name in the last message');
        return { toolCalls: [{ name: 'view', arguments: { file: name } }] };
      },
      () => {
        throw new Error('nothing to say');
      },
      { text: 'after the failure' },
    );
    const first = await client.chat.completions.create({
      model: 'mock-small',
      messages: [{ role: 'user', content: 'It was saved as the page file "a.test-big.md".' }],
    });
    expect(first.choices[0]?.message.tool_calls?.[0]).toMatchObject({
      function: { name: 'view', arguments: '{"file":"a.test-big.md"}' },
    });
    const error = await client.chat.completions
      .create({ model: 'mock-small', messages: [{ role: 'user', content: 'hi' }] })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenAI.InternalServerError);
    expect((error as Error).message).toContain('nothing to say');
    const third = await client.chat.completions.create({
      model: 'mock-small',
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(third.choices[0]?.message.content).toBe('after the failure');
  });

  it('answers 401 as an authentication error', async () => {
    mock.enqueue({ status: 401 });
    const error = await client.chat.completions
      .create({ model: 'mock-large', stream: true, messages: [{ role: 'user', content: 'hi' }] })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenAI.AuthenticationError);
  });

  it('cuts the stream mid-way after the scripted text', async () => {
    mock.enqueue({ cutAfterText: 'partial answer' });
    const stream = await client.chat.completions.create({
      model: 'mock-large',
      stream: true,
      messages: [{ role: 'user', content: 'hi' }],
    });
    let text = '';
    const error = await (async () => {
      for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
    })().catch((caught: unknown) => caught);
    expect(text).toBe('partial answer');
    expect(error).toBeInstanceOf(Error);
    expect(mock.chatRequests()[0]?.closedByClient).toBeUndefined();
  });

  it('keeps a hanging stream open until the client aborts', async () => {
    mock.enqueue({ hangAfterText: 'thinking about it' });
    const controller = new AbortController();
    const stream = await client.chat.completions.create(
      { model: 'mock-large', stream: true, messages: [{ role: 'user', content: 'hi' }] },
      { signal: controller.signal },
    );
    let text = '';
    let textCompleteAt = 0;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      if (text === 'thinking about it' && !textCompleteAt) {
        textCompleteAt = Date.now();
        setTimeout(() => controller.abort(), 150);
      }
    }
    // The SDK ends the iteration quietly on abort; what matters is that nothing ended it sooner.
    expect(text).toBe('thinking about it');
    expect(Date.now() - textCompleteAt).toBeGreaterThanOrEqual(140);
    expect(controller.signal.aborted).toBe(true);
    await expect.poll(() => mock.chatRequests()[0]?.closedByClient, { timeout: 1_000 }).toBe(true);
  });

  it('keeps a from-start pace when its process is busy, where a wait after each piece falls behind', async () => {
    // The bench's mock shares the machine with the browser it measures: a pace kept from the
    // start does not count the reader's load as the model's slowness.
    const streamedIn = async (pace: 'from-start' | 'after-each') => {
      const sent: number[] = [];
      const paced = await startMockLlm({ onStreamed: (ms) => sent.push(ms) });
      try {
        paced.enqueue({ text: 'x'.repeat(10), chunkSize: 1, delayMs: 30, pace });
        const response = await fetch(`${paced.url}/chat/completions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ model: 'mock-large', stream: true, messages: [] }),
        });
        const reader = response.body!.getReader();
        await reader.read();
        // The first piece is here: the process is busy for 300 ms, timers and all.
        const busyUntil = Date.now() + 300;
        while (Date.now() < busyUntil);
        while (!(await reader.read()).done);
        await expect.poll(() => sent.length).toBe(1);
        return sent[0]!;
      } finally {
        await paced.close();
      }
    };
    // Ten pieces 30 ms apart: 300 ms on the model's clock, about what the busy spell lasts;
    // waiting after each piece, the nine waits left come after it (at least 570 ms in all).
    expect(await streamedIn('after-each')).toBeGreaterThanOrEqual(540);
    expect(await streamedIn('from-start')).toBeLessThan(450);
  });

  it('answers CORS preflights for the SDK headers', async () => {
    const response = await fetch(`${mock.url}/chat/completions`, {
      method: 'OPTIONS',
      headers: {
        origin: 'chrome-extension://abc',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type,x-stainless-os',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
    expect(response.headers.get('access-control-allow-headers')).toMatch(/x-stainless-os/);
  });

  it('falls back to the default text and waits for requests', async () => {
    const waiting = mock.waitForRequests(1);
    await client.chat.completions.create({
      model: 'mock-small',
      messages: [{ role: 'user', content: 'hi' }],
    });
    await expect(waiting).resolves.toHaveLength(1);
    await expect(mock.waitForRequests(2, { timeoutMs: 50 })).rejects.toThrow(/expected 2/);
  });
});
