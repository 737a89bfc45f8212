import { memo, useCallback, useLayoutEffect, useRef } from 'react';
import type { RunTotals, StepRecord } from '../../lib/db/records';
import { t } from '../../lib/i18n/translate';
import type { FetchAnalysisActivity } from '../../lib/sessions/fetch-analysis-activity';
import { ActivityPanel } from '../activity/activity-panel';
import { offersAnswerWithoutWeb } from './answer-offers';
import { type ChatItem, displayContent } from './chat-items';
import { CompressionLine } from './compression-line';
import { MessageView, WaitPhase } from './message-view';
import { useStreamedText } from './streamed-text';
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

interface MessageItemProps {
  message: ChatItem['message'];
  content: string;
  notices: ChatItem['notices'];
  activityRun: ChatItem['activityRun'];
  /** The steps of the run whose Activity folds out here, when read. */
  steps: StepRecord[] | undefined;
  /** On a user message: its run's steps, when read (its compression lines). */
  questionSteps: StepRecord[] | undefined;
  totals: RunTotals | undefined;
  fetchAnalyses: ReadonlyMap<string, FetchAnalysisActivity>;
  onOpenSession: (sessionId: string) => void;
  activityOpen: boolean;
  onActivityToggle?: (runId: string, open: boolean) => void;
  sentTabs: readonly string[] | undefined;
  /** This message's run is the answer being written. */
  pending: boolean;
  phase: string | undefined;
  onRegenerate?: (runId: string) => void;
  onAnswerWithoutWeb?: (runId: string) => void;
  /** The message's streamed text grew: the list keeps a reader at its end. */
  onGrew: () => void;
}

/** Notices are rebuilt with the items: the same sentences are the same notices. */
const sameNotices = (a: ChatItem['notices'], b: ChatItem['notices']) =>
  a.length === b.length &&
  a.every(
    (notice, index) =>
      notice.notice === b[index]!.notice && notice.noticeI18n === b[index]!.noticeI18n,
  );

/**
 * One message with what folds out under it. Memoised: while an answer streams, the list is drawn
 * again for each delta, and only the message whose text grew needs to be.
 */
