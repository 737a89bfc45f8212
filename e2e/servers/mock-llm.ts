/**
 * A scripted OpenAI-compatible server for browser tests (made by hand).
 *
 * It records every request it receives and answers `POST /v1/chat/completions` from a queue of
 * script entries, so a test says exactly what the "model" does next and then asserts on what the
 * extension sent. Streaming answers use the OpenAI chunk format (SSE, `data: [DONE]` at the end);
 * `stream: false` gets a plain `chat.completion` object. It answers CORS preflights so it works
 * from any extension page even without host permissions.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

interface ToolCallScript {
  name: string;
  /** A JSON string, or an object that is serialised for you. */
  arguments: string | Record<string, unknown>;
  id?: string;
}

/**
 * How a streamed answer keeps its pace. `after-each` waits `delayMs` after sending each piece, so
 * a late timer pushes every later piece back; `from-start` sends piece n at `n × delayMs` after
 * the first, and a late timer sends the pieces that are due at once, as a remote model does: its
 * pace does not depend on how busy the machine that reads it is.
 */
type StreamPace = 'after-each' | 'from-start';

/** What the model does for one chat request. */
export type ScriptEntry =
  /** Stream `text` in pieces of `chunkSize` characters, `delayMs` apart. */
  | { text: string; chunkSize?: number; delayMs?: number; pace?: StreamPace }
  /** Stream tool calls (name, then arguments split over several deltas), finish_reason `tool_calls`. */
  | { toolCalls: ToolCallScript[]; text?: string; delayMs?: number }
  /** Answer with an HTTP error (`body` defaults to an OpenAI-style error object). */
  | { status: number; headers?: Record<string, string>; body?: unknown }
  /** Stream some text, then keep the connection open without another byte (for Stop / worker kill). */
  | { hangAfterText: string; chunkSize?: number; delayMs?: number }
  /** Stream some text, then destroy the socket mid-stream (no final chunk, no [DONE]). */
  | { cutAfterText: string; chunkSize?: number; delayMs?: number };

/**
 * A script entry decided when its request arrives: it gets the request's body (to answer from what
 * the extension just sent, like the name of a page file a tool result gave) and returns the entry.
 * If it throws, the request is answered with HTTP 500 and the error's message.
 */
type ScriptFunction = (body: ChatCompletionBody) => ScriptEntry;

export interface RecordedRequest {
  method: string;
  /** Path without the query string, e.g. `/v1/chat/completions`. */
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The parsed JSON body, or undefined when there was none (or it was not JSON). */
  body: unknown;
  rawBody: string;
  /** When the request's head arrived (wall clock, ms): its first bytes at the model. */
  firstByteAt: number;
  /** When its whole body had arrived (wall clock, ms). */
  at: number;
  /** Set when the client closed the connection before the answer ended (Stop, a dying worker). */
  closedByClient?: boolean;
}

/** The part of a chat completion request the tests look at. */
export interface ChatCompletionBody {
  model: string;
  stream?: boolean;
  messages: Array<{
    role: string;
    content: unknown;
    tool_calls?: unknown[];
    tool_call_id?: string;
  }>;
  tools?: Array<{ type: string; function: { name: string } }>;
  [key: string]: unknown;
}

export interface MockLlmOptions {
  /** Model ids listed by `GET /v1/models`. */
  models?: string[];
  /** The answer given when the script queue is empty. */
  defaultText?: string;
  /** Default streaming pace. */
  chunkSize?: number;
  delayMs?: number;
  /** A fixed port (e.g. 1234, where LM Studio listens); any free port when omitted. */
  port?: number;
  /** Called with each request once its body has arrived, before it is answered. */
  onRequest?: (request: RecordedRequest) => void;
  /** Called when a streamed answer has been sent whole, with the milliseconds it took to send. */
  onStreamed?: (ms: number) => void;
}

