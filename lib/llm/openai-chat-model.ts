import { APIConnectionError, APIError, OpenAI } from 'openai';
import type {
  ChatCompletionChunk,
  ChatCompletionCreateParamsStreaming,
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from 'openai/resources/chat/completions';
import type { Settings } from '../settings/schema';
import { classifyError, type ErrorContext, explain, redactSecret } from './classify-error';
import { LlmError } from './errors';
import { readEventStream, type ServerSentEvent } from './event-stream';
import { fetchWithoutRedirects } from './no-redirect-fetch';
import { abortedError, type RetryEvent, type Sleep, withRetry } from './retry-policy';
import { assembleToolCalls, ToolCallAssembler, type ToolCallDelta } from './tool-call-assembly';
import type { ChatMessage, ChatModel, ChatRequest, ChatResponse, ToolSpec } from './types';
import { parseUsage } from './usage';

export type ChatModelSettings = Pick<Settings, 'baseUrl' | 'apiKey' | 'provider'>;

export interface ChatModelOptions {
  /** Replaces the global fetch (tests record what crosses the wire with it). */
  fetch?: typeof fetch;
  /** Replaces the backoff wait (tests run without waiting). */
  sleep?: Sleep;
  /** Told before each retry wait, so the UI can say "retrying in 2 s". */
  onRetry?: (event: RetryEvent) => void;
}

type Answer = Omit<ChatResponse, 'attempts'>;

/**
 * The SDK refuses to construct without credentials ("Missing credentials"), but local servers
 * (Ollama, LM Studio) need none. With no key we give it this placeholder and then unset the
 * Authorization header with a null default header, which the SDK supports for exactly this case
 * (client.ts validateHeaders), so the placeholder never leaves the extension.
 */
const NO_KEY_PLACEHOLDER = 'no-key-set';

/**
 * The SDK types a message's tool-call arguments as a string but some servers (Ollama) parse them
 * and answer 400 for the whole request when they are not a JSON object. A model's malformed call
 * stays in the history, so without this one bad call would break every later request of the
 * session. The stored record keeps the raw text; only what we send is replaced by "{}" (the tool
 * result already told the model its arguments were malformed).
 */
function sendableArguments(raw: string): string {
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? raw : '{}';
  } catch {
    return '{}';
  }
}

/** Our camelCase message to the API's snake_case shape. */
function toApiMessage(message: ChatMessage): ChatCompletionMessageParam {
  if (message.role === 'system' || message.role === 'user') {
    return { role: message.role, content: message.content };
  }
  if (message.role === 'tool') {
    return { role: 'tool', content: message.content, tool_call_id: message.toolCallId };
  }
  const calls = message.toolCalls ?? [];
  if (calls.length === 0) return { role: 'assistant', content: message.content };
  return {
    role: 'assistant',
    // null, not "", is how the API writes a turn that only calls tools.
    content: message.content === '' ? null : message.content,
    tool_calls: calls.map((call) => ({
      id: call.id,
      type: 'function',
      function: { name: call.name, arguments: sendableArguments(call.arguments) },
    })),
  };
}

function toApiTools(tools: readonly ToolSpec[]): ChatCompletionTool[] {
  return tools.map((tool) => ({
    type: 'function',
    function: { name: tool.name, description: tool.description, parameters: tool.parameters },
  }));
}

/**
 * Tool-call ids the server left out are made here. They must be unique within a session (a
 * Fetch Analysis session is linked to its parent tool call by id), so `call_<n>` alone is not enough.
 */
function makeCallId(index: number): string {
  return `call_${crypto.randomUUID().slice(0, 8)}_${index}`;
}

/**
 * Some servers ignore `stream: true` and answer with one JSON completion. We take it as it is
 * rather than failing: the answer is complete, it just arrives at once.
 */
