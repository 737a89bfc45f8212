import type { StepRecord } from '../../lib/db/records';
import { activeLocale, t } from '../../lib/i18n/translate';
import { formatCount } from '../shared/format';

export interface Usage {
  tokensIn: number;
  tokensOut: number;
  /** Some counts are our estimate: the provider sent no usage for them. */
  estimated: boolean;
  /** Dollars, when every priced call's price was known; undefined otherwise. */
  cost?: number;
}

const NONE: Usage = { tokensIn: 0, tokensOut: 0, estimated: false, cost: 0 };

/**
 * What a step's model calls sent and got back. A compression counts the requests it made to the
 * small model; one stored before those were recorded counts its sizes, as an estimate.
 */
function callTokensOf(step: StepRecord): { tokensIn: number; tokensOut: number } {
  const sent = step.kind === 'compression' ? step.compression?.sent : undefined;
  return sent ?? { tokensIn: step.tokensIn ?? 0, tokensOut: step.tokensOut ?? 0 };
}

/** What the model calls among these steps sent and got back (compressions included). */
export function usageOf(steps: readonly StepRecord[]): Usage {
  let usage: Usage = { ...NONE };
  for (const step of steps) {
    if (step.kind === 'tool') continue;
    if (step.tokensIn === undefined && step.tokensOut === undefined) continue;
    const tokens = callTokensOf(step);
    usage = {
      tokensIn: usage.tokensIn + tokens.tokensIn,
      tokensOut: usage.tokensOut + tokens.tokensOut,
      estimated:
        usage.estimated ||
        step.usageEstimated === true ||
        (step.kind === 'compression' && !step.compression?.sent),
      // A model call without a price makes the total unknown, a compression's included.
      cost:
        usage.cost !== undefined && step.cost !== undefined ? usage.cost + step.cost : undefined,
    };
  }
  return usage;
}

/** The model calls of each Fetch Analysis, by the agentic_fetch call that started it. */
export type SubAgentCalls = ReadonlyMap<string, readonly StepRecord[]>;

/** The model calls of the Fetch Analyses these steps started. */
export function subAgentSteps(steps: readonly StepRecord[], calls: SubAgentCalls): StepRecord[] {
  return steps.flatMap((step) => (step.toolCallId ? (calls.get(step.toolCallId) ?? []) : []));
}

function formatCost(dollars: number): string {
  const digits = dollars > 0 && dollars < 0.01 ? 4 : 2;
  return new Intl.NumberFormat(activeLocale(), {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: dollars === 0 ? 0 : digits,
    maximumFractionDigits: digits,
  }).format(dollars);
}

/** "≈ 4,210 in · 380 out · $0.0021": ≈ when any count is estimated; a price only when known. */
export function describeUsage(usage: Usage): string {
  const parts = [
    `${usage.estimated ? '≈ ' : ''}${t('usageIn', formatCount(usage.tokensIn))}`,
    t('usageOut', formatCount(usage.tokensOut)),
  ];
  if (usage.cost !== undefined && usage.cost > 0) parts.push(formatCost(usage.cost));
  return parts.join(' · ');
}