export interface MockLlm {
  /** Base URL for an OpenAI client, e.g. `http://127.0.0.1:PORT/v1`. */
  url: string;
  port: number;
  /** Every request in arrival order, preflights included. */
  requests: RecordedRequest[];
  /** Model ids for `GET /v1/models`; assign to change them. */
  models: string[];
  defaultText: string;
  /** Only the `POST /v1/chat/completions` requests, with typed bodies. */
  chatRequests(): Array<RecordedRequest & { body: ChatCompletionBody }>;
  enqueue(...entries: Array<ScriptEntry | ScriptFunction>): void;
  /** Entries not used yet. */
  pending(): number;
  /** Resolves once at least `count` requests matching `filter` (default: chat requests) arrived. */
  waitForRequests(
    count: number,
    options?: { filter?: (request: RecordedRequest) => boolean; timeoutMs?: number },
  ): Promise<RecordedRequest[]>;
  /** Ends every hanging response (the client sees a dropped connection) and stops the server. */
  close(): Promise<void>;
}

const CORS_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  // `*` is not honoured for Authorization by every browser, so name the headers the SDK sends too.
  'access-control-allow-headers':
    '*, Authorization, Content-Type, Accept, OpenAI-Organization, OpenAI-Project, ' +
    'x-stainless-arch, x-stainless-lang, x-stainless-os, x-stainless-package-version, ' +
    'x-stainless-retry-count, x-stainless-runtime, x-stainless-runtime-version, ' +
    'x-stainless-timeout, x-stainless-helper-method, x-stainless-poll-helper',
  'access-control-expose-headers': '*, retry-after',
  'access-control-max-age': '600',
};

const isChatRequest = (request: RecordedRequest): boolean =>
  request.method === 'POST' && request.path.endsWith('/chat/completions');

