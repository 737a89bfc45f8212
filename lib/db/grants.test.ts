import { beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../testing/test-database';
import type { GleanerDatabase } from './database';
import { addGrant, exemptHosts, findGrant, revokeGrant } from './grants';

let db: GleanerDatabase;
beforeEach(() => {
  db = createTestDatabase();
});

describe('grants', () => {
  it('stores a private-host exemption once per host, case-insensitively, and revokes it', async () => {
    await addGrant(db, 'private-host-exempt', 'SearX.lan:8080');
    await addGrant(db, 'private-host-exempt', 'searx.lan:8080');
    const grants = await db.grants.toArray();
    expect(grants.map((grant) => [grant.kind, grant.host])).toEqual([
      ['private-host-exempt', 'searx.lan:8080'],
    ]);
    expect(await exemptHosts(db)).toEqual(['searx.lan:8080']);
    await revokeGrant(db, grants[0]!.id);
    expect(await db.grants.count()).toBe(0);
    expect(await exemptHosts(db)).toEqual([]);
  });

  it('finds a grant only for its own kind and exact host', async () => {
    await addGrant(db, 'always-fetch', 'https://docs.example');
    expect(await findGrant(db, 'always-fetch', 'HTTPS://docs.example')).toBeDefined();
    expect(await findGrant(db, 'always-search', 'https://docs.example')).toBeUndefined();
    expect(await findGrant(db, 'always-fetch', 'https://www.docs.example')).toBeUndefined();
    expect(await exemptHosts(db)).toEqual([]);
  });
});
