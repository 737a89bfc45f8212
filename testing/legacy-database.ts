import Dexie, { type DexieOptions } from 'dexie';

/** The Dexie schema versions Gleaner has shipped before today's, oldest first. */
export const PAST_SCHEMA_VERSIONS = [1, 2, 3, 4] as const;
export type PastSchemaVersion = (typeof PAST_SCHEMA_VERSIONS)[number];

/**
 * The stores of each schema version exactly as an older GleanerDatabase declared them (copied
 * from lib/db/database.ts at the commit that added the version). Kept apart from today's class
 * so that an edit to today's declarations cannot quietly change what the old databases were.
 */
const STORES_BY_VERSION: Record<PastSchemaVersion, Record<string, string>> = {
  // e50a1c3: sessions, messages, runs and steps.
  1: {
    sessions: 'id, updatedAt, parentSessionId',
    messages: 'id, [sessionId+seq], runId',
    runs: 'id, [sessionId+createdAt], status',
    steps: 'id, [runId+index]',
  },
  // 604bb6a: stored consent requests and standing grants.
  2: {
    consentRequests: 'id, runId, status',
    grants: 'id, &[kind+host]',
  },
  // 4e65a24: the page cache.
  3: { fetchCache: 'key, expiresAt' },
  // a0787a4: page files of Fetch Analysis runs, runs found by their parent.
  4: {
    pages: 'id, &[runId+name]',
    runs: 'id, [sessionId+createdAt], status, parentRunId',
  },
};

/**
 * The database as an older Gleaner opened it: versions 1 to `version` and nothing after, under
 * the same name as today's, so opening today's GleanerDatabase on the same factory upgrades it.
 */
export class LegacyGleanerDatabase extends Dexie {
  constructor(version: PastSchemaVersion, options: DexieOptions) {
    super('gleaner', options);
    for (const past of PAST_SCHEMA_VERSIONS) {
      if (past > version) break;
      this.version(past).stores(STORES_BY_VERSION[past]);
    }
  }
}
