import { useId, useState } from 'react';
import type { StepRecord } from '../../lib/db/records';
import { t, tp } from '../../lib/i18n/translate';
import type { FetchAnalysisActivity } from '../../lib/sessions/fetch-analysis-activity';
import { summaryText } from '../shared/stored-sentences';
import {
  type ActivityTotals,
  activityTotals,
  addTotals,
  describeToolArguments,
  describeTotals,
  statusLabel,
  stepFacts,
  toolLabel,
} from './activity';
import './activity.css';

interface ActivityPanelProps {
  /** The run's steps; undefined until they are read (they are read when the panel opens). */
  steps: readonly StepRecord[] | undefined;
  /** How many steps it has, shown while folded (from the run's totals): its steps' count if omitted. */
  stepCount?: number;
  /** Fetch Analysis sub-agents by the agentic_fetch tool call that started them. */
  fetchAnalyses: ReadonlyMap<string, FetchAnalysisActivity>;
  onOpenSession: (sessionId: string) => void;
  /** Folded unless told otherwise (tests, and a view that opens it on purpose). */
  defaultOpen?: boolean;
  /** Opened or folded by the user: the container reads the sub-agents' steps while it is open. */
  onToggle?: (open: boolean) => void;
}

function StepHead({ step }: { step: StepRecord }) {
  const name = step.kind === 'tool' ? toolLabel(step) : (step.model ?? t('stepKindModel'));
  return (
    <div className="step-head">
      <span className="step-kind">{stepKindLabel(step.kind)}</span>{' '}
      <strong className="step-name" title={step.toolName}>
        {name}
      </strong>{' '}
      <span className="step-facts">{stepFacts(step).join(' · ')}</span>
    </div>
  );
}

function StepBody({ step }: { step: StepRecord }) {
  const args =
    step.kind === 'tool' && step.arguments && step.arguments.trim() !== '{}'
      ? describeToolArguments(step.toolName, step.arguments)
      : undefined;
  return (
    <>
      {args && <code className="step-arguments">{args}</code>}
      {step.summary && <p className="step-summary">{summaryText(step)}</p>}
    </>
  );
}

/** The sub-agent's own steps, folded out under the agentic_fetch call that started it. */
function FetchAnalysisSteps({
  analysis,
  onOpenSession,
}: {
  analysis: FetchAnalysisActivity;
  onOpenSession: (sessionId: string) => void;
}) {
  const titleId = useId();
  const run = analysis.runs.at(-1);
  const totals = activityTotals(analysis.steps);
  return (
    <section className="sub-activity" aria-labelledby={titleId}>
      <div className="sub-activity-head">
        <span id={titleId} className="sub-activity-title">
          {t('fetchAnalysis')}
        </span>
        {run && <span className="muted"> {t('onModel', run.model)}</span>}
        {run && run.status !== 'done' && (
          <span className="muted"> ({statusLabel(run.status)})</span>
        )}
      </div>
      <p className="sub-activity-totals">{describeTotals(totals, { duration: true })}</p>
      {analysis.steps.length === 0 ? (
        <p className="muted">{t('noSteps')}</p>
      ) : (
        <ol className="steps sub-steps" aria-label={t('fetchAnalysisSteps')}>
          {analysis.steps.map((step) => (
            <li key={step.id} className={`step step-${step.status}`}>
              <StepHead step={step} />
              <StepBody step={step} />
            </li>
          ))}
        </ol>
      )}
      <button
        type="button"
        className="link-button"
        onClick={() => onOpenSession(analysis.session.id)}
      >
        {t('openFetchAnalysis')}
      </button>
    </section>
  );
}

function stepKindLabel(kind: StepRecord['kind']): string {
  if (kind === 'tool') return t('stepKindTool');
  return kind === 'model' ? t('stepKindModel') : t('stepKindCompression');
}

function StepItem({
  step,
  analysis,
  onOpenSession,
}: {
  step: StepRecord;
  analysis?: FetchAnalysisActivity;
  onOpenSession: (sessionId: string) => void;
}) {
  return (
    <li className={`step step-${step.status}`}>
      <StepHead step={step} />
      <StepBody step={step} />
      {analysis && <FetchAnalysisSteps analysis={analysis} onOpenSession={onOpenSession} />}
    </li>
  );
}

/** The sub-agents that belong to these steps (their agentic_fetch calls), in call order. */
function analysesOf(
  steps: readonly StepRecord[],
  fetchAnalyses: ReadonlyMap<string, FetchAnalysisActivity>,
): FetchAnalysisActivity[] {
  return steps.flatMap((step) => {
    const analysis = step.toolCallId ? fetchAnalyses.get(step.toolCallId) : undefined;
    return analysis ? [analysis] : [];
  });
}

/** Both agents together: what the answer cost in model calls, tokens and fetches. */
function answerTotals(
  steps: readonly StepRecord[],
  analyses: readonly FetchAnalysisActivity[],
): ActivityTotals {
  return analyses.reduce(
    (sum, analysis) => addTotals(sum, activityTotals(analysis.steps)),
    activityTotals(steps),
  );
}

/** The folded audit trail of one answer: every model call and tool call the run made. */
export function ActivityPanel({
  steps,
  stepCount = steps?.length ?? 0,
  fetchAnalyses,
  onOpenSession,
  defaultOpen = false,
  onToggle,
}: ActivityPanelProps) {
  const [open, setOpen] = useState(defaultOpen);
  const listId = useId();
  const count = tp('steps', stepCount);
  const analyses = open && steps ? analysesOf(steps, fetchAnalyses) : [];
  return (
    <div className="activity">
      <button
        type="button"
        className="activity-toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => {
          setOpen(!open);
          onToggle?.(!open);
        }}
      >
        <span className="chevron" aria-hidden="true">
          {open ? '▾' : '▸'}
        </span>
        {t('activity')}
      </button>
      <span className="activity-count" aria-hidden={open}>
        {count}
      </span>
      <div id={listId} hidden={!open}>
        {open &&
          steps &&
          (steps.length === 0 ? (
            <p className="muted">{t('noSteps')}</p>
          ) : (
            <>
              <p className="activity-totals">
                {describeTotals(answerTotals(steps, analyses))}
                {analyses.length > 0 && ` (${t('fetchAnalysisIncluded')})`}
              </p>
              <ol className="steps">
                {steps.map((step) => (
                  <StepItem
                    key={step.id}
                    step={step}
                    analysis={step.toolCallId ? fetchAnalyses.get(step.toolCallId) : undefined}
                    onOpenSession={onOpenSession}
                  />
                ))}
              </ol>
            </>
          ))}
      </div>
    </div>
  );
}
