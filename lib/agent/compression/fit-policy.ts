import type { Compression, MessageRecord } from '../../db/records';
import { countRequestTokens } from '../../llm/token-count';
import { estimateTokens } from '../../llm/token-estimate';
import type { ChatMessage, ToolSpec } from '../../llm/types';
import { buildConversation } from '../conversation';

/** Compression starts when a request passes this share of the Context window. */
const COMPRESS_AT = 0.6;
/** and takes away until the request is under this share, so it is not needed again next turn. */
const COMPRESS_TO = 0.4;
/** Room the compressed summary is expected to take, as a share of the window. */
export const SUMMARY_SHARE = 0.1;

/**
 * Room kept free for the answer: a quarter of the window, between 512 and 4,096 tokens. A server
 * counts the answer against the same window as the prompt.
 */
export function answerReserve(contextWindow: number): number {
  return Math.min(4096, Math.max(512, Math.floor(contextWindow * 0.25)));
}

/** The most a request may hold so that the answer still fits. */
export function requestBudget(contextWindow: number): number {
  return contextWindow - answerReserve(contextWindow);
}

export interface FitInput {
  systemPrompt: string;
  /** The session's stored messages, in order. */
  messages: readonly MessageRecord[];
  /** The answer this step (re)writes, left out of what is sent. */
  excludeMessageId?: string;
  tools: readonly ToolSpec[];
  contextWindow: number;
  /** Reported over estimated tokens of an earlier request (token-count.ts). */
  calibration: number;
  /** The latest compression stored for this session, if any. */
  compression?: Pick<Compression, 'summary' | 'replacedIds'>;
}

const SUMMARY_OPENING =
  'Summary of the earlier conversation, compressed to fit the context window. The user messages ' +
  'are all still below as they were written; this summary stands for earlier answers and tool ' +
  'results:';

/**
 * What is sent for a stored conversation and a stored compression: the messages the summary
 * stands for are left out, and the summary follows the system prompt, which itself is sent as
 * it is. It goes into the system message rather than a second one because several local chat
 * templates refuse a system message that is not the first.
 */
export function conversationWith(input: FitInput): ChatMessage[] {
  const { compression } = input;
  if (!compression)
    return buildConversation(input.systemPrompt, input.messages, input.excludeMessageId);
  const replaced = new Set(compression.replacedIds);
  return buildConversation(
    `${input.systemPrompt}\n\n${SUMMARY_OPENING}\n${compression.summary}`,
    input.messages.filter((message) => !replaced.has(message.id)),
    input.excludeMessageId,
  );
}

function countOf(input: FitInput, conversation: ChatMessage[]): number {
  return countRequestTokens({ messages: conversation, tools: input.tools }, input.calibration);
}

/**
 * The messages compression may take, in the order it takes them: tool results of earlier turns
 * first (page texts, search results, Fetch Analysis transcripts), oldest first; then earlier
 * answers, oldest first. The user's messages, the system prompt and the current turn (from the
 * latest user message on) are never among them.
 */
function compressible(input: FitInput): MessageRecord[] {
  const replaced = new Set(input.compression?.replacedIds ?? []);
  const lastUser = input.messages.findLastIndex((message) => message.role === 'user');
  const earlier = input.messages
    .slice(0, Math.max(0, lastUser))
    .filter((message) => !replaced.has(message.id) && message.id !== input.excludeMessageId);
  const toolResults = earlier.filter((message) => message.role === 'tool');
  const answers = earlier.filter(
    (message) =>
      message.role === 'assistant' && message.notice === undefined && message.content !== '',
  );
  return [...toolResults, ...answers];
}

export type FitPlan =
  | { kind: 'send'; conversation: ChatMessage[]; tokens: number }
  | { kind: 'compress'; take: MessageRecord[] };

/**
 * The fitting policy. A request under 60% of the window is sent as it is (with the stored
 * summary, if there is one). Past it, compression takes messages in the order `compressible`
 * gives, as few as bring the request under 40% with room for the summary; with `force` (the
 * provider said the request was too long) it takes all of them.
 */
export function planFit(input: FitInput, force = false): FitPlan {
  const conversation = conversationWith(input);
  const tokens = countOf(input, conversation);
  const candidates = compressible(input);
  if ((!force && tokens <= input.contextWindow * COMPRESS_AT) || candidates.length === 0) {
    return { kind: 'send', conversation, tokens };
  }
  if (force) return { kind: 'compress', take: candidates };
  const target = input.contextWindow * (COMPRESS_TO - SUMMARY_SHARE);
  const take: MessageRecord[] = [];
  let remaining = tokens;
  for (const message of candidates) {
    if (remaining <= target) break;
    take.push(message);
    remaining -= 4 + estimateTokens(message.content) * input.calibration;
  }
  return { kind: 'compress', take };
}

const CUT_NOTE = (characters: number) =>
  `\n[… ${characters.toLocaleString('en-US')} characters left out here to fit the context window …]\n`;

/**
 * The last resort, when even the compressed conversation does not fit (a current turn with
 * several long pages): the longest tool results are cut in the middle until the request fits.
 * The user's messages and the system prompt are never cut; if they alone do not fit, the error
 * says so.
 */
export function cutToBudget(
  input: FitInput,
  conversation: ChatMessage[],
): { conversation: ChatMessage[]; tokens: number } {
  const budget = requestBudget(input.contextWindow);
  let fitted = conversation.map((message) => ({ ...message }));
  let tokens = countOf(input, fitted);
  for (let round = 0; tokens > budget && round < 50; round++) {
    const longest = fitted
      .map((message, index) => ({ message, index }))
      .filter(({ message }) => message.role === 'tool' && message.content.length > 400)
      .sort((a, b) => b.message.content.length - a.message.content.length)[0];
    if (!longest) break;
    const content = longest.message.content;
    // Cut a little more than the excess, in characters of this text's own density.
    const perToken = content.length / Math.max(1, estimateTokens(content));
    const excess = Math.ceil((tokens - budget) * perToken * 1.1) + 200;
    const keep = Math.max(200, content.length - excess);
    const head = content.slice(0, Math.ceil(keep / 2));
    const tail = content.slice(content.length - Math.floor(keep / 2));
    fitted = fitted.map((message, index) =>
      index === longest.index
        ? { ...message, content: `${head}${CUT_NOTE(content.length - keep)}${tail}` }
        : message,
    );
    tokens = countOf(input, fitted);
  }
  if (tokens > budget) {
    throw new ContextTooSmall(tokens, input.contextWindow);
  }
  return { conversation: fitted, tokens };
}

/** The user's own messages and the system prompt do not fit the window even with all else cut. */
class ContextTooSmall extends Error {
  override readonly name = 'ContextTooSmall';
  constructor(tokens: number, contextWindow: number) {
    super(
      `This chat needs about ${tokens.toLocaleString('en-US')} tokens even with earlier answers ` +
        `and pages compressed, more than the Context window of ${contextWindow.toLocaleString('en-US')} ` +
        'tokens allows with room for the answer. Raise Context window in Settings if the model ' +
        'allows more, or start a new chat.',
    );
  }
}
