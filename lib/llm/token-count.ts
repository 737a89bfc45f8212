import { estimateTokens } from './token-estimate';
import type { ChatMessage, ToolSpec } from './types';

/**
 * What the chat template adds around each message (role markers, separators). OpenAI documents
 * about 3-4 tokens per message for its models; local templates are in the same range.
 */
const PER_MESSAGE_OVERHEAD = 4;
/** The template's framing of the whole request and the answer's opening marker. */
const PER_REQUEST_OVERHEAD = 3;

/** One message as the server receives it: its text, and its tool calls' names and arguments. */
function countMessageTokens(message: ChatMessage): number {
  let tokens = PER_MESSAGE_OVERHEAD + estimateTokens(message.content);
  if (message.role === 'assistant') {
    for (const call of message.toolCalls ?? []) {
      tokens += PER_MESSAGE_OVERHEAD + estimateTokens(call.name) + estimateTokens(call.arguments);
    }
  }
  return tokens;
}

/**
 * The tool schemas are sent with every request and count against the window like any text:
 * servers render them into the prompt (as JSON or a template's own form of it).
 */
function countToolTokens(tools: readonly ToolSpec[]): number {
  if (tools.length === 0) return 0;
  return estimateTokens(
    JSON.stringify(
      tools.map((tool) => ({
        type: 'function',
        function: { name: tool.name, description: tool.description, parameters: tool.parameters },
      })),
    ),
  );
}

/**
 * The one count of what a request really sends: the system prompt and every message (they are
 * all in `messages`), and the tool schemas. `calibration` is the ratio between what the provider
 * reported for an earlier request and what this estimate said for it (see calibrationOf).
 */
export function countRequestTokens(
  request: { messages: readonly ChatMessage[]; tools: readonly ToolSpec[] },
  calibration = 1,
): number {
  const raw =
    PER_REQUEST_OVERHEAD +
    request.messages.reduce((sum, message) => sum + countMessageTokens(message), 0) +
    countToolTokens(request.tools);
  return Math.ceil(raw * calibration);
}

/**
 * A tokenizer differs from our estimate by a roughly constant factor for one model and one kind
 * of text, so the provider's own count of a previous request corrects the next estimate. The
 * ratio is kept between 0.5 and 3 so one odd report (a cached prompt counted as zero, a server
 * that counts characters) cannot make the estimate useless.
 */
export function calibrationOf(reported: number | undefined, estimated: number | undefined): number {
  if (!reported || !estimated || reported <= 0 || estimated <= 0) return 1;
  return Math.min(3, Math.max(0.5, reported / estimated));
}
