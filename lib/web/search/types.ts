/**
 * The vocabulary of web search (the `web_search` tool): what a provider returns,
 * and the ways a search can fail. A failure is data with a sentence the model and the user can
 * read, never an exception; only the caller's own stop (its abort signal) rejects.
 */
import { inEnglish, type LocalText, local } from '../../i18n/local-text';
import type { SearchProviderId } from '../../settings/search-settings';

export interface SearchResult {
  title: string;
  /** The result's own address (DuckDuckGo redirect links already unwrapped); http(s) only. */
  url: string;
  /** Plain text, no markup; `''` when the provider gave none. */
  snippet: string;
}

type SearchFailureKind =
  /** The provider is throttling us (HTTP 429, DuckDuckGo's HTTP 202). Not "no results". */
  | 'rate-limited'
  /** The provider answered with a bot check or CAPTCHA instead of results. Not "no results". */
  | 'bot-check'
  /** A non-2xx answer that is neither of the above; the message names the status. */
  | 'http-status'
  /** No answer: DNS, refused connection, TLS, offline, missing host permission. */
  | 'network'
  /** No answer within the time allowed (15 s per search). */
  | 'timeout'
  /** An answer Gleaner cannot read as results: HTML instead of JSON, a changed page layout. */
  | 'bad-response'
  /** The search settings are incomplete or refused (no SearXNG URL, a missing or bad key). */
  | 'config'
  /** The query itself cannot be sent: empty, or too long. */
  | 'invalid-query';

export interface SearchFailure {
  ok: false;
  kind: SearchFailureKind;
  /** One or two sentences for the model and the activity, naming the provider. */
  message: string;
  /** The message as a stored sentence, for the panel in the chosen language. */
  i18n?: LocalText;
  provider: SearchProviderId;
}

export type SearchOutcome =
  | { ok: true; results: SearchResult[]; provider: SearchProviderId }
  | SearchFailure;

interface SearchOptions {
  /** Results wanted; a provider may return fewer, never more. */
  maxResults: number;
  /**
   * The caller's stop, and the search's deadline. When it aborts with a `FetchTimeoutError` the
   * provider answers `timeout`; when it aborts for any other reason, the search rejects with it.
   */
  signal?: AbortSignal;
  fetchImpl?: typeof fetch;
}

export interface SearchProvider {
  id: SearchProviderId;
  search(query: string, options: SearchOptions): Promise<SearchOutcome>;
}

/**
 * What a user is told to do about a throttled provider. The model gets its own, stricter
 * instruction from `formatResultsForModel`.
 */
export const RATE_LIMIT_ADVICE = inEnglish(local('searchRateLimitAdvice'));

/** Builds the failures of one provider: `const fail = failureOf('brave')`. */
export function failureOf(provider: SearchProviderId) {
  return (kind: SearchFailure['kind'], message: string | LocalText): SearchFailure => ({
    ok: false,
    kind,
    ...(typeof message === 'string' ? { message } : { message: inEnglish(message), i18n: message }),
    provider,
  });
}
