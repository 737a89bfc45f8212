import type { RunTotals } from '../../lib/db/records';
import { t } from '../../lib/i18n/translate';
import { addUsage } from '../../lib/sessions/run-totals';
import { describeUsage } from './usage';

/** Under an answer: tokens in and out of the main model and of its Fetch Analysis, and the price. */
export function UsageLine({ totals }: { totals: RunTotals }) {
  const main = totals.usage;
  if (main.tokensIn === 0 && main.tokensOut === 0) return null;
  const sub = totals.subAgentUsage;
  const hasSub = sub.tokensIn > 0 || sub.tokensOut > 0;
  return (
    <p className="usage-line">
      {t('usageTokens', describeUsage(main))}
      {hasSub && <> · {t('usageFetchAnalysis', describeUsage(sub))}</>}
    </p>
  );
}

/** At the end of the chat: what the whole session has used so far. */
export function SessionUsage({ totals }: { totals: Iterable<RunTotals> }) {
  let all = { tokensIn: 0, tokensOut: 0, estimated: false, cost: 0 } as RunTotals['usage'];
  for (const run of totals) all = addUsage(addUsage(all, run.usage), run.subAgentUsage);
  if (all.tokensIn === 0 && all.tokensOut === 0) return null;
  return <p className="usage-line session-usage">{t('usageThisChat', describeUsage(all))}</p>;
}
