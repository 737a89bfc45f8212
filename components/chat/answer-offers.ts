import type { RunRecord, RunTotals } from '../../lib/db/records';

/**
 * Whether a denied answer offers Answer without the web. That answer is written with only the
 * tools that stay in the browser, reading tabs included: it is the way on after a denied fetch,
 * search or call, but after a denied tab read it would ask for the same tab again. The denied
 * call is the run's last tool step (a denial ends the run).
 */
export function offersAnswerWithoutWeb(
  run: Pick<RunRecord, 'error'>,
  totals: Pick<RunTotals, 'lastToolConsent'> | undefined,
): boolean {
  if (run.error?.kind !== 'denied') return false;
  return totals?.lastToolConsent !== 'tab';
}
