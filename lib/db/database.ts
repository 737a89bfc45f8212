import Dexie, { type DexieOptions, type EntityTable } from 'dexie';
import type { MessageRecord, RunRecord, SessionRecord, StepRecord } from './records';

/**
 * The one database. Only the background worker writes to it; pages read it with liveQuery.
 * Index only what is queried; message text and keys are never indexed.
 */
export class GleanerDatabase extends Dexie {
  sessions!: EntityTable<SessionRecord, 'id'>;
  messages!: EntityTable<MessageRecord, 'id'>;
  runs!: EntityTable<RunRecord, 'id'>;
  steps!: EntityTable<StepRecord, 'id'>;

  constructor(options?: DexieOptions) {
    super('gleaner', options);
    this.version(1).stores({
      sessions: 'id, updatedAt, parentSessionId',
      messages: 'id, [sessionId+seq], runId',
      runs: 'id, [sessionId+createdAt], status',
      steps: 'id, [runId+index]',
    });
  }
}

let shared: GleanerDatabase | undefined;

/** The extension's database, opened on first use. Tests construct their own with fake-indexeddb. */
export function getDatabase(): GleanerDatabase {
  shared ??= new GleanerDatabase();
  return shared;
}
