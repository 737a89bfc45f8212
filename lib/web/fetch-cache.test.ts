import { describe, expect, it, vi } from 'vitest';
import { MemoryFetchCacheStorage } from '../../testing/memory-fetch-cache-storage';
import { acceptHeaderFor } from './accept-headers';
import { FETCH_CACHE_TTL_MS, FetchCache, type FetchCacheEntry, fetchCacheKey } from './fetch-cache';
import type { FetchPageFailure, FetchPageResult, FetchPageSuccess } from './fetch-result';

const URL_A = 'https://example.com/a';
const MARKDOWN = acceptHeaderFor('markdown');
const HTML = acceptHeaderFor('html');
const MINUTE = 60_000;

const success = (content: string): FetchPageSuccess => ({
  ok: true,
  url: URL_A,
  finalUrl: URL_A,
  status: 200,
  contentType: 'text/markdown',
  contentSource: 'markdown',
  content,
  bytes: content.length,
  bodyBytes: content.length,
  redirects: [],
});
const failure: FetchPageFailure = {
  ok: false,
  kind: 'http-status',
  message: 'The server answered 503 Service Unavailable for https://example.com/a.',
  url: URL_A,
  status: 503,
  redirects: [],
};

/** A cache on a clock the test moves, and a "network" that counts its calls. */
function setup(...answers: FetchPageResult[]) {
  let now = 1_700_000_000_000;
  const storage = new MemoryFetchCacheStorage();
  const cache = new FetchCache(storage, { now: () => now });
  const network = vi.fn(async () => answers.shift() ?? success('default'));
  return {
    cache,
    storage,
    network,
    advance: (ms: number) => {
      now += ms;
    },
    get now() {
      return now;
    },
  };
}

describe('FetchCache', () => {
  it('keeps pages 15 minutes', () => {
    expect(FETCH_CACHE_TTL_MS).toBe(900_000);
  });

  it('answers a repeat within 15 minutes without touching the network', async () => {
    const test = setup(success('first'));
    const fetchedAt = test.now;
    const first = await test.cache.getOrFetch(URL_A, MARKDOWN, test.network);
    expect(first).toEqual({ result: success('first'), cached: false, fetchedAt });

    test.advance(14 * MINUTE + 59_999);
    const second = await test.cache.getOrFetch(URL_A, MARKDOWN, test.network);
    expect(second).toEqual({ result: success('first'), cached: true, fetchedAt });
    expect(test.network).toHaveBeenCalledTimes(1);
  });

  it('fetches again once 15 minutes have passed, and stores the new answer', async () => {
    const test = setup(success('old'), success('new'));
    await test.cache.getOrFetch(URL_A, MARKDOWN, test.network);
    test.advance(15 * MINUTE);
    const again = await test.cache.getOrFetch(URL_A, MARKDOWN, test.network);
    expect(again).toMatchObject({ cached: false, result: { content: 'new' } });
    expect(test.network).toHaveBeenCalledTimes(2);
    test.advance(MINUTE);
    expect(await test.cache.getOrFetch(URL_A, MARKDOWN, test.network)).toMatchObject({
      cached: true,
      result: { content: 'new' },
    });
  });

  it('never stores an error', async () => {
    const test = setup(failure, success('recovered'));
    expect(await test.cache.getOrFetch(URL_A, MARKDOWN, test.network)).toEqual({
      result: failure,
      cached: false,
    });
    expect(test.storage.entries.size).toBe(0);
    const retry = await test.cache.getOrFetch(URL_A, MARKDOWN, test.network);
    expect(retry).toMatchObject({ cached: false, result: { content: 'recovered' } });
    expect(test.network).toHaveBeenCalledTimes(2);
  });

  it('keys by URL and Accept header', async () => {
    const test = setup(success('as markdown'), success('as html'));
    await test.cache.getOrFetch(URL_A, MARKDOWN, test.network);
    const html = await test.cache.getOrFetch(URL_A, HTML, test.network);
    expect(html).toMatchObject({ cached: false, result: { content: 'as html' } });
    const other = await test.cache.getOrFetch('https://example.com/b', MARKDOWN, test.network);
    expect(other.cached).toBe(false);
    expect(test.network).toHaveBeenCalledTimes(3);
    expect([...test.storage.entries.keys()]).toEqual([
      fetchCacheKey(URL_A, MARKDOWN),
      fetchCacheKey(URL_A, HTML),
      fetchCacheKey('https://example.com/b', MARKDOWN),
    ]);
  });

  it('deletes expired entries it finds', async () => {
    const test = setup(success('x'));
    await test.cache.put(URL_A, MARKDOWN, success('x'));
    test.advance(FETCH_CACHE_TTL_MS);
    expect(await test.cache.get(URL_A, MARKDOWN)).toBeUndefined();
    expect(test.storage.entries.size).toBe(0);
  });

  it('treats an unreadable stored entry as a miss and removes it', async () => {
    const test = setup(success('fresh'));
    const key = fetchCacheKey(URL_A, MARKDOWN);
    test.storage.entries.set(key, {
      key,
      url: URL_A,
      accept: MARKDOWN,
      storedAt: test.now,
      expiresAt: test.now + MINUTE,
      result: { ok: true, content: 42 },
    } as unknown as FetchCacheEntry);
    const result = await test.cache.getOrFetch(URL_A, MARKDOWN, test.network);
    expect(result).toMatchObject({ cached: false, result: { content: 'fresh' } });
  });

  it('still returns the page when storing it fails', async () => {
    const test = setup(success('page'));
    vi.spyOn(test.storage, 'put').mockRejectedValue(new Error('QuotaExceededError'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const result = await test.cache.getOrFetch(URL_A, MARKDOWN, test.network);
    expect(result).toMatchObject({ cached: false, result: { content: 'page' } });
    expect(warn).toHaveBeenCalledWith(
      'The page cache could not store https://example.com/a.',
      expect.any(Error),
    );
  });
});
