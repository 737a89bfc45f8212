import {
  SEARCH_PROVIDER_LABELS,
  type SearchProviderId,
  type SearchSettings,
  searchSettingsProblem,
} from '../../settings/search-settings';
import { startRequestDeadline } from '../request-deadline';
import type { Timers } from '../timers';
import { createBraveProvider } from './brave';
import { createDuckDuckGoProvider } from './duckduckgo';
import { createSearxngProvider } from './searxng';
import type { SearchOutcome, SearchProvider } from './types';

const DEFAULT_MAX_RESULTS = 10;
const MAX_RESULTS_LIMIT = 20;
/** At least this long between the starts of two searches to one provider. */
export const MIN_SEARCH_INTERVAL_MS = 500;
const SEARCH_TIMEOUT_MS = 15_000;
/** DuckDuckGo refuses queries of 500 characters or more; no useful query is that long. */
const MAX_QUERY_CHARS = 499;

export interface SearchServiceOptions {
  /** The search settings, or how to read them: read again for every search. */
  settings: SearchSettings | (() => SearchSettings | Promise<SearchSettings>);
  fetchImpl?: typeof fetch;
  /** Milliseconds since some epoch; `Date.now` by default. */
  now?: () => number;
  /** Waits `ms`; rejects with the signal's reason if it aborts first. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** The 15 s per search; timers for the tests that drive it. */
  timeoutMs?: number;
  timers?: Timers;
  /** Only for tests: where the Brave provider sends its requests. */
  braveEndpoint?: string;
}

export interface SearchService {
  /**
   * Searches with the provider in the settings. Resolves with results or a failure the model
   * can read; rejects only with the reason of `signal`, when the caller stops.
   */
  search(
    query: string,
    options?: { maxResults?: number; signal?: AbortSignal },
  ): Promise<SearchOutcome>;
}

/**
 * The one way the agent searches: checks the query, picks the provider
 * from the settings, keeps half a second between searches to one provider, gives each search
 * 15 s, and caps the results at `maxResults` (default 10, at most 20). How the request goes out
 * (no cookies, no Referer, no redirects) is `sendSearchRequest`'s, so no provider can differ.
 */
export function createSearchService(options: SearchServiceOptions): SearchService {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? sleepFor;
  const timeoutMs = options.timeoutMs ?? SEARCH_TIMEOUT_MS;
  /** When the latest search to each provider started (or is due to start). */
  const lastStart = new Map<SearchProviderId, number>();

  const readSettings = async () =>
    typeof options.settings === 'function' ? await options.settings() : options.settings;

  return {
    async search(rawQuery, { maxResults, signal } = {}) {
      signal?.throwIfAborted();
      const settings = await readSettings();
      const checked = normalizeSearchQuery(rawQuery);
      if (!checked.ok) {
        return {
          ok: false,
          kind: 'invalid-query',
          message: checked.message,
          provider: settings.provider,
        };
      }
      const problem = searchSettingsProblem(settings);
      if (problem) {
        return { ok: false, kind: 'config', message: problem.message, provider: settings.provider };
      }
      const provider = providerFor(settings, options.braveEndpoint);
      const limit = clampMaxResults(maxResults);

      // The slot is taken before waiting, so searches started together are spaced too.
      const earliest =
        (lastStart.get(provider.id) ?? Number.NEGATIVE_INFINITY) + MIN_SEARCH_INTERVAL_MS;
      const startAt = Math.max(now(), earliest);
      lastStart.set(provider.id, startAt);
      const wait = startAt - now();
      if (wait > 0) await sleep(wait, signal);

      const deadline = startRequestDeadline({
        totalMs: timeoutMs,
        url: SEARCH_PROVIDER_LABELS[provider.id],
        ...(signal ? { signal } : {}),
        ...(options.timers ? { timers: options.timers } : {}),
      });
      try {
        const outcome = await provider.search(checked.query, {
          maxResults: limit,
          signal: deadline.signal,
          ...(options.fetchImpl ? { fetchImpl: options.fetchImpl } : {}),
        });
        if (!outcome.ok) return outcome;
        return { ...outcome, results: outcome.results.slice(0, limit) };
      } finally {
        deadline.dispose();
      }
    },
  };
}

function providerFor(settings: SearchSettings, braveEndpoint: string | undefined): SearchProvider {
  switch (settings.provider) {
    case 'duckduckgo':
      return createDuckDuckGoProvider({ url: settings.duckduckgoUrl });
    case 'searxng':
      return createSearxngProvider({ url: settings.searxngUrl });
    case 'brave':
      return createBraveProvider({
        apiKey: settings.braveKey,
        ...(braveEndpoint ? { endpoint: braveEndpoint } : {}),
      });
  }
}

/**
 * The query as it is sent, and shown on the consent card: trimmed, whitespace runs (newlines
 * from the model) made single spaces. Empty or overlong queries are refused with a sentence.
 */
export function normalizeSearchQuery(
  raw: string,
): { ok: true; query: string } | { ok: false; message: string } {
  const query = raw.replace(/\s+/g, ' ').trim();
  if (query === '') {
    return { ok: false, message: 'The search query is empty; say what to search for.' };
  }
  if (query.length > MAX_QUERY_CHARS) {
    return {
      ok: false,
      message:
        `The search query is ${query.length} characters long; search providers take at most ` +
        `${MAX_QUERY_CHARS}. Search for one focused question at a time.`,
    };
  }
  return { ok: true, query };
}

/** `max_results` as asked, made a whole number from 1 to 20 (10 when missing or not a number). */
export function clampMaxResults(value: number | undefined): number {
  if (value === undefined || !Number.isFinite(value)) return DEFAULT_MAX_RESULTS;
  return Math.min(MAX_RESULTS_LIMIT, Math.max(1, Math.floor(value)));
}

function sleepFor(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
