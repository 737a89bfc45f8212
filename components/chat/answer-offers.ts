import type { RunRecord, StepRecord } from '../../lib/db/records';

/**
 * Whether a denied answer offers Answer without the web. That answer is written with only the
 * tools that stay in the browser, reading tabs included: it is the way on after a denied fetch,
 * search or call, but after a denied tab read it would ask for the same tab again. The denied
 * call is the run's last tool step (a denial ends the run).
 */
export function offersAnswerWithoutWeb(
  run: Pick<RunRecord, 'error'>,
  steps: readonly Pick<StepRecord, 'kind' | 'index' | 'consent'>[],
): boolean {
  if (run.error?.kind !== 'denied') return false;
  const denied = steps
    .filter((step) => step.kind === 'tool')
    .reduce<(typeof steps)[number] | undefined>(
      (latest, step) => (latest === undefined || step.index > latest.index ? step : latest),
      undefined,
    );
  return denied?.consent !== 'tab';
}