function fromCompletion(
  body: unknown,
  context: ErrorContext,
  onText: ChatRequest['onText'],
): Answer {
  const record = (body ?? {}) as Record<string, unknown>;
  if (record.error !== undefined) {
    throw classifyError(
      new APIError(undefined, record.error as object, undefined, undefined),
      context,
    );
  }
  const choice = (Array.isArray(record.choices) ? record.choices[0] : undefined) as
    | { message?: { content?: unknown; tool_calls?: unknown }; finish_reason?: unknown }
    | undefined;
  if (!choice?.message) {
    throw new LlmError(
      'bad-response',
      explain.notOpenAiCompatible(context.baseUrl, 'the reply had no choices'),
    );
  }
  const content = typeof choice.message.content === 'string' ? choice.message.content : '';
  if (content !== '') onText?.(content);
  const calls = Array.isArray(choice.message.tool_calls)
    ? (choice.message.tool_calls as ToolCallDelta[]).map((call, index) => ({ ...call, index }))
    : [];
  return {
    content,
    toolCalls: assembleToolCalls([calls], { makeId: makeCallId }),
    finishReason: typeof choice.finish_reason === 'string' ? choice.finish_reason : null,
    usage: parseUsage(record.usage),
  };
}

/** After text was shown, any failure keeps that text and is not retried. */
function streamCut(error: unknown, partialText: string, context: ErrorContext): LlmError {
  // An error object the server sent inside the stream says why; a dropped connection does not.
  let reason = `The connection to ${context.baseUrl} was lost.`;
  if (error instanceof APIError && !(error instanceof APIConnectionError)) {
    reason = classifyError(error, context).message;
  } else if (error instanceof SyntaxError) {
    reason = 'The server sent an event that was not JSON.';
  }
  const sentence = /[.!?…]$/.test(reason) ? reason : `${reason}.`;
  return new LlmError(
    'stream-cut',
    redactSecret(
      `The answer broke off: ${sentence} What arrived stays on screen until Resume asks again and replaces it.`,
      context.apiKey,
    ),
    { partialText },
  );
}

/**
 * Servers that reject `stream_options` (older vLLM and llama.cpp builds, some proxies) name it in
 * a 400, or answer 422 for an unknown field (FastAPI-style servers, whose body the SDK drops).
 * We then ask once more without it, and keep it off. A 422 for another reason costs one extra
 * request that fails the same way.
 */
function rejectsStreamOptions(error: unknown): boolean {
  if (!(error instanceof APIError)) return false;
  if (error.status === 422) return true;
  return error.status === 400 && /stream_options/i.test(error.message);
}

/**
 * The chat model that talks to any OpenAI-compatible endpoint through the openai SDK, with our
 * retry policy around each request (PRODUCT.md, Reliability).
 */
