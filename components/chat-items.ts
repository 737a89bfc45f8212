import type { MessageRecord, RunRecord } from '@/lib/db/records';

/** The streamed state of one message, as the worker posts it over the Port. */
export interface StreamedContent {
  content: string;
  at: number;
}

export interface ChatItem {
  message: MessageRecord;
  /** What to show: the stored content, or streamed content that is ahead of it. */
  content: string;
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
  // An assistant turn that only called tools has nothing to read; Activity shows its calls.
  return (
    message.content.trim() !== '' ||
    message.status !== 'done' ||
    Boolean(message.notice) ||
    Boolean(message.sources?.length)
  );
}

export function buildChatItems(
  messages: readonly MessageRecord[],
  runs: readonly RunRecord[],
  streamed: ReadonlyMap<string, StreamedContent>,
): ChatItem[] {
  const items: ChatItem[] = messages.filter(isShown).map((message) => ({
    message,
    content: displayContent(message, streamed.get(message.id)),
  }));
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