const MessageItem = memo(
  function MessageItem({
    message,
    content,
    notices,
    activityRun,
    steps,
    questionSteps,
    totals,
    fetchAnalyses,
    onOpenSession,
    activityOpen,
    onActivityToggle,
    sentTabs,
    pending,
    phase,
    onRegenerate,
    onAnswerWithoutWeb,
    onGrew,
  }: MessageItemProps) {
    // A streaming answer draws its own deltas: the list around it is not drawn again for them.
    const streamed = useStreamedText(message.status === 'streaming' ? message.id : undefined);
    const shown = streamed ? displayContent(message, streamed) : content;
    // biome-ignore lint/correctness/useExhaustiveDependencies: the text's length is what grows.
    useLayoutEffect(() => {
      if (streamed) onGrew();
    }, [shown.length]);
    const activity = activityRun && (
      <ActivityPanel
        steps={steps}
        stepCount={totals?.steps ?? 0}
        fetchAnalyses={fetchAnalyses}
        onOpenSession={onOpenSession}
        defaultOpen={activityOpen}
        onToggle={(open) => onActivityToggle?.(activityRun.id, open)}
      />
    );
    // Compression happened before this question's answer: said in one line under it.
    const compressed = (questionSteps ?? [])
      .filter((step) => step.kind === 'compression' && step.status === 'done')
      .map((step) => <CompressionLine key={step.id} step={step} />);
    // No answer text yet: the answer's place holds what it waits for, and its Activity.
    if (message.role === 'user' && pending) {
      return (
        <div className="message-pair">
          <MessageView message={message} content={content} sentTabs={sentTabs} />
          {compressed}
          <section
            className="message message-assistant pending-answer"
            aria-label={t('answerOnItsWay')}
          >
            <WaitPhase phase={phase} />
            {activity}
          </section>
        </div>
      );
    }
    return (
      <>
        <MessageView
          message={message}
          content={shown}
          notices={notices}
          sentTabs={sentTabs}
          phase={pending && message.role === 'assistant' ? phase : undefined}
          actions={
            activityRun && message.role === 'assistant' && !pending
              ? {
                  onRegenerate: onRegenerate && (() => onRegenerate(activityRun.id)),
                  // After a Deny, the answer offers what can still be done.
                  ...(onAnswerWithoutWeb && offersAnswerWithoutWeb(activityRun, totals)
                    ? { onAnswerWithoutWeb: () => onAnswerWithoutWeb(activityRun.id) }
                    : {}),
                }
              : undefined
          }
        >
          {activityRun && message.role === 'assistant' && totals && <UsageLine totals={totals} />}
          {activity}
        </MessageView>
        {compressed}
      </>
    );
  },
  (before, after) =>
    (Object.keys(after) as Array<keyof MessageItemProps>).every((key) =>
      key === 'notices'
        ? sameNotices(before.notices, after.notices)
        : Object.is(before[key], after[key]),
    ),
);

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
  const frame = useRef<number | undefined>(undefined);
  const last = items.at(-1);
  const lastKey = `${items.length}:${last?.content.length ?? 0}`;

  useLayoutEffect(() => {
    const scroller = endRef.current?.closest('.chat-scroll');
    if (!scroller) return;
    // Where the reader is, read in the first frame with that frame's layout: read here, in the
    // commit that drew the list, it would lay the page out once more.
    let lastTop = 0;
    const firstFrame = requestAnimationFrame(() => {
      lastTop = scroller.scrollTop;
    });
    // Only the reader scrolls up. The pinning below scrolls down, and its scroll event can come
    // after more text arrived, so not being at the end does not mean the reader left it.
    const onScroll = () => {
      const top = scroller.scrollTop;
      if (scroller.scrollHeight - top - scroller.clientHeight < 48) pinned.current = true;
      else if (top < lastTop) pinned.current = false;
      lastTop = top;
    };
    scroller.addEventListener('scroll', onScroll, { passive: true });
    // A panel made narrower or shorter lays the conversation out anew: a reader at its end stays
    // there. Only the scroller's own box is watched, so an Activity opened does not scroll.
    const resized = new ResizeObserver(() => {
      if (pinned.current) scroller.scrollTop = scroller.scrollHeight;
    });
    resized.observe(scroller);
    return () => {
      cancelAnimationFrame(firstFrame);
      resized.disconnect();
      scroller.removeEventListener('scroll', onScroll);
      if (frame.current !== undefined) cancelAnimationFrame(frame.current);
    };
  }, []);

  // Setting the scroller's own offset moves nothing but it; scrollIntoView would also work out
  // and scroll every scrolling ancestor, on each drawing of a streaming answer. It is set once
  // per frame, before the frame is drawn: reading the height right after each commit made the
  // browser lay the page out once per commit, several times a frame while an answer arrives.
  const followEnd = useCallback(() => {
    if (!pinned.current || frame.current !== undefined) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = undefined;
      const scroller = endRef.current?.closest('.chat-scroll');
      if (pinned.current && scroller) scroller.scrollTop = scroller.scrollHeight;
    });
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: lastKey is what changes on new text.
  useLayoutEffect(followEnd, [lastKey]);

  return (
    <div className="messages">
      {/* Answers' Sources are h3: the conversation is the h2 under the app's name. */}
      <h2 className="visually-hidden">{t('conversation')}</h2>
      {items.map(({ message, content, notices, activityRun }) => {
        const isPending = activityRun !== undefined && activityRun.id === pending?.runId;
        return (
          <MessageItem
            key={message.id}
            message={message}
            content={content}
            notices={notices}
            activityRun={activityRun}
            steps={activityRun && stepsByRun.get(activityRun.id)}
            questionSteps={
              message.role === 'user' && message.runId ? stepsByRun.get(message.runId) : undefined
            }
            totals={activityRun && totalsByRun.get(activityRun.id)}
            fetchAnalyses={fetchAnalyses}
            onOpenSession={onOpenSession}
            activityOpen={activityRun !== undefined && openActivities?.has(activityRun.id) === true}
            onActivityToggle={onActivityToggle}
            sentTabs={sentTabs?.get(message.id)}
            pending={isPending}
            phase={isPending ? pending?.phase : undefined}
            onRegenerate={onRegenerate}
            onAnswerWithoutWeb={onAnswerWithoutWeb}
            onGrew={followEnd}
          />
        );
      })}
      <SessionUsage totals={totalsByRun.values()} />
      <div ref={endRef} />
    </div>
  );
}
