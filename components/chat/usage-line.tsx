import type { StepRecord } from '../../lib/db/records';
import { t } from '../../lib/i18n/translate';
import type { FetchAnalysisActivity } from '../../lib/sessions/fetch-analysis-activity';
import { describeUsage, subAgentSteps, usageOf } from './usage';

interface UsageLineProps {
  steps: readonly StepRecord[];
  fetchAnalyses: ReadonlyMap<string, FetchAnalysisActivity>;
}

/** Under an answer: tokens in and out of the main model and of its Fetch Analysis, and the price. */
export function UsageLine({ steps, fetchAnalyses }: UsageLineProps) {
  const main = usageOf(steps);
  if (main.tokensIn === 0 && main.tokensOut === 0) return null;
  const sub = usageOf(subAgentSteps(steps, fetchAnalyses));
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
  fetchAnalyses,
}: {
  stepsByRun: ReadonlyMap<string, StepRecord[]>;
  fetchAnalyses: ReadonlyMap<string, FetchAnalysisActivity>;
}) {
  const steps = [...stepsByRun.values()].flat();
  const all = usageOf([...steps, ...subAgentSteps(steps, fetchAnalyses)]);
  if (all.tokensIn === 0 && all.tokensOut === 0) return null;
  return <p className="usage-line session-usage">{t('usageThisChat', describeUsage(all))}</p>;
}
