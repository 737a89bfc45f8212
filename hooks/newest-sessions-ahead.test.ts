// First: Dexie's change events run only where a global indexedDB existed when Dexie loaded.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { SessionRecord } from '../lib/db/records';
import { createTestDatabase } from '../testing/test-database';
import {
  FIRST_PAGE,
  keepNewestSessionsAhead,
  newestSessions,
  newestSessionsReadAhead,
  newestSessionsReading,
} from './newest-sessions-ahead';

const session = (index: number, parent?: string): SessionRecord => ({
  id: `${parent ? 'child' : 's'}${index}`,
  title: `Session ${index}`,
  createdAt: index,
  updatedAt: index,
  ...(parent ? { parentSessionId: parent, parentToolCallId: `call_${index}` } : {}),
});

/** A schedule the test runs by hand: what `keepNewestSessionsAhead` asked to do later. */
function heldSchedule() {
  const held: Array<() => void> = [];
  return {
    schedule: (work: () => void) => {
      held.push(work);
      return () => held.splice(held.indexOf(work), 1);
    },
    runAll: () => {
      for (const work of held.splice(0)) work();
    },
    held,
  };
}

describe('newestSessions', () => {
  it('gives the newest top-level sessions in order, Fetch Analysis sessions among them left out', async () => {
    const db = createTestDatabase();
    // Sessions 0..199; every third one's updatedAt is taken by a child session instead.
    await db.sessions.bulkAdd(
      Array.from({ length: 200 }, (_, index) =>
        index % 3 === 0 ? session(index, 's1') : session(index),
      ),
    );
    const page = await newestSessions(db);
    const expected = Array.from({ length: 200 }, (_, index) => 199 - index)
      .filter((index) => index % 3 !== 0)
      .slice(0, page.length)
      .map((index) => `s${index}`);
    expect(page.map((row) => row.id)).toEqual(expected);
    expect(page.length).toBeGreaterThanOrEqual(FIRST_PAGE / 2);
  });

  it('walks on for the top-level sessions when children crowd out the newest page', async () => {
    const db = createTestDatabase();
    await db.sessions.bulkAdd([
      ...Array.from({ length: 10 }, (_, index) => session(index)),
      ...Array.from({ length: 300 }, (_, index) => session(100 + index, 's1')),
    ]);
    const page = await newestSessions(db);
    expect(page.map((row) => row.id)).toEqual(
      Array.from({ length: 10 }, (_, index) => `s${9 - index}`),
    );
  });
});

describe('keepNewestSessionsAhead', () => {
  it('holds the newest page read ahead, forgets it when a session is written, and reads it again when scheduled', async () => {
    const db = createTestDatabase();
    await db.sessions.bulkAdd([session(1), session(2)]);
    const { schedule, runAll, held } = heldSchedule();
    const stop = keepNewestSessionsAhead(db, schedule);
    try {
      expect(newestSessionsReadAhead(db)).toBeUndefined();
      expect((await newestSessionsReading(db))?.map((row) => row.id)).toEqual(['s2', 's1']);
      expect(newestSessionsReadAhead(db)?.map((row) => row.id)).toEqual(['s2', 's1']);

      await db.sessions.update('s1', { updatedAt: 10, title: 'Renamed' });
      await expect.poll(() => newestSessionsReadAhead(db)).toBeUndefined();
      expect(held).toHaveLength(1);

      runAll();
      const again = await newestSessionsReading(db);
      expect(again?.map((row) => [row.id, row.title])).toEqual([
        ['s1', 'Renamed'],
        ['s2', 'Session 2'],
      ]);
      expect(newestSessionsReadAhead(db)).toBe(again);
    } finally {
      stop();
    }
    expect(newestSessionsReadAhead(db)).toBeUndefined();
  });
});
