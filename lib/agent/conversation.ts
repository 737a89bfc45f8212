import type { MessageRecord } from '../db/records';
import type { ChatMessage } from '../llm/types';

/**
 * What the model sees: the system prompt, then the session's stored messages in order.
 * - The message being (re)written by this step is left out (`excludeMessageId`).
 * - Answers that were stopped or cut keep the text the user saw; failed empty ones are skipped.
 * - A tool call without a stored result (its run was stopped before it ran) is dropped: the API
 *   rejects an assistant tool call that is never answered.
 */
export function buildConversation(
  systemPrompt: string,
  messages: readonly MessageRecord[],
  excludeMessageId?: string,
): ChatMessage[] {
  const answered = new Set(
    messages.filter((message) => message.role === 'tool').map((message) => message.toolCallId),
  );
  const conversation: ChatMessage[] = [{ role: 'system', content: systemPrompt }];
  for (const message of messages) {
    if (message.id === excludeMessageId) continue;
    if (message.role === 'user') {
      conversation.push({ role: 'user', content: message.content });
    } else if (message.role === 'assistant') {
      const toolCalls = (message.toolCalls ?? []).filter((call) => answered.has(call.id));
      if (!message.content && toolCalls.length === 0) continue;
      conversation.push({
        role: 'assistant',
        content: message.content,
        ...(toolCalls.length ? { toolCalls } : {}),
      });
    } else if (message.toolCallId) {
      conversation.push({ role: 'tool', toolCallId: message.toolCallId, content: message.content });
    }
  }
  return conversation;
}
