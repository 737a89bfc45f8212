import { describe, expect, it } from 'vitest';
import type { SessionRecord } from '../../lib/db/records';
import { filterSessions } from './session-list';

const session = (id: string, title: string): SessionRecord => ({
  id,
  title,
  createdAt: 0,
  updatedAt: 0,
});

describe('filterSessions', () => {
  const sessions = [session('a', 'Tell me about Apples'), session('b', 'Bananas')];

  it('matches titles case-insensitively', () => {
    expect(filterSessions(sessions, '  APPLES ').map((item) => item.id)).toEqual(['a']);
  });

  it('shows every session for an empty query', () => {
    expect(filterSessions(sessions, '')).toHaveLength(2);
  });
});
