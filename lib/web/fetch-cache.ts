import { z } from 'zod';
import {
  type FetchPageResult,
  type FetchPageSuccess,
  fetchPageSuccessSchema,
} from './fetch-result';

/**
 * The page cache: successful results per URL + Accept header, kept 15
 * minutes; errors are never stored, so a failed fetch is tried again next time. The cache saves
 * the network trip, not the question: callers still ask for consent before using it.
 *
 * Storage is a small interface so this file does not depend on the database schema: the worker
 * backs it with a Dexie table, tests with an in-memory one (testing/).
 */

export const FETCH_CACHE_TTL_MS = 15 * 60 * 1000;

export const fetchCacheEntrySchema = z.object({
  /** `fetchCacheKey(url, accept)`: the primary key. */
  key: z.string(),
  url: z.string(),
  accept: z.string(),
  storedAt: z.number(),
  /** When the entry stops counting; index it to purge old entries in bulk. */
  expiresAt: z.number(),
  result: fetchPageSuccessSchema,
});
export type FetchCacheEntry = z.infer<typeof fetchCacheEntrySchema>;

export interface FetchCacheStorage {
  get(key: string): Promise<FetchCacheEntry | undefined>;
  put(entry: FetchCacheEntry): Promise<void>;
  delete(key: string): Promise<void>;
}

/**
 * One key per URL and Accept header: the same URL asked for as markdown and as HTML can give
 * different bodies. The URL is the one after the URL policy (no fragment, rewrites applied),
 * which is what callers hold when they ask for consent.
 */
export function fetchCacheKey(url: string, accept: string): string {
  return `${url}\n${accept}`;
}

export interface CachedFetch {
  result: FetchPageResult;
  /** The result came from the cache; no request was made. */
  cached: boolean;
  /** When the network fetch behind a successful result happened. */
  fetchedAt?: number;
}

export class FetchCache {
  private readonly now: () => number;
  private readonly ttlMs: number;

  constructor(
    private readonly storage: FetchCacheStorage,
    options: { now?: () => number; ttlMs?: number } = {},
  ) {
    this.now = options.now ?? Date.now;
    this.ttlMs = options.ttlMs ?? FETCH_CACHE_TTL_MS;
  }

  /** A fresh stored result, or `undefined`. Expired and unreadable entries are deleted. */
  async get(url: string, accept: string): Promise<FetchCacheEntry | undefined> {
    const key = fetchCacheKey(url, accept);
    const stored = await this.storage.get(key);
    if (stored === undefined) return undefined;
    const parsed = fetchCacheEntrySchema.safeParse(stored);
    if (!parsed.success || parsed.data.expiresAt <= this.now()) {
      await this.storage.delete(key);
      return undefined;
    }
    return parsed.data;
  }

  async put(url: string, accept: string, result: FetchPageSuccess): Promise<void> {
    const storedAt = this.now();
    await this.storage.put({
      key: fetchCacheKey(url, accept),
      url,
      accept,
      storedAt,
      expiresAt: storedAt + this.ttlMs,
      result,
    });
  }

  /**
   * The stored result when fresh; else runs `fetcher` and stores what it returns if it
   * succeeded. A storage failure never fails the fetch: it is reported with `console.warn` and
   * the network is used (reading) or the result returned unstored (writing).
   */
  async getOrFetch(
    url: string,
    accept: string,
    fetcher: () => Promise<FetchPageResult>,
  ): Promise<CachedFetch> {
    let hit: FetchCacheEntry | undefined;
    try {
      hit = await this.get(url, accept);
    } catch (error) {
      console.warn(`The page cache could not be read for ${url}; fetching instead.`, error);
    }
    if (hit) return { result: hit.result, cached: true, fetchedAt: hit.storedAt };

    const fetchedAt = this.now();
    const result = await fetcher();
    if (!result.ok) return { result, cached: false };
    try {
      await this.put(url, accept, result);
    } catch (error) {
      console.warn(`The page cache could not store ${url}.`, error);
    }
    return { result, cached: false, fetchedAt };
  }
}
