import type { FetchCacheEntry, FetchCacheStorage } from '../lib/web/fetch-cache';

/** The page cache's storage in memory, for tests. */
export class MemoryFetchCacheStorage implements FetchCacheStorage {
  readonly entries = new Map<string, FetchCacheEntry>();

  async get(key: string): Promise<FetchCacheEntry | undefined> {
    return this.entries.get(key);
  }

  async put(entry: FetchCacheEntry): Promise<void> {
    this.entries.set(entry.key, entry);
  }

  async delete(key: string): Promise<void> {
    this.entries.delete(key);
  }
}
