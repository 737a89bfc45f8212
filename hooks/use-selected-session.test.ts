import { describe, expect, it } from 'vitest';
import type { SessionRecord } from '../lib/db/records';
import { createTestDatabase } from '../testing/test-database';
import { sessionToOpen } from './use-selected-session';

const session = (id: string, updatedAt: number, fields: Partial<SessionRecord> = {}) => ({
  id,
  title: id,
  createdAt: 0,
  updatedAt,
  ...fields,
});

describe('sessionToOpen', () => {
  it('opens the session last opened when it is still there', async () => {
    const db = createTestDatabase();
    await db.sessions.bulkAdd([session('old', 1), session('new', 2)]);
    expect(await sessionToOpen(db, 'old')).toBe('old');
  });

  it('opens the newest top-level session when the last one is gone or is a Fetch Analysis', async () => {
    const db = createTestDatabase();
    await db.sessions.bulkAdd([
      session('old', 1),
      session('new', 2),
      session('child', 3, { parentSessionId: 'new', parentToolCallId: 'call' }),
    ]);
    expect(await sessionToOpen(db, 'deleted')).toBe('new');
    expect(await sessionToOpen(db, 'child')).toBe('new');
    expect(await sessionToOpen(db, undefined)).toBe('new');
  });

  it('is a new chat when there are no sessions', async () => {
    expect(await sessionToOpen(createTestDatabase(), undefined)).toBeNull();
  });
});
