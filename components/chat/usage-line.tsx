import type { StepRecord } from '../../lib/db/records';
import { t } from '../../lib/i18n/translate';
import { describeUsage, type SubAgentCalls, subAgentSteps, usageOf } from './usage';

interface UsageLineProps {
  steps: readonly StepRecord[];
  /** The Fetch Analyses' model calls, by the agentic_fetch call that started each. */
  subAgentCalls: SubAgentCalls;
}

/** Under an answer: tokens in and out of the main model and of its Fetch Analysis, and the price. */
export function UsageLine({ steps, subAgentCalls }: UsageLineProps) {
  const main = usageOf(steps);
  if (main.tokensIn === 0 && main.tokensOut === 0) return null;
  const sub = usageOf(subAgentSteps(steps, subAgentCalls));
  const hasSub = sub.tokensIn > 0 || sub.tokensOut > 0;
  return (
    <p className="usage-line">
      {t('usageTokens', describeUsage(main))}
      {hasSub && <> · {t('usageFetchAnalysis', describeUsage(sub))}</>}
    </p>
  );
}

/** At the end of the chat: what the whole session has used so far. */
export function SessionUsage({
  stepsByRun,
  subAgentCalls,
}: {
  stepsByRun: ReadonlyMap<string, StepRecord[]>;
  subAgentCalls: SubAgentCalls;
}) {
  const steps = [...stepsByRun.values()].flat();
  const all = usageOf([...steps, ...subAgentSteps(steps, subAgentCalls)]);
  if (all.tokensIn === 0 && all.tokensOut === 0) return null;
  return <p className="usage-line session-usage">{t('usageThisChat', describeUsage(all))}</p>;
}
