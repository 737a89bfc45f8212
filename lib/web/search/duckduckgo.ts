import { local } from '../../i18n/local-text';
import { DEFAULT_DUCKDUCKGO_URL } from '../../settings/search-settings';
import { httpStatusText } from '../http-status-message';
import { parseDuckDuckGoPage } from './duckduckgo-page';
import { sendSearchRequest } from './send-search-request';
import { failureOf, type SearchOutcome, type SearchProvider } from './types';

export { DEFAULT_DUCKDUCKGO_URL };

/**
 * DuckDuckGo through its HTML endpoint, the one its no-JavaScript page uses: no key, no account.
 *
 * The request is a POST of the form field `q`, which is what that page's own search form sends
 * (and what SearXNG's DuckDuckGo engine sends, https://github.com/searxng/searxng, file
 * searx/engines/duckduckgo.py). A GET with `?q=` works too, but a POST is the request a real
 * no-JS browser makes, and it keeps the query out of the URL. Only the first page is asked for:
 * further pages need the page's `vqd` token, and asking without it is what trips the bot check.
 *
 * `url` is a setting (`duckduckgoUrl`) so tests and the e2e search fixture can stand in for
 * DuckDuckGo.
 */
export function createDuckDuckGoProvider(options: { url?: string } = {}): SearchProvider {
  const url = options.url ?? DEFAULT_DUCKDUCKGO_URL;
  return {
    id: 'duckduckgo',
    async search(query, { maxResults, signal, fetchImpl }): Promise<SearchOutcome> {
      const fail = failureOf('duckduckgo');
      const answer = await sendSearchRequest(
        {
          url,
          method: 'POST',
          headers: {
            Accept: 'text/html',
            'Content-Type': 'application/x-www-form-urlencoded',
          },
          body: new URLSearchParams({ q: query }).toString(),
        },
        {
          provider: 'duckduckgo',
          signal,
          fetchImpl,
          redirectHint:
            'A word starting with "!" is a DuckDuckGo "bang" that jumps to another site; search without it.',
        },
      );
      if (!answer.ok) return answer;

      const page = parseDuckDuckGoPage(answer.text, url);
      // The bot check comes as HTTP 202 or 200 (or 403); whatever the status, its page says so.
      if (page.kind === 'bot-check') {
        return fail('bot-check', local('searchDuckDuckGoCaptcha', local('searchRateLimitAdvice')));
      }
      if (answer.status === 202) {
        return fail('rate-limited', local('searchDuckDuckGo202', local('searchRateLimitAdvice')));
      }
      if (answer.status === 429) {
        return fail('rate-limited', local('searchDuckDuckGo429', local('searchRateLimitAdvice')));
      }
      if (answer.status === 403) {
        return fail('bot-check', local('searchDuckDuckGo403', local('searchRateLimitAdvice')));
      }
      if (answer.status < 200 || answer.status > 299) {
        return fail('http-status', httpStatusText(answer, url));
      }
      if (page.kind === 'results') {
        return { ok: true, results: page.results.slice(0, maxResults), provider: 'duckduckgo' };
      }
      if (page.kind === 'no-results') return { ok: true, results: [], provider: 'duckduckgo' };
      return fail('bad-response', local('searchDuckDuckGoUnknownPage'));
    },
  };
}
