import { describe, expect, it } from 'vitest';
import type { SessionRecord } from '../../lib/db/records';
import { filterSessions, importingSentence, listLines } from './session-list';

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

describe('listLines', () => {
  it('puts each date group’s heading before its sessions, in list order', () => {
    const now = new Date(2026, 11, 1, 12).getTime();
    const at = (id: string, updatedAt: number): SessionRecord => ({
      ...session(id, id),
      updatedAt,
    });
    const lines = listLines([at('a', now), at('b', now - 1), at('c', now - 30 * 86_400_000)], now);
    expect(lines.map((line) => line.key)).toEqual(['group:Today', 'a', 'b', 'group:Older', 'c']);
  });
});

describe('importingSentence', () => {
  it('says how many sessions of how many are stored, with thousands separated', () => {
    expect(importingSentence({ stored: 300, total: 1_000 })).toBe(
      'Importing 300 of 1,000 sessions…',
    );
  });

  it('says the import started before its first batch is stored', () => {
    expect(importingSentence()).toBe('Importing sessions…');
  });
});
