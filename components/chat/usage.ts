import { activeLocale, t } from '../../lib/i18n/translate';
import type { Usage } from '../../lib/sessions/run-totals';
import { formatCount } from '../shared/format';

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
