import { useEffect, useRef } from 'react';
import type { RunRecord, StepRecord } from '../../lib/db/records';
import { storedSentence } from '../../lib/i18n/local-text';
import { t } from '../../lib/i18n/translate';
import {
  activityTotals,
  describeToolArguments,
  describeTotals,
  stepFacts,
} from '../activity/activity';
import { Markdown } from '../shared/markdown';
import { noticeText, summaryText } from '../shared/stored-sentences';
import { MessageView } from './message-view';
import { resultPreview, type TranscriptEntry } from './transcript';
import '../activity/activity.css';
import './chat.css';
import './fetch-analysis.css';

interface FetchAnalysisViewProps {
  entries: readonly TranscriptEntry[];
  /** The sub-agent's latest run; undefined while it loads. */
  run: RunRecord | undefined;
  /** Every step of the sub-agent's runs, for its totals. */
  steps: readonly StepRecord[];
  onBack: () => void;
}

const RUN_STATE: Partial<Record<RunRecord['status'], () => string>> = {
  running: () => t('working'),
  'awaiting-consent': () => t('subAgentAwaitingConsent'),
  interrupted: () => t('subAgentInterrupted'),
  stopped: () => t('subAgentStopped'),
  failed: () => t('subAgentFailed'),
};

function CallEntry({ entry }: { entry: Extract<TranscriptEntry, { kind: 'call' }> }) {
  const { call, step, result, synthetic } = entry;
  const args = call.arguments.trim() && call.arguments.trim() !== '{}' ? call.arguments : '';
  const facts = step ? stepFacts(step) : [result ? t('stepDone') : t('stepNotStarted')];
  const summary = step?.summary ? summaryText(step) : undefined;
  const preview = result ? resultPreview(result.content) : '';
  return (
    <li className={`transcript-call step-${step?.status ?? 'done'}`}>
      <div className="step-head">
        <span className="step-kind">{synthetic ? t('stepKindPrelude') : t('stepKindTool')}</span>{' '}
        <strong className="step-name">{call.name}</strong>{' '}
        <span className="step-facts">{facts.join(' · ')}</span>
      </div>
      {args && <code className="step-arguments">{describeToolArguments(call.name, args)}</code>}
      {summary && <p className="step-summary">{summary}</p>}
      {preview && (
        <details className="transcript-result">
          <summary>{t('result')}</summary>
          <pre>{preview}</pre>
        </details>
      )}
    </li>
  );
}

/**
 * A Fetch Analysis sub-agent's own conversation, read-only: the task it got, every tool call with
 * its result summarised, and its answer with Sources. There is no composer; Back returns to the
 * conversation whose agentic_fetch call started it.
 */
export function FetchAnalysisView({ entries, run, steps, onBack }: FetchAnalysisViewProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const state = run ? RUN_STATE[run.status]?.() : undefined;
  // A new view: the reader (and a screen reader) starts at its title, not at the page's top.
  useEffect(() => headingRef.current?.focus(), []);
  const problem = run?.error ? storedSentence(run.error.message, run.error.i18n) : undefined;
  return (
    <section className="fetch-analysis" aria-labelledby="fetch-analysis-title">
      <div className="sub-agent-bar">
        <button type="button" className="link-button" onClick={onBack}>
          <span aria-hidden="true">← </span>
          {t('backToConversation')}
        </button>
        <h2 id="fetch-analysis-title" ref={headingRef} tabIndex={-1}>
          {t('fetchAnalysis')}
        </h2>
        <p className="muted">
          {run ? t('subAgentConversationOn', run.model) : t('subAgentConversation')}
        </p>
        {steps.length > 0 && (
          <p className="muted sub-activity-totals">
            {describeTotals(activityTotals(steps), { duration: true })}
          </p>
        )}
      </div>
      <ol className="transcript">
        {entries.map((entry) => {
          switch (entry.kind) {
            case 'task':
              return (
                <li key={entry.key} className="transcript-task">
                  <article className="message message-user" aria-label={t('task')}>
                    <h3>{t('task')}</h3>
                    <p className="user-text">{entry.text}</p>
                  </article>
                </li>
              );
            case 'call':
              return <CallEntry key={entry.key} entry={entry} />;
            case 'notice':
              return (
                <li key={entry.key}>
                  <p className="notice">{noticeText(entry.text, entry.i18n)}</p>
                </li>
              );
            case 'text':
              return (
                <li key={entry.key} className="transcript-text">
                  {entry.final ? (
                    <MessageView message={entry.message} content={entry.content} />
                  ) : entry.content ? (
                    <Markdown>{entry.content}</Markdown>
                  ) : (
                    <p className="typing">{t('thinking')}</p>
                  )}
                </li>
              );
            default:
              return null;
          }
        })}
      </ol>
      {state && (
        <p
          className={`run-banner${run?.status === 'failed' || run?.status === 'interrupted' ? ' run-banner-problem' : ''}`}
          role="status"
        >
          {problem && run?.status !== 'running' ? problem : state}
        </p>
      )}
    </section>
  );
}
