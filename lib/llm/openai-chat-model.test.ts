import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startRedirectServers } from '../../testing/redirect-servers';
import { DEFAULT_SETTINGS } from '../settings/schema';
import { createChatModel } from './openai-chat-model';
import type { Sleep } from './retry-policy';
import type { ChatRequest, ToolSpec } from './types';

/**
 * A scripted OpenAI-compatible server on 127.0.0.1 (made by hand for these tests). Each request
 * is recorded and answered by the next handler in the script.
 */
interface Recorded {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}
type Handler = (response: ServerResponse, request: Recorded) => void | Promise<void>;

const servers: { close: () => void }[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

async function startServer(...script: Handler[]) {
  const requests: Recorded[] = [];
  const server = createServer(async (incoming, response) => {
    let raw = '';
    for await (const part of incoming) raw += part;
    const recorded: Recorded = {
      method: incoming.method ?? '',
      url: incoming.url ?? '',
      headers: incoming.headers,
      body: raw ? JSON.parse(raw) : {},
    };
    requests.push(recorded);
    const handler = script[requests.length - 1];
    if (!handler) {
      response.writeHead(500).end('no more scripted answers');
      return;
    }
    await handler(response, recorded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push({ close: () => server.close() });
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}/v1`, requests };
}

/** An OpenAI streaming chunk with one choice. */
function chunk(delta: Record<string, unknown>, finishReason: string | null = null) {
  return {
    id: 'chatcmpl-1',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'test-model',
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  };
}

function sse(data: unknown): string {
  return `data: ${JSON.stringify(data)}\n\n`;
}

/** Answers with the chunks as an event stream, then [DONE]. */
function streams(...chunks: unknown[]): Handler {
  return (response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    for (const data of chunks) response.write(sse(data));
    response.end('data: [DONE]\n\n');
  };
}

function answers(status: number, body: unknown, headers: Record<string, string> = {}): Handler {
  return (response) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  };
}

const KEY = 'sk-test-abcdef0123456789';
const fetchTool: ToolSpec = {
  name: 'fetch',
  description: 'Fetch one URL.',
  parameters: { type: 'object', properties: { url: { type: 'string' } }, required: ['url'] },
};

function request(overrides: Partial<ChatRequest> = {}): ChatRequest {
  return {
    model: 'test-model',
    messages: [{ role: 'user', content: 'Hi' }],
    tools: [],
    signal: new AbortController().signal,
    ...overrides,
  };
}

/** A fetch that records every URL it is asked for, then really fetches. */
function recordingFetch() {
  const urls: string[] = [];
  const wrapped: typeof fetch = (input, init) => {
    urls.push(input instanceof Request ? input.url : String(input));
    return fetch(input, init);
  };
  return { urls, fetch: wrapped };
}

function modelFor(baseUrl: string, apiKey = KEY, extra: { sleep?: Sleep } = {}) {
  return createChatModel({ ...DEFAULT_SETTINGS, provider: 'custom', baseUrl, apiKey }, extra);
}

describe('createChatModel', () => {
  it('streams text, reporting the text so far as it arrives, and returns usage', async () => {
    const pieces = [
      chunk({ role: 'assistant', content: 'Hel' }),
      chunk({ content: 'lo, ' }),
      chunk({ content: 'world' }, 'stop'),
    ];
    const seen: string[] = [];
    let shown: () => void = () => {};
    const { baseUrl } = await startServer(async (response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      // Each piece goes out only once the one before is on screen: one read each.
      for (const piece of pieces) {
        const onScreen = new Promise<void>((resolve) => {
          shown = resolve;
        });
        response.write(sse(piece));
        await onScreen;
      }
      response.write(
        sse({
          ...chunk({}),
          choices: [],
          usage: { prompt_tokens: 12, completion_tokens: 3, total_tokens: 15 },
        }),
      );
      response.end('data: [DONE]\n\n');
    });

    const response = await modelFor(baseUrl).complete(
      request({
        onText: (text) => {
          seen.push(text);
          shown();
        },
      }),
    );

    expect(seen).toEqual(['Hel', 'Hello, ', 'Hello, world']);
    expect(response).toEqual({
      content: 'Hello, world',
      toolCalls: [],
      finishReason: 'stop',
      usage: { promptTokens: 12, completionTokens: 3 },
      attempts: 1,
    });
  });

  it('tells the answer so far once for chunks that arrive together', async () => {
    const { baseUrl } = await startServer(
      streams(
        chunk({ content: 'One, ' }),
        chunk({ content: 'two, ' }),
        chunk({ content: 'three' }),
      ),
    );
    const seen: string[] = [];

    await modelFor(baseUrl).complete(request({ onText: (text) => seen.push(text) }));

    expect(seen).toEqual(['One, two, three']);
  });

  it('ends the answer at [DONE] even when the server keeps the stream open', async () => {
    const { baseUrl } = await startServer((response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(sse(chunk({ content: 'Done here' }, 'stop')));
      response.write('data: [DONE]\n\n: keep-alive\n\n');
      // Never ends, as some proxies do.
    });

    const answer = await modelFor(baseUrl).complete(request());

    expect(answer).toMatchObject({ content: 'Done here', finishReason: 'stop' });
  });

  it('takes a chunk that carries "error": null as a chunk, not an error', async () => {
    const { baseUrl } = await startServer(
      streams({ ...chunk({ content: 'Fine' }, 'stop'), error: null }, 42),
    );

    const answer = await modelFor(baseUrl).complete(request());

    expect(answer).toMatchObject({ content: 'Fine', finishReason: 'stop' });
  });

  it('reads an event stream with CRLF line ends, comments and keep-alive events', async () => {
    const { baseUrl } = await startServer((response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      const first = JSON.stringify(chunk({ content: 'Line ends ' }));
      const second = JSON.stringify(chunk({ content: 'vary' }, 'stop'));
      response.end(
        `: opened\r\nevent: ping\r\n\r\ndata: ${first}\r\n\r\ndata:${second}\r\rdata: [DONE]`,
      );
    });

    const answer = await modelFor(baseUrl).complete(request());

    expect(answer).toMatchObject({ content: 'Line ends vary', finishReason: 'stop' });
  });

  it('says the request has left once the server answers its head, before any text', async () => {
    const { baseUrl } = await startServer(streams(chunk({ content: 'Hi' }, 'stop')));
    const events: string[] = [];

    await modelFor(baseUrl).complete(
      request({
        onResponse: () => events.push('answered'),
        onText: (text) => events.push(text),
      }),
    );

    expect(events).toEqual(['answered', 'Hi']);
  });

  it('assembles a tool call split across chunks', async () => {
    const { baseUrl } = await startServer(
      streams(
        chunk({
          role: 'assistant',
          tool_calls: [
            {
              index: 0,
              id: 'call_1',
              type: 'function',
              function: { name: 'fetch', arguments: '' },
            },
          ],
        }),
        chunk({ tool_calls: [{ index: 0, function: { arguments: '{"url":"https://exa' } }] }),
        chunk({ tool_calls: [{ index: 0, function: { arguments: 'mple.com"}' } }] }),
        chunk({}, 'tool_calls'),
      ),
    );

    const response = await modelFor(baseUrl).complete(request({ tools: [fetchTool] }));

    expect(response.toolCalls).toEqual([
      { id: 'call_1', name: 'fetch', arguments: '{"url":"https://example.com"}' },
    ]);
    expect(response.finishReason).toBe('tool_calls');
    expect(response.content).toBe('');
  });

  it('sends the model, the converted messages and the tools, with the key only to that server', async () => {
    const { baseUrl, requests } = await startServer(streams(chunk({ content: 'ok' }, 'stop')));
    const recorder = recordingFetch();
    const model = createChatModel(
      { ...DEFAULT_SETTINGS, provider: 'custom', baseUrl, apiKey: KEY },
      { fetch: recorder.fetch },
    );

    await model.complete(
      request({
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'Read https://example.com' },
          {
            role: 'assistant',
            content: '',
            toolCalls: [
              { id: 'call_1', name: 'fetch', arguments: '{"url":"https://example.com"}' },
            ],
          },
          { role: 'tool', content: 'Example Domain', toolCallId: 'call_1' },
        ],
        tools: [fetchTool],
      }),
    );

    expect(recorder.urls).toEqual([`${baseUrl}/chat/completions`]);
    const [sent] = requests;
    expect(sent?.method).toBe('POST');
    expect(sent?.headers.authorization).toBe(`Bearer ${KEY}`);
    // The key travels in the Authorization header only.
    const otherHeaders = Object.entries(sent?.headers ?? {}).filter(
      ([name]) => name !== 'authorization',
    );
    expect(JSON.stringify(otherHeaders)).not.toContain(KEY);
    expect(sent?.url).not.toContain(KEY);
    // No cookies or other credentials are attached.
    expect(sent?.headers.cookie).toBeUndefined();
    expect(sent?.body).toEqual({
      model: 'test-model',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Read https://example.com' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: 'call_1',
              type: 'function',
              function: { name: 'fetch', arguments: '{"url":"https://example.com"}' },
            },
          ],
        },
        { role: 'tool', content: 'Example Domain', tool_call_id: 'call_1' },
      ],
      tools: [
        {
          type: 'function',
          function: {
            name: 'fetch',
            description: 'Fetch one URL.',
            parameters: fetchTool.parameters,
          },
        },
      ],
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it('sends no Authorization header and no tools field when there is no key and no tool', async () => {
    const { baseUrl, requests } = await startServer(streams(chunk({ content: 'ok' }, 'stop')));

    await modelFor(baseUrl, '').complete(request());

    expect(requests[0]?.headers.authorization).toBeUndefined();
    expect(requests[0]?.body).not.toHaveProperty('tools');
  });

  it('sends "{}" for a malformed tool call in the history, so the server does not refuse it', async () => {
    const { baseUrl, requests } = await startServer(streams(chunk({ content: 'ok' }, 'stop')));

    await modelFor(baseUrl).complete(
      request({
        messages: [
          { role: 'user', content: 'Go' },
          {
            role: 'assistant',
            content: '',
            toolCalls: [{ id: 'call_1', name: 'fetch', arguments: '{"url": "https://a' }],
          },
          {
            role: 'tool',
            content: 'Error: the arguments were not valid JSON',
            toolCallId: 'call_1',
          },
        ],
      }),
    );

    const messages = requests[0]?.body.messages as { tool_calls?: { function: unknown }[] }[];
    expect(messages[1]?.tool_calls?.[0]?.function).toEqual({ name: 'fetch', arguments: '{}' });
  });

  it('retries a 429 after the backoff and reports two attempts', async () => {
    const { baseUrl, requests } = await startServer(
      answers(429, { error: { message: 'Rate limit reached', type: 'requests' } }),
      streams(chunk({ content: 'Hello' }, 'stop')),
    );
    const delays: number[] = [];
    const sleep: Sleep = async (ms) => {
      delays.push(ms);
    };

    const response = await modelFor(baseUrl, KEY, { sleep }).complete(request());

    expect(response.content).toBe('Hello');
    expect(response.attempts).toBe(2);
    expect(delays).toEqual([1000]);
    expect(requests).toHaveLength(2);
  });

  it('explains a rejected key on 401 and does not retry', async () => {
    const { baseUrl, requests } = await startServer(
      answers(401, { error: { message: `Incorrect API key provided: ${KEY}` } }),
    );

    const error = await modelFor(baseUrl)
      .complete(request())
      .catch((caught: unknown) => caught);

    expect(error).toMatchObject({ kind: 'auth', details: { status: 401 } });
    expect((error as Error).message).toBe(
      'The provider rejected the API key (HTTP 401). Check the API key in Settings.',
    );
    expect(requests).toHaveLength(1);
  });

  it('keeps the text that arrived when the stream is cut mid-way, without retrying', async () => {
    let textShown: () => void = () => {};
    const shown = new Promise<void>((resolve) => {
      textShown = resolve;
    });
    const { baseUrl, requests } = await startServer(async (response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(sse(chunk({ content: 'Hello, ' })));
      response.write(sse(chunk({ content: 'wor' })));
      await shown;
      response.socket?.destroy();
    });

    const error = await modelFor(baseUrl)
      .complete(
        request({
          onText: (text) => {
            if (text === 'Hello, wor') textShown();
          },
        }),
      )
      .catch((caught: unknown) => caught);

    expect(error).toMatchObject({ kind: 'stream-cut', details: { partialText: 'Hello, wor' } });
    expect((error as Error).message).toBe(
      `The answer broke off: The connection to ${baseUrl} was lost. What arrived stays on screen until Resume asks again and replaces it.`,
    );
    expect(requests).toHaveLength(1);
  });

  it('says why when the server sends an error inside the stream after some text', async () => {
    const { baseUrl } = await startServer(
      streams(chunk({ content: 'The answer is' }), { error: { message: 'model runner crashed' } }),
    );

    const error = await modelFor(baseUrl)
      .complete(request())
      .catch((caught: unknown) => caught);

    expect(error).toMatchObject({ kind: 'stream-cut', details: { partialText: 'The answer is' } });
    expect((error as Error).message).toBe(
      'The answer broke off: The provider reported an error: model runner crashed. What arrived stays on screen until Resume asks again and replaces it.',
    );
  });

  it('stops with the partial text when aborted mid-stream', async () => {
    const controller = new AbortController();
    const { baseUrl } = await startServer((response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(sse(chunk({ content: 'Partial' })));
      // Never ends: only the abort can finish this request.
    });

    const error = await modelFor(baseUrl)
      .complete(request({ signal: controller.signal, onText: () => controller.abort() }))
      .catch((caught: unknown) => caught);

    expect(error).toMatchObject({ kind: 'aborted', details: { partialText: 'Partial' } });
  });

  it('asks again without stream_options when the server refuses them, and keeps them off', async () => {
    const { baseUrl, requests } = await startServer(
      answers(400, {
        error: { message: 'Unrecognized request argument supplied: stream_options' },
      }),
      streams(chunk({ content: 'first' }, 'stop')),
      streams(chunk({ content: 'second' }, 'stop')),
    );
    const model = modelFor(baseUrl);

    expect((await model.complete(request())).content).toBe('first');
    expect((await model.complete(request())).content).toBe('second');

    expect(requests.map((sent) => 'stream_options' in sent.body)).toEqual([true, false, false]);
  });

  it('says an HTML page is not an OpenAI-compatible API', async () => {
    const { baseUrl } = await startServer((response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<!doctype html><html><body>Router login</body></html>');
    });

    const error = await modelFor(baseUrl)
      .complete(request())
      .catch((caught: unknown) => caught);

    expect(error).toMatchObject({ kind: 'bad-response' });
    expect((error as Error).message).toContain('not like an OpenAI-compatible API');
    expect((error as Error).message).not.toContain('Router login');
  });

  it('takes a server that ignores stream: true and answers with one JSON completion', async () => {
    const { baseUrl } = await startServer(
      answers(200, {
        id: 'chatcmpl-1',
        object: 'chat.completion',
        choices: [
          {
            index: 0,
            message: {
              role: 'assistant',
              content: null,
              tool_calls: [
                { id: 'c1', type: 'function', function: { name: 'list_tabs', arguments: '{}' } },
              ],
            },
            finish_reason: 'tool_calls',
          },
        ],
        usage: { prompt_tokens: 5, completion_tokens: 2 },
      }),
    );

    const response = await modelFor(baseUrl).complete(request({ tools: [fetchTool] }));

    expect(response).toEqual({
      content: '',
      toolCalls: [{ id: 'c1', name: 'list_tabs', arguments: '{}' }],
      finishReason: 'tool_calls',
      usage: { promptTokens: 5, completionTokens: 2 },
      attempts: 1,
    });
  });

  it('says the server is unreachable when nothing listens', async () => {
    const { baseUrl } = await startServer();
    for (const server of servers.splice(0)) server.close();

    const error = await modelFor(baseUrl)
      .complete(request())
      .catch((caught: unknown) => caught);

    expect(error).toMatchObject({ kind: 'unreachable' });
    expect((error as Error).message).toContain(`Could not reach ${baseUrl}.`);
  });

  it('never follows a 307: the conversation does not reach the other host, and the user is told', async () => {
    const redirect = await startRedirectServers(307);
    servers.push({ close: () => void redirect.close() });

    const error = await modelFor(redirect.redirectorUrl)
      .complete(request({ messages: [{ role: 'user', content: 'my private prompt' }] }))
      .catch((caught: unknown) => caught);

    expect(error).toMatchObject({
      kind: 'redirected',
      message:
        `The endpoint at ${redirect.redirectorUrl} redirected to ` +
        `${redirect.elsewhereOrigin}/v1/chat/completions; check the Base URL. Gleaner does not ` +
        'follow redirects for model requests, so nothing was sent there.',
    });
    // Not retried, and nothing reached the host it pointed to.
    expect(redirect.redirectorHits).toEqual(['POST /v1/chat/completions']);
    expect(redirect.elsewhereHits).toEqual([]);
  });

  it('refuses to send anything without a base URL', async () => {
    const model = createChatModel({ ...DEFAULT_SETTINGS, baseUrl: '', apiKey: KEY });
    await expect(model.complete(request())).rejects.toMatchObject({
      kind: 'unreachable',
      message: 'No Base URL is set. Enter one in Settings.',
    });
  });
});
