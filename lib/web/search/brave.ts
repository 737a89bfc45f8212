import { z } from 'zod';
import { local } from '../../i18n/local-text';
import { httpStatusText } from '../http-status-message';
import { collectResults, htmlFragmentToText } from './result-fields';
import { sendSearchRequest } from './send-search-request';
import { failureOf, type SearchOutcome, type SearchProvider, type SearchResult } from './types';

export const BRAVE_SEARCH_ENDPOINT = 'https://api.search.brave.com/res/v1/web/search';
/** The API's largest `count`. */
const BRAVE_MAX_COUNT = 20;

/**
 * The Brave Search API (https://api-dashboard.search.brave.com/app/documentation/web-search):
 * `GET <endpoint>?q=...&count=N` with the key in `X-Subscription-Token`. The key goes in that
 * header and nowhere else, and only to this endpoint: redirects are not followed
 * (`sendSearchRequest`). The endpoint is not a setting; `endpoint` exists for tests.
 */
export function createBraveProvider(options: {
  apiKey: string;
  endpoint?: string;
}): SearchProvider {
  const endpoint = options.endpoint ?? BRAVE_SEARCH_ENDPOINT;
  return {
    id: 'brave',
    async search(query, { maxResults, signal, fetchImpl }): Promise<SearchOutcome> {
      const fail = failureOf('brave');
      const apiKey = options.apiKey.trim();
      if (apiKey === '') {
        return fail('config', local('searchBraveNoKey'));
      }
      const url = new URL(endpoint);
      url.searchParams.set('q', query);
      url.searchParams.set('count', String(Math.min(Math.max(maxResults, 1), BRAVE_MAX_COUNT)));
      const answer = await sendSearchRequest(
        {
          url: url.href,
          method: 'GET',
          headers: { Accept: 'application/json', 'X-Subscription-Token': apiKey },
        },
        { provider: 'brave', signal, fetchImpl },
      );
      if (!answer.ok) return answer;

      const body = parseJson(answer.text);
      if (answer.status === 401 || answer.status === 403 || isTokenError(answer.status, body)) {
        return fail(
          'config',
          local('searchBraveKeyRefused', statusLabel(answer.status, answer.statusText)),
        );
      }
      if (answer.status === 429) {
        return fail('rate-limited', local('searchBrave429', local('searchRateLimitAdvice')));
      }
      if (answer.status < 200 || answer.status > 299) {
        return fail('http-status', httpStatusText(answer, endpoint));
      }
      const parsed = braveResponseSchema.safeParse(body);
      if (!parsed.success) {
        return fail('bad-response', local('searchBraveNotJson'));
      }
      // A search with no web results has no `web` section at all.
      return {
        ok: true,
        results: readResults(parsed.data.web?.results ?? [], maxResults),
        provider: 'brave',
      };
    },
  };
}

const braveResponseSchema = z.object({
  type: z.literal('search'),
  web: z.object({ results: z.array(z.unknown()) }).optional(),
});
const braveResultSchema = z.object({
  title: z.string().optional(),
  url: z.string(),
  description: z.string().optional(),
});
/** Brave explains a bad key as HTTP 422 with `{"error": {"code": "SUBSCRIPTION_TOKEN_INVALID"}}`. */
const braveErrorSchema = z.object({ error: z.object({ code: z.string() }) });

function isTokenError(status: number, body: unknown): boolean {
  if (status < 400) return false;
  const parsed = braveErrorSchema.safeParse(body);
  return parsed.success && /SUBSCRIPTION_TOKEN|TOKEN_INVALID/i.test(parsed.data.error.code);
}

function readResults(items: unknown[], maxResults: number): SearchResult[] {
  const candidates = items.flatMap((item) => {
    const parsed = braveResultSchema.safeParse(item);
    if (!parsed.success) return [];
    // Titles and descriptions carry markup: `<strong>` around the matched words, entities.
    const { url, title = '', description = '' } = parsed.data;
    return [{ title: htmlFragmentToText(title), url, snippet: htmlFragmentToText(description) }];
  });
  return collectResults(candidates, maxResults);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const REASON_PHRASES: Record<number, string> = {
  401: 'Unauthorized',
  403: 'Forbidden',
  422: 'Unprocessable Entity',
};

function statusLabel(status: number, statusText: string): string {
  const phrase = statusText.trim() || REASON_PHRASES[status];
  return phrase ? `${status} ${phrase}` : `HTTP ${status}`;
}
