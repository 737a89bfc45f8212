import { z } from 'zod';
import { httpStatusMessage } from '../http-status-message';
import { collectResults } from './result-fields';
import { sendSearchRequest } from './send-search-request';
import {
  failureOf,
  RATE_LIMIT_ADVICE,
  type SearchFailure,
  type SearchOutcome,
  type SearchProvider,
  type SearchResult,
} from './types';

/**
 * A SearXNG instance the user chose (often their own, on localhost or the LAN), through its JSON
 * API: `GET <instance>/search?q=...&format=json`
 * (https://docs.searxng.org/dev/search_api.html). Instances serve only HTML unless `json` is
 * listed under `search.formats` in their settings.yml; asking for a format they do not serve is
 * answered 403 Forbidden (https://docs.searxng.org/admin/settings/settings_search.html).
 *
 * The instance URL is the user's own setting, like the model's base URL, so the private-address
 * guard for model-chosen URLs does not apply to it.
 */
export function createSearxngProvider(options: { url: string }): SearchProvider {
  return {
    id: 'searxng',
    async search(query, { maxResults, signal, fetchImpl }): Promise<SearchOutcome> {
      const fail = failureOf('searxng');
      const url = searxngSearchUrl(options.url, query);
      if (url === undefined) {
        return fail(
          'config',
          `The SearXNG address in Settings, "${options.url}", is not an http:// or https:// URL.`,
        );
      }
      const instance = new URL(url).origin;
      const answer = await sendSearchRequest(
        { url, method: 'GET', headers: { Accept: 'application/json' } },
        {
          provider: 'searxng',
          signal,
          fetchImpl,
          redirectHint: 'Check the SearXNG address in Settings (http:// or https://, the path).',
        },
      );
      if (!answer.ok) return answer;

      if (answer.status === 403) {
        return fail(
          'http-status',
          `The SearXNG instance at ${instance} refused the search (403 Forbidden). ${JSON_FORMAT_HINT}`,
        );
      }
      if (answer.status === 429) {
        return fail(
          'rate-limited',
          `The SearXNG instance at ${instance} is rate-limiting these searches (429 Too Many ` +
            'Requests): its bot limiter takes them for a bot. If it is your own instance, turn ' +
            `off \`server.limiter\` in its settings.yml. ${RATE_LIMIT_ADVICE}`,
        );
      }
      if (answer.status < 200 || answer.status > 299) {
        return fail(
          'http-status',
          `${httpStatusMessage(answer, url)} Check the SearXNG address in Settings.`,
        );
      }

      const contentType = answer.headers.get('content-type') ?? '';
      if (/html/i.test(contentType) || answer.text.trimStart().startsWith('<')) {
        return fail(
          'bad-response',
          `The SearXNG address in Settings (${instance}) answered with an HTML page instead of ` +
            `JSON. ${JSON_FORMAT_HINT} If it does, check that the address is the instance's.`,
        );
      }
      let body: z.infer<typeof searxngResponseSchema>;
      try {
        body = searxngResponseSchema.parse(JSON.parse(answer.text));
      } catch {
        return fail(
          'bad-response',
          `The SearXNG instance at ${instance} answered with something other than its JSON ` +
            'search results. Check the SearXNG address in Settings.',
        );
      }
      const results = readResults(body.results, maxResults);
      if (results.length === 0) {
        const blocked = engineFailure(body.unresponsive_engines ?? [], instance);
        if (blocked) return fail(blocked.kind, blocked.message);
      }
      return { ok: true, results, provider: 'searxng' };
    },
  };
}

const JSON_FORMAT_HINT =
  'This SearXNG instance does not allow the JSON format; enable `json` under `search.formats` ' +
  'in its settings.yml.';

/** `<instance>/search?q=...&format=json`, for an instance at the root or under a path. */
export function searxngSearchUrl(base: string, query: string): string | undefined {
  let url: URL;
  try {
    url = new URL(base.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  url.search = '';
  url.hash = '';
  const path = url.pathname.replace(/\/+$/, '');
  // A user may paste the search page itself, https://searx.example/search.
  url.pathname = path.endsWith('/search') ? path : `${path}/search`;
  url.searchParams.set('q', query);
  url.searchParams.set('format', 'json');
  return url.href;
}

/** Only the fields used; a result without a URL is skipped, not a reason to fail the search. */
const searxngResponseSchema = z.object({
  results: z.array(z.unknown()),
  unresponsive_engines: z.array(z.unknown()).optional(),
});
const searxngResultSchema = z.object({
  url: z.string(),
  title: z.string().optional(),
  content: z.string().optional(),
});

function readResults(items: unknown[], maxResults: number): SearchResult[] {
  const candidates = items.flatMap((item) => {
    const parsed = searxngResultSchema.safeParse(item);
    if (!parsed.success) return [];
    const { url, title = '', content = '' } = parsed.data;
    return [{ title, url, snippet: content }];
  });
  return collectResults(candidates, maxResults);
}

/**
 * No results while engines failed is not "no results": the instance's engines were blocked or
 * timed out. SearXNG lists them as `[name, reason]` pairs, reasons such as "CAPTCHA", "too many
 * requests", "access denied", "timeout".
 */
function engineFailure(
  unresponsive: unknown[],
  instance: string,
): { kind: SearchFailure['kind']; message: string } | undefined {
  const engines = unresponsive
    .filter((entry): entry is unknown[] => Array.isArray(entry))
    .map(([name, reason]) => ({ name: String(name), reason: String(reason ?? '') }));
  if (engines.length === 0) return undefined;
  const list = engines
    .map((engine) => (engine.reason ? `${engine.name} (${engine.reason})` : engine.name))
    .join(', ');
  if (
    engines.some((engine) =>
      /captcha|too many requests|access denied|suspended/i.test(engine.reason),
    )
  ) {
    return {
      kind: 'rate-limited',
      message:
        `The SearXNG instance at ${instance} found nothing because its search engines are ` +
        `blocking it: ${list}. ${RATE_LIMIT_ADVICE}`,
    };
  }
  return {
    kind: 'bad-response',
    message:
      `The SearXNG instance at ${instance} returned no results, and these engines did not ` +
      `answer: ${list}. This does not mean there are no results; try again later.`,
  };
}
