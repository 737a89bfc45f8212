import Dexie, { type Table } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import type {
  DatabaseFixture,
  FixtureTable,
  StoredRecord,
} from '../../testing/fixtures/db/database-fixture';
import {
  generatedVersion1,
  generatedVersion2,
  generatedVersion3,
} from '../../testing/fixtures/db/generated';
import { databaseVersion1 } from '../../testing/fixtures/db/version-1';
import { databaseVersion2 } from '../../testing/fixtures/db/version-2';
import { databaseVersion3 } from '../../testing/fixtures/db/version-3';
import { databaseVersion4 } from '../../testing/fixtures/db/version-4';
import { databaseVersion5 } from '../../testing/fixtures/db/version-5';
import {
  LegacyGleanerDatabase,
  PAST_SCHEMA_VERSIONS,
  type PastSchemaVersion,
} from '../../testing/legacy-database';
import { createTestDatabase } from '../../testing/test-database';
import { buildJsonExport, readAllSessionBundles } from '../sessions/export-session';
import { importSessions } from '../sessions/import-sessions';
import { FetchCache, type FetchCacheEntry, fetchCacheEntrySchema } from '../web/fetch-cache';
import { GleanerDatabase } from './database';
import { withRecordedConsent } from './legacy-consent';
import {
  deleteSessionCascade,
  markInterruptedRuns,
  runSteps,
  sessionMessages,
  sessionRuns,
  topLevelSessions,
} from './queries';
import {
  ACTIVE_RUN_STATUSES,
  consentRequestSchema,
  grantSchema,
  messageSchema,
  pageFileSchema,
  type RunStatus,
  runSchema,
  type StepRecord,
  sessionSchema,
  stepSchema,
} from './records';

const CURRENT_VERSION = 5;

const TABLES: Record<FixtureTable, { primaryKey: string; schema: ZodType }> = {
  sessions: { primaryKey: 'id', schema: sessionSchema },
  messages: { primaryKey: 'id', schema: messageSchema },
  runs: { primaryKey: 'id', schema: runSchema },
  steps: { primaryKey: 'id', schema: stepSchema },
  consentRequests: { primaryKey: 'id', schema: consentRequestSchema },
  grants: { primaryKey: 'id', schema: grantSchema },
  fetchCache: { primaryKey: 'key', schema: fetchCacheEntrySchema },
  pages: { primaryKey: 'id', schema: pageFileSchema },
};
const TABLE_NAMES = Object.keys(TABLES) as FixtureTable[];

/** The tables each old version had, to prove the legacy database is the old one and no newer. */
const TABLES_BY_VERSION: Record<PastSchemaVersion, FixtureTable[]> = {
  1: ['sessions', 'messages', 'runs', 'steps'],
  2: ['sessions', 'messages', 'runs', 'steps', 'consentRequests', 'grants'],
  3: ['sessions', 'messages', 'runs', 'steps', 'consentRequests', 'grants', 'fetchCache'],
  4: TABLE_NAMES,
};

/** What today's Gleaner holds after the upgrade: version 5 records each tool step's consent. */
function upgraded(fixture: DatabaseFixture, table: FixtureTable): readonly StoredRecord[] {
  const stored = rows(fixture, table);
  if (table !== 'steps' || fixture.version >= 5) return stored;
  return stored.map((step) => withRecordedConsent(step as StepRecord) as StoredRecord);
}

function rows(fixture: DatabaseFixture, table: FixtureTable): readonly StoredRecord[] {
  return fixture.tables[table] ?? [];
}

function byPrimaryKey(table: FixtureTable, records: readonly StoredRecord[]): StoredRecord[] {
  const key = TABLES[table].primaryKey;
  return [...records].sort((a, b) => (String(a[key]) < String(b[key]) ? -1 : 1));
}

function field(record: StoredRecord, name: string): string {
  return String(record[name]);
}

/** The part of Dexie the writer uses (comparing two Dexie subclasses, as a union or with Dexie itself, overflows tsc). */
interface FixtureWriter {
  verno: number;
  tables: Table[];
  open(): Promise<unknown>;
  close(): void;
}

