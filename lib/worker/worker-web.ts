import type { GleanerDatabase } from '../db/database';
import { exemptHosts } from '../db/grants';
import type { WebServices } from '../tools/tool';
import { acceptHeaderFor } from '../web/accept-headers';
import { FetchCache, type FetchCacheStorage } from '../web/fetch-cache';
import { fetchPage } from '../web/fetch-page';
import { normalizeFetchUrl } from '../web/url-policy';

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