export async function startMockLlm(options: MockLlmOptions = {}): Promise<MockLlm> {
  const requests: RecordedRequest[] = [];
  const queue: Array<ScriptEntry | ScriptFunction> = [];
  const sockets = new Set<Socket>();
  const hanging = new Set<ServerResponse>();
  const waiters = new Set<() => void>();
  let completionCounter = 0;
  let closing = false;
  /** Responses the mock itself cut, which the client did not close. */
  const cut = new WeakSet<ServerResponse>();

  const notify = () => {
    for (const waiter of [...waiters]) waiter();
  };

  const server: Server = createServer((request, response) => {
    void handle(request, response).catch((error: unknown) => {
      console.error('mock-llm: handler failed', error);
      if (!response.headersSent) sendJson(response, 500, { error: { message: String(error) } });
      else response.destroy();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const firstByteAt = Date.now();
    const rawBody = await readBody(request);
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    let body: unknown;
    if (rawBody) {
      try {
        body = JSON.parse(rawBody);
      } catch {
        body = undefined;
      }
    }
    const record: RecordedRequest = {
      method: request.method ?? 'GET',
      path,
      headers: { ...request.headers },
      body,
      rawBody,
      firstByteAt,
      at: Date.now(),
    };
    requests.push(record);
    options.onRequest?.(record);
    notify();
    response.on('close', () => {
      if (!response.writableFinished && !closing && !cut.has(response)) {
        record.closedByClient = true;
        notify();
      }
    });

    if (request.method === 'OPTIONS') {
      response.writeHead(204, CORS_HEADERS);
      response.end();
      return;
    }
    if (request.method === 'GET' && path.endsWith('/models')) {
      sendJson(response, 200, {
        object: 'list',
        data: mock.models.map((id) => ({
          id,
          object: 'model',
          created: 1_700_000_000,
          owned_by: 'mock',
        })),
      });
      return;
    }
    if (request.method === 'POST' && path.endsWith('/chat/completions')) {
      const next = queue.shift() ?? { text: mock.defaultText };
      const chat = (body ?? {}) as Partial<ChatCompletionBody>;
      let entry: ScriptEntry;
      try {
        entry = typeof next === 'function' ? next(chat as ChatCompletionBody) : next;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        console.error('mock-llm: a script function failed:', message);
        sendJson(response, 500, { error: { message: `mock-llm script: ${message}` } });
        return;
      }
      await answerChat(response, entry, chat);
      return;
    }
    sendJson(response, 404, {
      error: { message: `mock-llm: no route for ${request.method} ${path}`, type: 'not_found' },
    });
  }

  async function answerChat(
    response: ServerResponse,
    entry: ScriptEntry,
    chat: Partial<ChatCompletionBody>,
  ): Promise<void> {
    if ('status' in entry) {
      sendJson(
        response,
        entry.status,
        entry.body ?? {
          error: {
            message: statusMessage(entry.status),
            type: entry.status === 401 ? 'invalid_request_error' : 'api_error',
            code: entry.status === 401 ? 'invalid_api_key' : null,
          },
        },
        entry.headers,
      );
      return;
    }

    completionCounter += 1;
    const id = `chatcmpl-mock-${completionCounter}`;
    const model = typeof chat.model === 'string' ? chat.model : 'mock-large';
    const created = Math.floor(Date.now() / 1000);
    const chunkSize = ('chunkSize' in entry && entry.chunkSize) || options.chunkSize || 8;
    const delayMs = ('delayMs' in entry ? entry.delayMs : undefined) ?? options.delayMs ?? 15;

    if (chat.stream !== true) {
      // Non-streaming callers (a compression call, say) get the whole answer at once.
      const text =
        'text' in entry && entry.text !== undefined
          ? entry.text
          : 'hangAfterText' in entry
            ? entry.hangAfterText
            : 'cutAfterText' in entry
              ? entry.cutAfterText
              : '';
      const toolCalls = 'toolCalls' in entry ? entry.toolCalls : [];
      sendJson(response, 200, {
        id,
        object: 'chat.completion',
        created,
        model,
        choices: [
          {
            index: 0,
            message: {
              role: 'assistant',
              content: toolCalls.length && !text ? null : text,
              ...(toolCalls.length
                ? {
                    tool_calls: toolCalls.map((call, index) => ({
                      id: call.id ?? `call_mock_${completionCounter}_${index}`,
                      type: 'function',
                      function: { name: call.name, arguments: argumentsText(call) },
                    })),
                  }
                : {}),
            },
            finish_reason: toolCalls.length ? 'tool_calls' : 'stop',
          },
        ],
        usage: usageFor(chat, text),
      });
      return;
    }

    response.writeHead(200, {
      ...CORS_HEADERS,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    response.flushHeaders();
    const streamStart = performance.now();
    let aborted = false;
    response.on('close', () => {
      aborted = true;
      hanging.delete(response);
    });

    const send = (choices: unknown[], extra: Record<string, unknown> = {}) => {
      if (aborted) return;
      response.write(
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices, ...extra })}\n\n`,
      );
    };
    const delta = (value: Record<string, unknown>, finishReason: string | null = null) =>
      send([{ index: 0, delta: value, logprobs: null, finish_reason: finishReason }]);
    const fromStart = 'pace' in entry && entry.pace === 'from-start';
    const streamText = async (text: string) => {
      let sent = 0;
      for (const piece of split(text, chunkSize)) {
        if (aborted) return;
        delta({ content: piece });
        sent += 1;
        if (!fromStart) await sleep(delayMs);
        else {
          const wait = streamStart + sent * delayMs - performance.now();
          if (wait > 0) await sleep(wait);
        }
      }
    };

    delta({ role: 'assistant', content: '' });

    if ('hangAfterText' in entry) {
      await streamText(entry.hangAfterText);
      // Keep the response open until the client goes away or the server closes.
      if (!aborted) hanging.add(response);
      return;
    }
    if ('cutAfterText' in entry) {
      await streamText(entry.cutAfterText);
      await sleep(delayMs);
      cut.add(response);
      response.socket?.destroy();
      return;
    }

    let finishReason = 'stop';
    let text = '';
    if ('toolCalls' in entry) {
      if (entry.text) {
        text = entry.text;
        await streamText(entry.text);
      }
      entry.toolCalls.forEach((call, index) => {
        const callId = call.id ?? `call_mock_${completionCounter}_${index}`;
        const args = argumentsText(call);
        // The first delta names the call; the arguments follow in pieces, as OpenAI sends them.
        delta({
          tool_calls: [
            { index, id: callId, type: 'function', function: { name: call.name, arguments: '' } },
          ],
        });
        for (const piece of split(args, Math.max(1, Math.ceil(args.length / 3)))) {
          delta({ tool_calls: [{ index, function: { arguments: piece } }] });
        }
      });
      await sleep(delayMs);
      finishReason = 'tool_calls';
    } else {
      text = entry.text;
      await streamText(entry.text);
    }
    if (aborted) return;
    delta({}, finishReason);
    send([], { usage: usageFor(chat, text) });
    response.write('data: [DONE]\n\n');
    response.end();
    options.onStreamed?.(performance.now() - streamStart);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  const mock: MockLlm = {
    url: `http://127.0.0.1:${port}/v1`,
    port,
    requests,
    models: options.models ?? ['mock-large', 'mock-small'],
    defaultText: options.defaultText ?? 'This is the mock model answering.',
    chatRequests: () =>
      requests.filter(isChatRequest) as Array<RecordedRequest & { body: ChatCompletionBody }>,
    enqueue: (...entries) => {
      queue.push(...entries);
    },
    pending: () => queue.length,
    waitForRequests: (count, { filter = isChatRequest, timeoutMs = 10_000 } = {}) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const matching = requests.filter(filter);
          if (matching.length >= count) {
            cleanup();
            resolve(matching);
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(
            new Error(
              `mock-llm: expected ${count} matching request(s) within ${timeoutMs} ms, got ` +
                `${requests.filter(filter).length}. Seen: ${listRequests(requests)}`,
            ),
          );
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      }),
    close: async () => {
      closing = true;
      for (const response of hanging) response.destroy();
      hanging.clear();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return mock;
}

function listRequests(requests: RecordedRequest[]): string {
  if (!requests.length) return '(none)';
  return requests.map((request) => `${request.method} ${request.path}`).join(', ');
}

function argumentsText(call: ToolCallScript): string {
  return typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments);
}

function usageFor(chat: Partial<ChatCompletionBody>, text: string) {
  const promptTokens = Math.ceil(JSON.stringify(chat.messages ?? []).length / 4);
  const completionTokens = Math.ceil(text.length / 4);
  return {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
  };
}

function statusMessage(status: number): string {
  if (status === 401) return 'Incorrect API key provided.';
  if (status === 404) return 'The model does not exist.';
  if (status === 429) return 'Rate limit reached. Please try again later.';
  return `Mock error ${status}.`;
}

function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, {
    ...CORS_HEADERS,
    'content-type': 'application/json',
    ...headers,
  });
  response.end(JSON.stringify(body));
}

function split(text: string, size: number): string[] {
  const pieces: string[] = [];
  // Split by code points so a chunk never ends inside a surrogate pair.
  const characters = Array.from(text);
  for (let index = 0; index < characters.length; index += size) {
    pieces.push(characters.slice(index, index + size).join(''));
  }
  return pieces;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The text of a chat message's content, whether a string or an array of content parts. */
export function messageText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((part) => (part && typeof part === 'object' && 'text' in part ? String(part.text) : ''))
      .join('');
  }
  return '';
}

/** Messages of `role` in a recorded chat request whose text contains `text`. */
export function messagesContaining(
  body: ChatCompletionBody,
  role: string,
  text: string,
): ChatCompletionBody['messages'] {
  return body.messages.filter(
    (message) => message.role === role && messageText(message.content).includes(text),
  );
}
