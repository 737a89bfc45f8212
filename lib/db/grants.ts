import Dexie from 'dexie';
import type { GleanerDatabase } from './database';
import { newId } from './queries';
import type { GrantRecord } from './records';

type GrantKind = GrantRecord['kind'];

/** The standing grant of this kind for this host, if the user gave one. */
export function findGrant(
  db: GleanerDatabase,
  kind: GrantKind,
  host: string,
): Promise<GrantRecord | undefined> {
  return db.grants.where('[kind+host]').equals([kind, host.toLowerCase()]).first();
}

/** Adds a grant unless the same one exists (a host is granted once per kind). */
export async function addGrant(
  db: GleanerDatabase,
  kind: GrantKind,
  host: string,
  now: number = Date.now(),
): Promise<void> {
  const normalized = host.trim().toLowerCase();
  await db.transaction('rw', db.grants, async () => {
    if (await findGrant(db, kind, normalized)) return;
    await db.grants.add({ id: newId(), kind, host: normalized, createdAt: now });
  });
}

export async function revokeGrant(db: GleanerDatabase, grantId: string): Promise<void> {
  await db.grants.delete(grantId);
}

/** Hosts the user exempted from the private-address guard (Settings → Permissions). */
export async function exemptHosts(db: GleanerDatabase): Promise<string[]> {
  const grants = await db.grants
    .where('[kind+host]')
    .between(['private-host-exempt', Dexie.minKey], ['private-host-exempt', Dexie.maxKey])
    .toArray();
  return grants.map((grant) => grant.host);
}
