import Dexie from 'dexie';
import type { GleanerDatabase } from '../db/database';
import type { WebServices } from '../tools/tool';
import { acceptHeaderFor } from './accept-headers';
import { FetchCache, type FetchCacheStorage } from './fetch-cache';
import { fetchPage } from './fetch-page';
import { normalizeFetchUrl } from './url-policy';

function dexieCacheStorage(db: GleanerDatabase): FetchCacheStorage {
  return {
    get: (key) => db.fetchCache.get(key),
    put: async (entry) => {
      await db.fetchCache.put(entry);
      // Keep the table small: drop what has expired whenever something is added.
      await db.fetchCache.where('expiresAt').below(Date.now()).delete();
    },
    delete: (key) => db.fetchCache.delete(key),
  };
}

/** Hosts the user exempted from the private-address guard (Settings → Permissions). */
export async function exemptHosts(db: GleanerDatabase): Promise<string[]> {
  const grants = await db.grants
    .where('[kind+host]')
    .between(['private-host-exempt', Dexie.minKey], ['private-host-exempt', Dexie.maxKey])
    .toArray();
  return grants.map((grant) => grant.host);
}

/** The worker's fetching: URL policy with exemptions, the page cache, redirects, PDFs. */
export function createWorkerWeb(
  db: GleanerDatabase,
  options: {
    resolveRedirect?: (url: string) => Promise<string | undefined>;
    pdfToText?: (bytes: Uint8Array) => Promise<string>;
  } = {},
): WebServices {
  const cache = new FetchCache(dexieCacheStorage(db));
  return {
    normalize: async (url) => normalizeFetchUrl(url, { exemptHosts: await exemptHosts(db) }),
    fetch: async (url, format, signal) => {
      const exempt = await exemptHosts(db);
      return cache.getOrFetch(url, acceptHeaderFor(format), () =>
        fetchPage(url, {
          format,
          signal,
          exemptHosts: exempt,
          ...(options.resolveRedirect ? { resolveRedirect: options.resolveRedirect } : {}),
          ...(options.pdfToText ? { pdfToText: options.pdfToText } : {}),
        }),
      );
    },
  };
}
