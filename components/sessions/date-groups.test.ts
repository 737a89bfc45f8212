import { describe, expect, it } from 'vitest';
import type { SessionRecord } from '../../lib/db/records';
import { groupByDate } from './date-groups';

const now = new Date(2026, 11, 1, 15, 0).getTime();
const at = (daysAgo: number, hour = 9) => {
  const day = new Date(now);
  day.setDate(day.getDate() - daysAgo);
  day.setHours(hour, 0, 0, 0);
  return day.getTime();
};
const session = (id: string, updatedAt: number): SessionRecord => ({
  id,
  title: id,
  createdAt: updatedAt,
  updatedAt,
});

describe('groupByDate', () => {
  it('puts sessions under Today, Yesterday, Last 7 days and Older, keeping their order', () => {
    const groups = groupByDate(
      [
        session('a', at(0)),
        session('b', at(1, 23)),
        session('c', at(3)),
        session('d', at(6)),
        session('e', at(7)),
      ],
      now,
    );
    expect(groups.map((group) => [group.label, group.sessions.map((each) => each.id)])).toEqual([
      ['Today', ['a']],
      ['Yesterday', ['b']],
      ['Last 7 days', ['c', 'd']],
      ['Older', ['e']],
    ]);
  });
});