/** Writes the fixture the way the Gleaner of its version did: with that version's schema only. */
async function writeAsItsVersion(fixture: DatabaseFixture, indexedDB: IDBFactory): Promise<void> {
  const options = { indexedDB, IDBKeyRange };
  // Today's version is written by today's class; older ones by the class that declares only them.
  let old: FixtureWriter;
  if (fixture.version === CURRENT_VERSION) old = new GleanerDatabase(options);
  else old = new LegacyGleanerDatabase(fixture.version as PastSchemaVersion, options);
  await old.open();
  expect(old.verno).toBe(fixture.version);
  if (fixture.version !== CURRENT_VERSION) {
    expect(old.tables.map((table) => table.name).sort()).toEqual(
      [...TABLES_BY_VERSION[fixture.version as PastSchemaVersion]].sort(),
    );
  }
  for (const table of old.tables) {
    await table.bulkAdd([...rows(fixture, table.name as FixtureTable)]);
  }
  old.close();
}

const FIXTURES = [
  databaseVersion1,
  generatedVersion1,
  databaseVersion2,
  generatedVersion2,
  databaseVersion3,
  generatedVersion3,
  databaseVersion4,
  databaseVersion5,
];

describe('the fixture databases', () => {
  it('cover every schema version up to the one today’s GleanerDatabase declares', async () => {
    const db = createTestDatabase();
    await db.open();
    // A new version needs its stores in testing/legacy-database.ts and a fixture of the one
    // before it in testing/fixtures/db/, or users' databases of that version go untested.
    expect(db.verno).toBe(CURRENT_VERSION);
    const versions = Array.from({ length: CURRENT_VERSION }, (_, index) => index + 1);
    expect([...PAST_SCHEMA_VERSIONS, CURRENT_VERSION]).toEqual(versions);
    expect([...new Set(FIXTURES.map((fixture) => fixture.version))].sort((a, b) => a - b)).toEqual(
      versions,
    );
    db.close();
  });
});

