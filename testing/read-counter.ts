import type { DBCore, DBCoreTable } from 'dexie';
import type { GleanerDatabase } from '../lib/db/database';

/**
 * Counts the reads that reach storage, per table: every get, getMany, query, openCursor and
 * count below Dexie's own layers, the reads an update makes included. Call it on a database
 * that has not been opened yet (Dexie builds its middleware stack when it opens).
 */
export function countReads(db: GleanerDatabase): { of(table: string): number } {
  const reads = new Map<string, number>();
  const counted = (name: string) => reads.set(name, (reads.get(name) ?? 0) + 1);
  db.use({
    stack: 'dbcore',
    name: 'read-counter',
    create: (down: DBCore): DBCore => ({
      ...down,
      table(name: string): DBCoreTable {
        const table = down.table(name);
        const counting =
          <Request, Result>(read: (request: Request) => Promise<Result>) =>
          (request: Request) => {
            counted(name);
            return read(request);
          };
        return {
          ...table,
          get: counting(table.get),
          getMany: counting(table.getMany),
          query: counting(table.query),
          openCursor: counting(table.openCursor),
          count: counting(table.count),
        };
      },
    }),
  });
  return { of: (table) => reads.get(table) ?? 0 };
}
