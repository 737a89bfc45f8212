import type { SessionRecord } from '../../lib/db/records';
import { t } from '../../lib/i18n/translate';

const DAY = 24 * 60 * 60 * 1000;

/** Sessions by when they were last used: Today, Yesterday, Last 7 days, Older (in list order). */
export function groupByDate(
  sessions: readonly SessionRecord[],
  now = Date.now(),
): Array<{ label: string; sessions: SessionRecord[] }> {
  const midnight = new Date(now);
  midnight.setHours(0, 0, 0, 0);
  const today = midnight.getTime();
  const labelOf = (at: number) => {
    if (at >= today) return t('dateToday');
    if (at >= today - DAY) return t('dateYesterday');
    if (at >= today - 6 * DAY) return t('dateLastWeek');
    return t('dateOlder');
  };
  const groups: Array<{ label: string; sessions: SessionRecord[] }> = [];
  for (const session of sessions) {
    const label = labelOf(session.updatedAt);
    const group = groups.find((candidate) => candidate.label === label);
    if (group) group.sessions.push(session);
    else groups.push({ label, sessions: [session] });
  }
  return groups;
}
