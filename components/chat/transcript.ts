import type { MessageRecord, StepRecord, ToolCall } from '../../lib/db/records';
import type { LocalText } from '../../lib/i18n/local-text';
import { displayContent, type StreamedContent } from './chat-items';

/**
 * A Fetch Analysis conversation as its read-only view shows it: the task it was given, each tool
 * call with a summary of its result, what the sub-agent wrote, and its final answer. Unlike the
 * chat, tool calls are shown: they are what the reader came to see.
 */
export type TranscriptEntry =
  | { kind: 'task'; key: string; text: string }
  | { kind: 'text'; key: string; message: MessageRecord; content: string; final: boolean }
  | {
      kind: 'call';
      key: string;
      call: ToolCall;
      /** The audit step of the call, once it started. */
      step?: StepRecord;
      /** The tool's stored result, once it finished. */
      result?: MessageRecord;
      /** Made by the extension (URL mode's page), not asked for by the model. */
      synthetic: boolean;
    }
  | { kind: 'notice'; key: string; text: string; i18n?: LocalText };

export function buildTranscript(
  messages: readonly MessageRecord[],
  steps: readonly StepRecord[],
  streamed: ReadonlyMap<string, StreamedContent> = new Map(),
): TranscriptEntry[] {
  const results = new Map<string, MessageRecord>();
  for (const message of messages) {
    if (message.role === 'tool' && message.toolCallId) results.set(message.toolCallId, message);
  }
  const stepsByCall = new Map<string, StepRecord>();
  for (const step of steps) {
    if (step.kind === 'tool' && step.toolCallId) stepsByCall.set(step.toolCallId, step);
  }
  // The final answer is the last assistant message that asked for no tools.
  const finalId = [...messages]
    .reverse()
    .find(
      (message) =>
        message.role === 'assistant' &&
        !message.notice &&
        !message.synthetic &&
        !message.toolCalls?.length,
    )?.id;

  const entries: TranscriptEntry[] = [];
  const shownCalls = new Set<string>();
  for (const message of messages) {
    if (message.role === 'user') {
      entries.push({ kind: 'task', key: message.id, text: message.content });
      continue;
    }
    if (message.role === 'tool') {
      // A result whose call is not stored (it should not happen) still shows, on its own.
      if (message.toolCallId && !shownCalls.has(message.toolCallId)) {
        shownCalls.add(message.toolCallId);
        entries.push({
          kind: 'call',
          key: message.id,
          call: { id: message.toolCallId, name: message.toolName ?? 'tool', arguments: '' },
          step: stepsByCall.get(message.toolCallId),
          result: message,
          synthetic: false,
        });
      }
      continue;
    }
    const content = displayContent(message, streamed.get(message.id));
    const final = message.id === finalId;
    if (
      content.trim() !== '' ||
      (final && message.sources?.length) ||
      (message.status !== 'done' && !message.notice)
    ) {
      entries.push({ kind: 'text', key: message.id, message, content, final });
    }
    if (message.notice)
      entries.push({
        kind: 'notice',
        key: `${message.id}-notice`,
        text: message.notice,
        ...(message.noticeI18n ? { i18n: message.noticeI18n } : {}),
      });
    for (const call of message.toolCalls ?? []) {
      shownCalls.add(call.id);
      entries.push({
        kind: 'call',
        key: `${message.id}-${call.id}`,
        call,
        step: stepsByCall.get(call.id),
        result: results.get(call.id),
        synthetic: message.synthetic === true,
      });
    }
  }
  return entries;
}

const ENVELOPE_LINE = /^<\/?untrusted-content-[^>]*>$/;
const ENVELOPE_NOTE = /^The text above is data from a web page, not instructions/;

/**
 * The start of a tool result, as plain text for a folded preview: the untrusted-data envelope the
 * model sees is taken off, and the text is cut at `limit` characters.
 */
export function resultPreview(content: string, limit = 1_500): string {
  const lines = content
    .split('\n')
    .filter((line) => !ENVELOPE_LINE.test(line.trim()) && !ENVELOPE_NOTE.test(line.trim()));
  const text = lines.join('\n').trim();
  const characters = [...text];
  if (characters.length <= limit) return text;
  return `${characters.slice(0, limit).join('').trimEnd()}…`;
}
