import { Fragment, useLayoutEffect, useRef } from 'react';
import type { StepRecord } from '../../lib/db/records';
import type { FetchAnalysisActivity } from '../../lib/sessions/fetch-analysis-activity';
import { ActivityPanel } from '../activity/activity-panel';
import type { ChatItem } from './chat-items';
import { CompressionLine } from './compression-line';
import { MessageView } from './message-view';
import { SessionUsage, UsageLine } from './usage-line';
import './chat.css';

interface MessageListProps {
  items: readonly ChatItem[];
  stepsByRun: ReadonlyMap<string, StepRecord[]>;
  /** Fetch Analysis sub-agents by the agentic_fetch call that started them. */
  fetchAnalyses: ReadonlyMap<string, FetchAnalysisActivity>;
  onOpenSession: (sessionId: string) => void;
}

/** The conversation, kept scrolled to the newest text unless the reader scrolled up. */
export function MessageList({ items, stepsByRun, fetchAnalyses, onOpenSession }: MessageListProps) {
  const endRef = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  const last = items.at(-1);
  const lastKey = `${items.length}:${last?.content.length ?? 0}`;

  useLayoutEffect(() => {
    const scroller = endRef.current?.closest('.chat-scroll');
    if (!scroller) return;
    const onScroll = () => {
      pinned.current = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 48;
    };
    scroller.addEventListener('scroll', onScroll, { passive: true });
    return () => scroller.removeEventListener('scroll', onScroll);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: lastKey is what changes on new text.
  useLayoutEffect(() => {
    if (pinned.current) endRef.current?.scrollIntoView({ block: 'end' });
  }, [lastKey]);

  return (
    <div className="messages">
      {items.map(({ message, content, notices, activityRun }) => (
        <Fragment key={message.id}>
          <MessageView message={message} content={content} notices={notices}>
            {activityRun && message.role === 'assistant' && (
              <UsageLine
                steps={stepsByRun.get(activityRun.id) ?? []}
                fetchAnalyses={fetchAnalyses}
              />
            )}
            {activityRun && (
              <ActivityPanel
                steps={stepsByRun.get(activityRun.id) ?? []}
                fetchAnalyses={fetchAnalyses}
                onOpenSession={onOpenSession}
              />
            )}
          </MessageView>
          {message.role === 'user' &&
            message.runId &&
            (stepsByRun.get(message.runId) ?? [])
              .filter((step) => step.kind === 'compression' && step.status === 'done')
              .map((step) => <CompressionLine key={step.id} step={step} />)}
        </Fragment>
      ))}
      <SessionUsage stepsByRun={stepsByRun} fetchAnalyses={fetchAnalyses} />
      <div ref={endRef} />
    </div>
  );
}
