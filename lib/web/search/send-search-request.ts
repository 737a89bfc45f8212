import { type LocalText, local } from '../../i18n/local-text';
import { SEARCH_PROVIDER_LABELS, type SearchProviderId } from '../../settings/search-settings';
import { decodeBody } from '../decode-body';
import { FetchTimeoutError } from '../fetch-timeout-error';
import { readLimitedBody } from '../read-limited-body';
import { failureOf, type SearchFailure } from './types';

/** A results page is tens of kilobytes; anything past this is not a results page. */
export const MAX_SEARCH_RESPONSE_BYTES = 2 * 1024 * 1024;

export interface SearchRequest {
  url: string;
  method: 'GET' | 'POST';
  /** Only what the provider needs: Accept, a form Content-Type, Brave's key. */
  headers: Record<string, string>;
  body?: string;
}

export interface SearchResponse {
  ok: true;
  status: number;
  statusText: string;
  headers: Headers;
  /** The body decoded as text (charset from the header or the page, else UTF-8). */
  text: string;
}

export interface SendContext {
  provider: SearchProviderId;
  signal?: AbortSignal | undefined;
  fetchImpl?: typeof fetch | undefined;
  /** Said after the generic sentence when the provider answers with a redirect. */
  redirectHint?: string;
}

/**
 * Sends one search request and reads its answer, whatever the status: the providers judge the
 * status and body (DuckDuckGo's bot check comes as HTTP 202 with a page; Brave explains a bad key
 * in a JSON body). Failures of the transport become a `SearchFailure`; the caller's own stop
 * rejects with its reason.
 *
 * Every search goes out the same way, so no provider can get it wrong:
 * - `credentials: 'omit'`: no cookies or HTTP auth. A worker fetch to a host in the extension's
 *   host permissions carries the user's cookies otherwise, which would tie searches to the user's
 *   account on that site.
 * - no Referer (`referrer: ''`, `referrerPolicy: 'no-referrer'`).
 * - `cache: 'no-store'`: a credential-less search should neither be answered from nor leave an
 *   entry in the HTTP cache the user's own browsing shares.
 * - `redirect: 'manual'`: a redirect is not followed. The query, and Brave's key header, go only
 *   to the address in Settings: fetch drops `Authorization` on a cross-origin redirect but keeps
 *   custom headers such as `X-Subscription-Token` (https://fetch.spec.whatwg.org/#http-redirect-fetch
 *   removes only the "CORS non-wildcard request-header names", i.e. `Authorization`).
 */
export async function sendSearchRequest(
  request: SearchRequest,
  context: SendContext,
): Promise<SearchResponse | SearchFailure> {
  const label = SEARCH_PROVIDER_LABELS[context.provider];
  const fail = failureOf(context.provider);
  const fetchImpl = context.fetchImpl ?? globalThis.fetch.bind(globalThis);
  const signal = context.signal;
  signal?.throwIfAborted();

  let response: Response;
  try {
    response = await fetchImpl(request.url, {
      method: request.method,
      headers: request.headers,
      ...(request.body === undefined ? {} : { body: request.body }),
      credentials: 'omit',
      referrer: '',
      referrerPolicy: 'no-referrer',
      cache: 'no-store',
      redirect: 'manual',
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    const timeout = timeoutOf(error, signal);
    if (timeout) return fail('timeout', timeoutMessage(label, timeout));
    return fail(
      'network',
      local('searchUnreachable', label, withoutQuery(request.url), describeNetworkError(error)),
    );
  }

  // In the extension a manual redirect is an opaque response with status 0 and no Location
  // (https://fetch.spec.whatwg.org/#concept-filtered-response-opaque-redirect); Node gives the
  // 3xx itself.
  if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
    await response.body?.cancel().catch(() => {});
    const location = response.headers.get('location');
    const where = location ? ` (to ${withoutQuery(absolute(location, request.url))})` : '';
    // The hint is the provider's own (English) advice: the sentence stays English with it.
    if (context.redirectHint) {
      return fail(
        'bad-response',
        `${label} answered the search with a redirect${where} instead of results. Gleaner sends ` +
          `searches only to the address in Settings and does not follow redirects. ${context.redirectHint}`,
      );
    }
    return fail(
      'bad-response',
      location
        ? local('searchRedirectedTo', label, withoutQuery(absolute(location, request.url)))
        : local('searchRedirected', label),
    );
  }

  try {
    const body = await readLimitedBody(response, {
      maxBytes: MAX_SEARCH_RESPONSE_BYTES,
      url: withoutQuery(request.url),
      ...(signal ? { signal } : {}),
    });
    if (body.truncated) {
      return fail(
        'bad-response',
        local('searchAnswerTooLarge', label, MAX_SEARCH_RESPONSE_BYTES / 1024 / 1024),
      );
    }
    const text = decodeBody(body.bytes, response.headers.get('content-type')).text;
    return {
      ok: true,
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
      text,
    };
  } catch (error) {
    const timeout = timeoutOf(error, signal);
    if (timeout) return fail('timeout', timeoutMessage(label, timeout));
    return fail('network', local('searchConnectionBroke', label, describeNetworkError(error)));
  }
}

/**
 * The time limit that stopped the request, if one did. Any other abort of the caller's signal is
 * the caller's stop: it is rethrown, as `fetchPage` does.
 */
function timeoutOf(error: unknown, signal: AbortSignal | undefined): FetchTimeoutError | undefined {
  if (signal?.aborted) {
    if (signal.reason instanceof FetchTimeoutError) return signal.reason;
    throw signal.reason;
  }
  return error instanceof FetchTimeoutError ? error : undefined;
}

function timeoutMessage(label: string, timeout: FetchTimeoutError): LocalText {
  const seconds = Number((timeout.ms / 1000).toFixed(3));
  return timeout.limit === 'idle'
    ? local('searchIdle', label, seconds)
    : local('searchTimedOut', label, seconds);
}

/** Node's fetch hides the reason in `cause` ("ECONNREFUSED"); Chrome says "Failed to fetch". */
function describeNetworkError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause;
  if (cause instanceof Error) {
    const code = (cause as { code?: unknown }).code;
    return typeof code === 'string' ? `${cause.message} (${code})` : cause.message;
  }
  return error.message;
}

/** The address without its query string: messages name the endpoint, not the search. */
function withoutQuery(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return url;
  }
}

function absolute(target: string, base: string): string {
  try {
    return new URL(target, base).href;
  } catch {
    return target;
  }
}
