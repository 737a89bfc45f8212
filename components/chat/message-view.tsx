import type { ReactNode } from 'react';
import type { MessageRecord } from '../../lib/db/records';
import { t } from '../../lib/i18n/translate';
import { CopyButton } from '../shared/copy-button';
import { Markdown } from '../shared/markdown';
import { noticeText } from '../shared/stored-sentences';
import type { StoredNotice } from './chat-items';
import { SourcesList } from './sources-list';
import './chat.css';

const STATUS_MARK: Partial<Record<MessageRecord['status'], () => string>> = {
  stopped: () => t('markStopped'),
  interrupted: () => t('markInterrupted'),
  failed: () => t('markFailed'),
};

interface MessageViewProps {
  message: MessageRecord;
  content: string;
  /** One-line notices the extension wrote under this answer (a denial, a limit reached). */
  notices?: readonly StoredNotice[];
  /** The folded Activity of the run this message ends, if any. */
  children?: ReactNode;
  /** On a user message: the titles of the tabs it took along. */
  sentTabs?: readonly string[];
  /**
   * On the answer that ends a run: Copy and, when it can start now, Regenerate; after a Deny,
   * Answer without the web (what can still be done).
   */
  actions?: { onRegenerate?: () => void; onAnswerWithoutWeb?: () => void };
  /** What the answer waits for now ("Reading The Tide Clocks…"), announced as it changes. */
  phase?: string;
}

export function MessageView({
  message,
  content,
  notices = [],
  children,
  sentTabs = [],
  actions,
  phase,
}: MessageViewProps) {
  if (message.role === 'user') {
    return (
      <article className="message message-user" aria-label={t('yourMessage')}>
        <p className="user-text">{content}</p>
        {sentTabs.length > 0 && (
          <ul className="sent-tabs" aria-label={t('tabsSentWithMessage')}>
            {sentTabs.map((title, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: two tabs may share a title.
              <li key={index} className="sent-tab" title={title}>
                {title}
              </li>
            ))}
          </ul>
        )}
        {children}
      </article>
    );
  }
  const streaming = message.status === 'streaming';
  const mark = STATUS_MARK[message.status]?.();
  return (
    <article
      className={`message message-assistant${streaming ? ' streaming' : ''}`}
      aria-label={t('answer')}
      aria-busy={streaming}
    >
      {content && (
        // One element whether streaming or done: the blocks drawn while it streamed stay.
        <Markdown
          citations={
            message.sources && !streaming
              ? { sources: message.sources, citations: message.citations }
              : undefined
          }
        >
          {content}
        </Markdown>
      )}
      <WaitPhase phase={phase ?? (streaming && !content ? t('waitingForModel') : undefined)} />
      {mark && <p className={`message-mark mark-${message.status}`}>{mark}</p>}
      {notices.map((notice, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: notices are append-only and never reorder.
        <p key={index} className="notice">
          {noticeText(notice.notice ?? '', notice.noticeI18n)}
        </p>
      ))}
      {actions?.onAnswerWithoutWeb && (
        <div className="answer-offer">
          <button type="button" onClick={actions.onAnswerWithoutWeb}>
            {t('answerWithoutWeb')}
          </button>
          <span className="answer-offer-note">{t('answerWithoutWebNote')}</span>
        </div>
      )}
      {message.sources && <SourcesList sources={message.sources} />}
      {actions && !streaming && content.trim() !== '' && (
        <div className="answer-actions">
          <CopyButton text={content} label={t('copy')} />
          {actions.onRegenerate && (
            <button type="button" onClick={actions.onRegenerate}>
              {t('regenerate')}
            </button>
          )}
        </div>
      )}
      {children}
    </article>
  );
}

/**
 * The live line that names what an answer waits for. The region stays mounted while empty, so
 * screen readers announce each new phase.
 */
export function WaitPhase({ phase }: { phase: string | undefined }) {
  return (
    <p className={phase ? 'wait-phase' : 'wait-phase-idle'} role="status" aria-live="polite">
      {phase}
    </p>
  );
}