export function createChatModel(
  settings: ChatModelSettings,
  options: ChatModelOptions = {},
): ChatModel {
  const { baseUrl, apiKey, provider } = settings;
  const hasKey = apiKey.trim() !== '';
  // Asked for until a server refuses it; then left off for the life of this model.
  let includeUsage = true;

  const client =
    baseUrl === ''
      ? undefined
      : new OpenAI({
          baseURL: baseUrl,
          apiKey: hasKey ? apiKey.trim() : NO_KEY_PLACEHOLDER,
          defaultHeaders: hasKey ? undefined : { Authorization: null },
          // Never pick these up from a Node environment (the CLI, tests).
          organization: null,
          project: null,
          adminAPIKey: null,
          // Harmless in the worker, needed in extension pages (ENVIRONMENT.md).
          dangerouslyAllowBrowser: true,
          // Our withRetry retries; the SDK's own retries would stack on top of it.
          maxRetries: 0,
          // A worker fetch to a host in our permissions sends that site's cookies unless told not
          // to (measured, ENVIRONMENT.md); a model provider has no business getting them.
          fetchOptions: { credentials: 'omit' },
          // A redirect would re-send the whole conversation to another host: refuse it instead.
          fetch: fetchWithoutRedirects(options.fetch),
        });

  async function streamOnce(
    openai: OpenAI,
    request: ChatRequest,
    withUsage: boolean,
  ): Promise<Answer> {
    const { signal, onText } = request;
    const context: ErrorContext = { baseUrl, apiKey, provider, model: request.model };
    const params: ChatCompletionCreateParamsStreaming = {
      model: request.model,
      messages: request.messages.map(toApiMessage),
      // Some servers reject an empty tools array: leave the field out instead.
      ...(request.tools.length > 0 ? { tools: toApiTools(request.tools) } : {}),
      stream: true,
      ...(withUsage ? { stream_options: { include_usage: true } } : {}),
    };

    let text = '';
    let started = false;
    let finishReason: string | null = null;
    let usage: ChatResponse['usage'];
    const assembler = new ToolCallAssembler({ makeId: makeCallId });
    try {
      const response = await openai.chat.completions.create(params, { signal }).asResponse();
      request.onResponse?.();
      const contentType = response.headers.get('content-type') ?? '';
      if (/text\/html/i.test(contentType)) {
        await response.body?.cancel().catch(() => {});
        throw new LlmError(
          'bad-response',
          explain.notOpenAiCompatible(baseUrl, 'it sent an HTML page'),
        );
      }
      if (/application\/json/i.test(contentType)) {
        return fromCompletion(await response.json(), context, onText);
      }
      /** The chunks of one read, taken in one go: the answer so far is told once per read. */
      const take = (events: ServerSentEvent[]): boolean => {
        const before = text;
        let done = false;
        for (const { event, data } of events) {
          if (data.startsWith('[DONE]')) {
            done = true;
            break;
          }
          // A keep-alive event may carry no data at all.
          if (data === '') continue;
          const parsed: unknown = JSON.parse(data);
          const piece =
            parsed !== null && typeof parsed === 'object' ? (parsed as ChatCompletionChunk) : null;
          // An error the server sends inside the stream, as the SDK reads one.
          const said = (piece as { error?: unknown } | null)?.error;
          if (event === 'error' || (said !== undefined && said !== null)) {
            throw new APIError(undefined, (said ?? parsed) as object, undefined, response.headers);
          }
          started = true;
          usage = parseUsage(piece?.usage) ?? usage;
          // The usage chunk has no choices; a few servers send chunks without a delta.
          const choice = piece?.choices?.[0];
          if (!choice) continue;
          if (choice.delta?.content) text += choice.delta.content;
          assembler.add(choice.delta?.tool_calls);
          if (choice.finish_reason) finishReason = choice.finish_reason;
        }
        if (text !== before) onText?.(text);
        return done;
      };
      if (response.body) await readEventStream(response.body, take);
    } catch (error) {
      if (signal.aborted) throw abortedError(text);
      if (started) throw streamCut(error, text, context);
      if (withUsage && rejectsStreamOptions(error)) {
        includeUsage = false;
        return streamOnce(openai, request, false);
      }
      throw classifyError(error, context);
    }
    if (signal.aborted) throw abortedError(text);
    if (!started) {
      throw new LlmError(
        'bad-response',
        explain.notOpenAiCompatible(baseUrl, 'the answer stream was empty'),
      );
    }
    return { content: text, toolCalls: assembler.toolCalls(), finishReason, usage };
  }

  return {
    async complete(request) {
      if (!client) {
        throw new LlmError('unreachable', 'No Base URL is set. Enter one in Settings.');
      }
      let attempts = 0;
      const answer = await withRetry(
        async (attempt) => {
          attempts = attempt;
          return streamOnce(client, request, includeUsage);
        },
        {
          signal: request.signal,
          sleep: options.sleep,
          onRetry: (event) => {
            options.onRetry?.(event);
            request.onRetry?.(event);
          },
        },
      );
      return { ...answer, attempts };
    },
  };
}
