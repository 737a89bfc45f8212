import type { MessageRecord, RunRecord } from '../../lib/db/records';

/** The streamed state of one message, as the worker posts it over the Port. */
export interface StreamedContent {
  content: string;
  at: number;
}

/** A notice as stored: its English sentence and, on newer records, its message key. */
export type StoredNotice = Pick<MessageRecord, 'notice' | 'noticeI18n'>;

export interface ChatItem {
  message: MessageRecord;
  /** The stored content; a streaming message shows its streamed text when that is ahead. */
  content: string;
  /** One-line notices (a denial, a limit) shown under this message. */
  notices: StoredNotice[];
  /** Set on the last message shown for a run: that run's Activity folds out under it. */
  activityRun?: RunRecord;
}

/**
 * Stored state is the truth; a delta only wins while the message is still streaming and it
 * carries more than what has been stored so far.
 */
export function displayContent(message: MessageRecord, streamed?: StreamedContent): string {
  if (message.status !== 'streaming' || !streamed) return message.content;
  return streamed.content.length > message.content.length ? streamed.content : message.content;
}

function isShown(message: MessageRecord): boolean {
  if (message.role === 'tool') return false;
  if (message.role === 'user') return true;
  if (message.notice) return true;
  // The extension's own read_tab calls for attached tabs are not something anybody said.
  if (message.synthetic && message.content.trim() === '') return false;
  // An assistant turn that only called tools has nothing to read; Activity shows its calls.
  return (
    message.content.trim() !== '' ||
    message.status !== 'done' ||
    Boolean(message.notice) ||
    Boolean(message.sources?.length)
  );
}

function noticeOf(message: MessageRecord): StoredNotice {
  return message.noticeI18n
    ? { notice: message.notice, noticeI18n: message.noticeI18n }
    : { notice: message.notice };
}

export function buildChatItems(
  messages: readonly MessageRecord[],
  runs: readonly RunRecord[],
): ChatItem[] {
  const items: ChatItem[] = [];
  for (const message of messages.filter(isShown)) {
    const previous = items.at(-1);
    // A notice the extension wrote after the answer (a denial, a limit) is one line under that
    // answer, not an answer of its own; with no answer to sit under, it stands alone.
    if (
      message.notice &&
      message.content.trim() === '' &&
      previous?.message.role === 'assistant' &&
      previous.message.runId === message.runId
    ) {
      previous.notices.push(noticeOf(message));
      continue;
    }
    items.push({
      message,
      content: message.content,
      notices: message.notice ? [noticeOf(message)] : [],
    });
  }
  for (const run of runs) {
    let host: ChatItem | undefined;
    for (const item of items) {
      if (item.message.runId === run.id && item.message.role === 'assistant') host = item;
    }
    host ??= items.find((item) => item.message.id === run.userMessageId);
    if (host) host.activityRun = run;
  }
  return items;
}
