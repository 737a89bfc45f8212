import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { GleanerDatabase } from '../lib/db/database';

/** A fresh, isolated database per test (Dexie reads indexedDB at construction). */
export function createTestDatabase(): GleanerDatabase {
  return new GleanerDatabase({ indexedDB: new IDBFactory(), IDBKeyRange });
}
