import type { ToolCall } from '../lib/db/records';
import { LlmError } from '../lib/llm/errors';
import type { ChatModel, ChatRequest, ChatResponse } from '../lib/llm/types';

/** One scripted reply: text, tool calls, an error, or a hang until aborted. */
export type ScriptedReply =
  | { text: string; chunks?: number }
  | { toolCalls: Array<Omit<ToolCall, 'id'> & { id?: string }>; text?: string }
  | { error: LlmError }
  | { hangAfter: string };

/**
 * A fake model for unit tests: answers from a script and records every request, so tests can
 * assert what the loop sent.
 */
export class ScriptedModel implements ChatModel {
  readonly requests: ChatRequest[] = [];
  /** Requests of compression steps, answered by `options.summarize` outside the script. */
  readonly compressionRequests: ChatRequest[] = [];
  private callCount = 0;

  constructor(
    private readonly script: ScriptedReply[],
    private readonly options: { summarize?: (request: ChatRequest) => string } = {},
  ) {}

  async complete(request: ChatRequest): Promise<ChatResponse> {
    const summarize = this.options.summarize;
    if (summarize && request.messages[0]?.content.startsWith('You compress')) {
      this.compressionRequests.push(structuredClone({ ...request, signal: undefined }) as never);
      const content = summarize(request);
      return { content, toolCalls: [], finishReason: 'stop', attempts: 1 };
    }
    this.requests.push({ ...request, messages: structuredClone(request.messages) });
    const reply = this.script.shift();
    if (!reply) throw new Error('ScriptedModel: the script ran out of replies');
    this.callCount++;
    if ('error' in reply) throw reply.error;
    request.onResponse?.();
    if ('hangAfter' in reply) {
      request.onText?.(reply.hangAfter);
      await new Promise<void>((resolve) => {
        if (request.signal.aborted) resolve();
        request.signal.addEventListener('abort', () => resolve(), { once: true });
      });
      throw new LlmError('aborted', 'Stopped.', { partialText: reply.hangAfter });
    }
    if ('toolCalls' in reply) {
      return {
        content: reply.text ?? '',
        toolCalls: reply.toolCalls.map((call, index) => ({
          id: call.id ?? `call_${this.callCount}_${index}`,
          name: call.name,
          arguments: call.arguments,
        })),
        finishReason: 'tool_calls',
        attempts: 1,
      };
    }
    const pieces = reply.chunks ?? 1;
    const size = Math.ceil(reply.text.length / pieces);
    for (let end = size; end < reply.text.length; end += size) {
      request.onText?.(reply.text.slice(0, end));
    }
    request.onText?.(reply.text);
    return { content: reply.text, toolCalls: [], finishReason: 'stop', attempts: 1 };
  }
}
