import { Fragment, useLayoutEffect, useRef } from 'react';
import type { RunTotals, StepRecord } from '../../lib/db/records';
import { t } from '../../lib/i18n/translate';
import type { FetchAnalysisActivity } from '../../lib/sessions/fetch-analysis-activity';
import { ActivityPanel } from '../activity/activity-panel';
import { offersAnswerWithoutWeb } from './answer-offers';
import type { ChatItem } from './chat-items';
import { CompressionLine } from './compression-line';
import { MessageView, WaitPhase } from './message-view';
import { SessionUsage, UsageLine } from './usage-line';
import './chat.css';

interface MessageListProps {
  items: readonly ChatItem[];
  /** The steps of the runs read: the answer being written, open Activity panels, older runs. */
  stepsByRun: ReadonlyMap<string, StepRecord[]>;
  /** What each answer's footer shows (step count, usage, tabs), by run. */
  totalsByRun: ReadonlyMap<string, RunTotals>;
  /**
   * Fetch Analysis sub-agents by the agentic_fetch call that started them: those of the answer
   * being written and of the Activity panels that are open (read when opened).
   */
  fetchAnalyses: ReadonlyMap<string, FetchAnalysisActivity>;
  /** Runs whose Activity the user opened: it stays open when the answer's place is redrawn. */
  openActivities?: ReadonlySet<string>;
  /** An answer's Activity was opened or closed. */
  onActivityToggle?: (runId: string, open: boolean) => void;
  onOpenSession: (sessionId: string) => void;
  /** Tab titles by user message id (the chips under a sent message). */
  sentTabs?: ReadonlyMap<string, readonly string[]>;
  /** Asks a run's question again; undefined while an answer is being written. */
  onRegenerate?: (runId: string) => void;
  /** Asks a denied run's question again with no web tools; undefined while one is written. */
  onAnswerWithoutWeb?: (runId: string) => void;
  /** The answer being written and what it waits for now. */
  pending?: { runId: string; phase: string | undefined };
}

/** The conversation, kept scrolled to the newest text unless the reader scrolled up. */
export function MessageList({
  items,
  stepsByRun,
  totalsByRun,
  fetchAnalyses,
  openActivities,
  onActivityToggle,
  onOpenSession,
  sentTabs,
  onRegenerate,
  onAnswerWithoutWeb,
  pending,
}: MessageListProps) {
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

  // Setting the scroller's own offset moves nothing but it; scrollIntoView would also work out
  // and scroll every scrolling ancestor, on each drawing of a streaming answer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: lastKey is what changes on new text.
  useLayoutEffect(() => {
    const scroller = endRef.current?.closest('.chat-scroll');
    if (pinned.current && scroller) scroller.scrollTop = scroller.scrollHeight;
  }, [lastKey]);

  return (
    <div className="messages">
      {/* Answers' Sources are h3: the conversation is the h2 under the app's name. */}
      <h2 className="visually-hidden">{t('conversation')}</h2>
      {items.map(({ message, content, notices, activityRun }) => {
        const activity = activityRun && (
          <ActivityPanel
            steps={stepsByRun.get(activityRun.id)}
            stepCount={totalsByRun.get(activityRun.id)?.steps ?? 0}
            fetchAnalyses={fetchAnalyses}
            onOpenSession={onOpenSession}
            defaultOpen={openActivities?.has(activityRun.id)}
            onToggle={(open) => onActivityToggle?.(activityRun.id, open)}
          />
        );
        const isPending = activityRun !== undefined && activityRun.id === pending?.runId;
        // Compression happened before this question's answer: said in one line under it.
        const compressed =
          message.role === 'user' && message.runId
            ? (stepsByRun.get(message.runId) ?? [])
                .filter((step) => step.kind === 'compression' && step.status === 'done')
                .map((step) => <CompressionLine key={step.id} step={step} />)
            : null;
        // No answer text yet: the answer's place holds what it waits for, and its Activity.
        if (message.role === 'user' && isPending) {
          return (
            <div key={message.id} className="message-pair">
              <MessageView
                message={message}
                content={content}
                sentTabs={sentTabs?.get(message.id)}
              />
              {compressed}
              <section
                className="message message-assistant pending-answer"
                aria-label={t('answerOnItsWay')}
              >
                <WaitPhase phase={pending.phase} />
                {activity}
              </section>
            </div>
          );
        }
        return (
          <Fragment key={message.id}>
            <MessageView
              message={message}
              content={content}
              notices={notices}
              sentTabs={sentTabs?.get(message.id)}
              phase={isPending && message.role === 'assistant' ? pending.phase : undefined}
              actions={
                activityRun && message.role === 'assistant' && !isPending
                  ? {
                      onRegenerate: onRegenerate && (() => onRegenerate(activityRun.id)),
                      // After a Deny, the answer offers what can still be done.
                      ...(onAnswerWithoutWeb &&
                      offersAnswerWithoutWeb(activityRun, totalsByRun.get(activityRun.id))
                        ? { onAnswerWithoutWeb: () => onAnswerWithoutWeb(activityRun.id) }
                        : {}),
                    }
                  : undefined
              }
            >
              {activityRun && message.role === 'assistant' && totalsByRun.has(activityRun.id) && (
                <UsageLine totals={totalsByRun.get(activityRun.id)!} />
              )}
              {activity}
            </MessageView>
            {compressed}
          </Fragment>
        );
      })}
      <SessionUsage totals={totalsByRun.values()} />
      <div ref={endRef} />
    </div>
  );
}