describe.each(FIXTURES)(
  'a database written under schema version $version ($writtenBy), opened by today’s Gleaner',
  (fixture) => {
    let db: GleanerDatabase;

    beforeEach(async () => {
      const indexedDB = new IDBFactory();
      await writeAsItsVersion(fixture, indexedDB);
      db = new GleanerDatabase({ indexedDB, IDBKeyRange });
      await db.open();
    });

    afterEach(() => {
      db.close();
    });

    it('is at today’s version and holds every stored record unchanged', async () => {
      expect(db.verno).toBe(CURRENT_VERSION);
      for (const table of TABLE_NAMES) {
        const stored = await db.table(table).toArray();
        expect(stored, table).toEqual(byPrimaryKey(table, upgraded(fixture, table)));
      }
    });

    it('reads every record back through today’s record schemas without dropping a field', async () => {
      for (const table of TABLE_NAMES) {
        for (const record of await db.table(table).toArray()) {
          const parsed = TABLES[table].schema.safeParse(record);
          expect(parsed.error?.issues, `${table} ${JSON.stringify(record)}`).toBeUndefined();
          // zod drops keys it does not know: equality proves today's schema knows every field.
          expect(parsed.data, table).toEqual(record);
        }
      }
    });

    it('lists sessions, messages, runs and steps in order through today’s queries', async () => {
      const sessions = rows(fixture, 'sessions');
      const topLevel = sessions
        .filter((session) => session.parentSessionId === undefined)
        .sort((a, b) => Number(b.updatedAt) - Number(a.updatedAt));
      expect((await topLevelSessions(db)).map((session) => session.id)).toEqual(
        topLevel.map((session) => session.id),
      );

      const children = sessions.filter((session) => session.parentSessionId !== undefined);
      for (const child of children) {
        const found = await db.sessions
          .where('parentSessionId')
          .equals(field(child, 'parentSessionId'))
          .primaryKeys();
        expect(found).toContain(child.id);
      }

      for (const session of sessions) {
        const messages = rows(fixture, 'messages')
          .filter((message) => message.sessionId === session.id)
          .sort((a, b) => Number(a.seq) - Number(b.seq));
        expect((await sessionMessages(db, field(session, 'id'))).map((m) => m.id)).toEqual(
          messages.map((message) => message.id),
        );
        const runs = rows(fixture, 'runs')
          .filter((run) => run.sessionId === session.id)
          .sort((a, b) => Number(a.createdAt) - Number(b.createdAt));
        expect((await sessionRuns(db, field(session, 'id'))).map((run) => run.id)).toEqual(
          runs.map((run) => run.id),
        );
      }

      for (const run of rows(fixture, 'runs')) {
        const steps = rows(fixture, 'steps')
          .filter((step) => step.runId === run.id)
          .sort((a, b) => Number(a.index) - Number(b.index));
        expect((await runSteps(db, field(run, 'id'))).map((step) => step.id)).toEqual(
          steps.map((step) => step.id),
        );
        const messagesOfRun = rows(fixture, 'messages').filter((m) => m.runId === run.id);
        expect(await db.messages.where('runId').equals(field(run, 'id')).count()).toBe(
          messagesOfRun.length,
        );
      }

      const active = rows(fixture, 'runs').filter((run) =>
        ACTIVE_RUN_STATUSES.includes(run.status as RunStatus),
      );
      expect(
        (await db.runs.where('status').anyOf(ACTIVE_RUN_STATUSES).primaryKeys()).sort(),
      ).toEqual(active.map((run) => run.id).sort());

      for (const run of rows(fixture, 'runs').filter((r) => r.parentRunId !== undefined)) {
        expect(
          await db.runs.where('parentRunId').equals(field(run, 'parentRunId')).primaryKeys(),
        ).toEqual([run.id]);
      }
    });

    it('finds grants by kind and host, and still refuses a second grant for the same host', async () => {
      const added = {
        id: 'new-grant',
        kind: 'always-fetch',
        host: 'https://new.example',
        createdAt: 1,
      };
      await db.grants.add(added as never);
      for (const grant of [...rows(fixture, 'grants'), added]) {
        const found = await db.grants
          .where('[kind+host]')
          .equals([field(grant, 'kind'), field(grant, 'host')])
          .first();
        expect(found?.id).toBe(grant.id);
      }
      await expect(db.grants.add({ ...added, id: 'duplicate' } as never)).rejects.toMatchObject({
        name: 'ConstraintError',
      });
      const exempt = rows(fixture, 'grants').filter((g) => g.kind === 'private-host-exempt');
      const stored = await db.grants
        .where('[kind+host]')
        .between(['private-host-exempt', Dexie.minKey], ['private-host-exempt', Dexie.maxKey])
        .toArray();
      expect(stored.map((grant) => grant.host)).toEqual(exempt.map((grant) => grant.host));
    });

    it('finds consent requests by run and by status', async () => {
      for (const request of rows(fixture, 'consentRequests')) {
        expect(
          await db.consentRequests.where('runId').equals(field(request, 'runId')).primaryKeys(),
        ).toContain(request.id);
      }
      const pending = rows(fixture, 'consentRequests').filter((r) => r.status === 'pending');
      expect(await db.consentRequests.where('status').equals('pending').primaryKeys()).toEqual(
        pending.map((request) => request.id),
      );
    });

    it('serves a cached page while it is fresh and purges it by expiry', async () => {
      const storage = {
        get: (key: string) => db.fetchCache.get(key),
        put: async (entry: FetchCacheEntry) => {
          await db.fetchCache.put(entry);
        },
        delete: (key: string) => db.fetchCache.delete(key),
      };
      for (const entry of rows(fixture, 'fetchCache')) {
        const fresh = new FetchCache(storage, { now: () => Number(entry.storedAt) + 1 });
        const hit = await fresh.get(field(entry, 'url'), field(entry, 'accept'));
        expect(hit?.result).toEqual(entry.result);
      }
      const latest = Math.max(0, ...rows(fixture, 'fetchCache').map((e) => Number(e.expiresAt)));
      expect(await db.fetchCache.where('expiresAt').belowOrEqual(latest).count()).toBe(
        rows(fixture, 'fetchCache').length,
      );
    });

    it('marks the answers the update cut off as interrupted, so the panel offers Resume', async () => {
      const active = rows(fixture, 'runs').filter((run) =>
        ACTIVE_RUN_STATUSES.includes(run.status as RunStatus),
      );
      expect(await markInterruptedRuns(db, 1_800_000_000_000)).toBe(active.length);
      for (const run of rows(fixture, 'runs')) {
        const stored = await db.runs.get(field(run, 'id'));
        const wasActive = active.includes(run);
        expect(stored?.status).toBe(wasActive ? 'interrupted' : run.status);
        const messages = await db.messages.where('runId').equals(field(run, 'id')).toArray();
        if (wasActive) {
          expect(messages.filter((message) => message.status === 'streaming')).toEqual([]);
          expect((await runSteps(db, field(run, 'id'))).map((step) => step.status)).not.toContain(
            'running',
          );
        }
      }
    });

    it('takes a new Fetch Analysis run and its page file beside the upgraded records', async () => {
      const parent = rows(fixture, 'runs')[0]!;
      await db.runs.add({
        id: 'new-child-run',
        sessionId: field(parent, 'sessionId'),
        userMessageId: field(parent, 'userMessageId'),
        parentRunId: field(parent, 'id'),
        status: 'done',
        model: 'small',
        steps: 1,
        fetches: 0,
        budgetStart: 0,
        createdAt: 1_800_000_000_000,
        updatedAt: 1_800_000_000_000,
      });
      const page = {
        runId: 'new-child-run',
        name: 'page.md',
        url: 'https://new.example/page',
        markdown: '# Page',
        bytes: 6,
        createdAt: 1_800_000_000_000,
      };
      await db.pages.add({ ...page, id: 'new-page' });
      expect(
        await db.runs.where('parentRunId').equals(field(parent, 'id')).primaryKeys(),
      ).toContain('new-child-run');
      expect(
        (await db.pages.where('[runId+name]').equals(['new-child-run', 'page.md']).first())?.id,
      ).toBe('new-page');
      await expect(db.pages.add({ ...page, id: 'same-name' })).rejects.toMatchObject({
        name: 'ConstraintError',
      });
    });

    it('exports every upgraded session and imports the file again', async () => {
      const json = buildJsonExport(await readAllSessionBundles(db));
      const fresh = createTestDatabase();
      const topLevel = rows(fixture, 'sessions').filter((s) => s.parentSessionId === undefined);
      expect(await importSessions(fresh, json)).toBe(topLevel.length);
      expect(await fresh.sessions.count()).toBe(rows(fixture, 'sessions').length);
      expect((await fresh.messages.toArray()).map((message) => message.content).sort()).toEqual(
        rows(fixture, 'messages')
          .map((message) => message.content)
          .sort(),
      );
      expect(await fresh.runs.count()).toBe(rows(fixture, 'runs').length);
      expect(await fresh.steps.count()).toBe(rows(fixture, 'steps').length);
      fresh.close();
    });

    it('deletes an upgraded session together with its Fetch Analysis session, and nothing else', async () => {
      // The generated databases have no Fetch Analysis session: their first session goes alone.
      const child = rows(fixture, 'sessions').find((s) => s.parentSessionId !== undefined);
      const parentId = child
        ? field(child, 'parentSessionId')
        : field(rows(fixture, 'sessions')[0]!, 'id');
      const removed = new Set(child ? [parentId, field(child, 'id')] : [parentId]);
      await deleteSessionCascade(db, parentId);
      expect((await db.sessions.toArray()).map((session) => session.id).sort()).toEqual(
        rows(fixture, 'sessions')
          .map((session) => field(session, 'id'))
          .filter((id) => !removed.has(id))
          .sort(),
      );
      const keptMessages = rows(fixture, 'messages').filter(
        (message) => !removed.has(field(message, 'sessionId')),
      );
      expect(await db.messages.count()).toBe(keptMessages.length);
      const keptRuns = rows(fixture, 'runs').filter((run) => !removed.has(field(run, 'sessionId')));
      expect((await db.runs.toArray()).map((run) => run.id).sort()).toEqual(
        keptRuns.map((run) => field(run, 'id')).sort(),
      );
    });
  },
);
