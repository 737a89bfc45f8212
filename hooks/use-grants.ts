import { useLiveQuery } from 'dexie-react-hooks';
import { getDatabase } from '../lib/db/database';
import type { GrantRecord } from '../lib/db/records';

/** The standing permissions, read live; undefined while loading. */
export function useGrants(): GrantRecord[] | undefined {
  return useLiveQuery(() => getDatabase().grants.toArray());
}
