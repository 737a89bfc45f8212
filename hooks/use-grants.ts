import { useLiveQuery } from 'dexie-react-hooks';
import { getDatabase } from '../lib/db/database';
import type { GrantRecord } from '../lib/db/records';
import { sendCommand } from './use-port-command';

/** The standing permissions, read live; undefined while loading. */
export function useGrants(): GrantRecord[] | undefined {
  return useLiveQuery(() => getDatabase().grants.toArray());
}

/** Asks the worker (the only writer) to delete a grant; resolves to an error sentence, if any. */
export async function revokeGrant(grantId: string): Promise<string | undefined> {
  const result = await sendCommand({ type: 'revokeGrant', grantId });
  return result.ok ? undefined : result.error;
}

/** Exempts a host from the private-address guard; resolves to an error sentence, if any. */
export async function exemptPrivateHost(host: string): Promise<string | undefined> {
  const result = await sendCommand({ type: 'exemptPrivateHost', host });
  return result.ok ? undefined : result.error;
}
