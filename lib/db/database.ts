import Dexie, { type DexieOptions, type EntityTable } from 'dexie';
import type { FetchCacheEntry } from '../web/fetch-cache';
import { withRecordedConsent } from './legacy-consent';
import type {
  ConsentRequestRecord,
  GrantRecord,
  MessageRecord,
  PageFileRecord,
  RunRecord,
  SessionRecord,
  StepRecord,
} from './records';

/**
 * The one database. Only the background worker writes to it; pages read it with liveQuery.
 * Index only what is queried; message text and keys are never indexed.
 */
export class GleanerDatabase extends Dexie {
  sessions!: EntityTable<SessionRecord, 'id'>;
  messages!: EntityTable<MessageRecord, 'id'>;
  runs!: EntityTable<RunRecord, 'id'>;
  steps!: EntityTable<StepRecord, 'id'>;
  consentRequests!: EntityTable<ConsentRequestRecord, 'id'>;
  grants!: EntityTable<GrantRecord, 'id'>;
  fetchCache!: EntityTable<FetchCacheEntry, 'key'>;
  pages!: EntityTable<PageFileRecord, 'id'>;

  constructor(options?: DexieOptions) {
    super('gleaner', options);
    this.version(1).stores({
      sessions: 'id, updatedAt, parentSessionId',
      messages: 'id, [sessionId+seq], runId',
      runs: 'id, [sessionId+createdAt], status',
      steps: 'id, [runId+index]',
    });
    // Version 2: consent requests and the grants table (see docs/decisions/0002).
    this.version(2).stores({
      consentRequests: 'id, runId, status',
      grants: 'id, &[kind+host]',
    });
    // Version 3: the 15-minute page cache (URL + Accept → result), purged by expiresAt.
    this.version(3).stores({ fetchCache: 'key, expiresAt' });
    // Version 4: large fetched pages saved as files of a Fetch Analysis run; runs by parent.
    this.version(4).stores({
      pages: 'id, &[runId+name]',
      runs: 'id, [sessionId+createdAt], status, parentRunId',
    });
    // Version 5: tool steps record their tool's consent declaration (docs/decisions/0006);
    // steps stored before it get the declaration their tool had then.
    this.version(5)
      .stores({})
      .upgrade((transaction) =>
        transaction
          .table<StepRecord, 'id'>('steps')
          .toCollection()
          .modify((step) => {
            const upgraded = withRecordedConsent(step);
            if (upgraded.consent) step.consent = upgraded.consent;
          }),
      );
  }
}

let shared: GleanerDatabase | undefined;

/** The extension's database, opened on first use. Tests construct their own with fake-indexeddb. */
export function getDatabase(): GleanerDatabase {
  shared ??= new GleanerDatabase();
  return shared;
}
