import type { ToolCall } from '../db/records';
import type { RetryEvent } from './retry-policy';

/** The messages we send, in the OpenAI chat shape. */
export type ChatMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string; toolCalls?: ToolCall[] }
  | { role: 'tool'; content: string; toolCallId: string };

export interface ToolSpec {
  name: string;
  description: string;
  /** JSON schema of the parameters, derived from the tool's zod schema. */
  parameters: Record<string, unknown>;
}

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  tools: ToolSpec[];
  signal: AbortSignal;
  /** Called with the whole text so far each time more arrives. */
  onText?: (textSoFar: string) => void;
  /** Told before each retry wait of this request (the answer says "retrying in 5 s"). */
  onRetry?: (event: RetryEvent) => void;
  /** Told when the endpoint has answered the request's head: the request has left. */
  onResponse?: () => void;
}

export interface ChatResponse {
  content: string;
  toolCalls: ToolCall[];
  finishReason: string | null;
  usage?: { promptTokens: number; completionTokens: number };
  /** How many attempts it took (1 without retries). */
  attempts: number;
}

/**
 * A streaming chat model. The real one wraps the openai SDK with our retry policy; unit tests
 * use a scripted fake.
 */
export interface ChatModel {
  complete(request: ChatRequest): Promise<ChatResponse>;
}
