import { useId, useState } from 'react';
import type { SessionRecord, StepRecord } from '@/lib/db/records';
import { formatBytes, formatCount, formatDuration, shortArguments } from './format';

interface ActivityPanelProps {
  steps: readonly StepRecord[];
  /** Fetch Analysis sessions by the tool call that started them. */
  childSessions: ReadonlyMap<string, SessionRecord>;
  onOpenSession: (sessionId: string) => void;
}

function StepFacts({ step }: { step: StepRecord }) {
  const facts: string[] = [];
  if (step.bytes !== undefined) facts.push(formatBytes(step.bytes));
  if (step.tokensIn !== undefined || step.tokensOut !== undefined) {
    facts.push(`${formatCount(step.tokensIn ?? 0)} → ${formatCount(step.tokensOut ?? 0)} tokens`);
  }
  if (step.endedAt !== undefined) facts.push(formatDuration(step.endedAt - step.startedAt));
  if (step.attempts !== undefined && step.attempts > 1) facts.push(`${step.attempts} attempts`);
  if (step.status !== 'done') facts.push(step.status === 'running' ? 'running…' : step.status);
  return <span className="step-facts">{facts.join(' · ')}</span>;
}

function StepItem({
  step,
  child,
  onOpenSession,
}: {
  step: StepRecord;
  child?: SessionRecord;
  onOpenSession: (sessionId: string) => void;
}) {
  const name = step.kind === 'tool' ? (step.toolName ?? 'tool') : (step.model ?? 'model');
  return (
    <li className={`step step-${step.status}`}>
      <div className="step-head">
        <span className="step-kind">{step.kind}</span> <strong>{name}</strong>{' '}
        <StepFacts step={step} />
      </div>
      {step.arguments && <code className="step-arguments">{shortArguments(step.arguments)}</code>}
      {step.summary && <p className="step-summary">{step.summary}</p>}
      {child && (
        <button type="button" className="link-button" onClick={() => onOpenSession(child.id)}>
          Open the Fetch Analysis conversation
        </button>
      )}
    </li>
  );
}

/** The folded audit trail of one answer: every model call and tool call the run made. */
export function ActivityPanel({ steps, childSessions, onOpenSession }: ActivityPanelProps) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const count = `${steps.length} ${steps.length === 1 ? 'step' : 'steps'}`;
  return (
    <div className="activity">
      <button
        type="button"
        className="activity-toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        <span className="chevron" aria-hidden="true">
          {open ? '▾' : '▸'}
        </span>
        Activity
      </button>
      <span className="activity-count" aria-hidden={open}>
        {count}
      </span>
      <div id={listId} hidden={!open}>
        {open &&
          (steps.length === 0 ? (
            <p className="muted">No steps recorded yet.</p>
          ) : (
            <ol className="steps">
              {steps.map((step) => (
                <StepItem
                  key={step.id}
                  step={step}
                  child={step.toolCallId ? childSessions.get(step.toolCallId) : undefined}
                  onOpenSession={onOpenSession}
                />
              ))}
            </ol>
          ))}
      </div>
    </div>
  );
}
