import type { ReactNode } from 'react';
import type { MessageRecord } from '../../lib/db/records';
import { Markdown } from '../shared/markdown';
import { SourcesList } from './sources-list';
import './chat.css';

const STATUS_MARK: Partial<Record<MessageRecord['status'], string>> = {
  stopped: 'Stopped',
  interrupted: 'Interrupted',
  failed: 'Failed',
};

interface MessageViewProps {
  message: MessageRecord;
  content: string;
  /** One-line notices the extension wrote under this answer (a denial, a limit reached). */
  notices?: readonly string[];
  /** The folded Activity of the run this message ends, if any. */
  children?: ReactNode;
}

export function MessageView({ message, content, notices = [], children }: MessageViewProps) {
  if (message.role === 'user') {
    return (
      <article className="message message-user" aria-label="Your message">
        <p className="user-text">{content}</p>
        {children}
      </article>
    );
  }
  const streaming = message.status === 'streaming';
  const mark = STATUS_MARK[message.status];
  return (
    <article className="message message-assistant" aria-label="Answer" aria-busy={streaming}>
      {content ? <Markdown>{content}</Markdown> : streaming && <p className="typing">Thinking…</p>}
      {mark && <p className={`message-mark mark-${message.status}`}>{mark}</p>}
      {notices.map((notice, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: notices are append-only and never reorder.
        <p key={index} className="notice">
          {notice}
        </p>
      ))}
      {message.sources && <SourcesList sources={message.sources} />}
      {children}
    </article>
  );
}
