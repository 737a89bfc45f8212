import type { WebServices } from '../lib/tools/tool';
import type { FetchPageResult } from '../lib/web/fetch-result';
import { normalizeFetchUrl } from '../lib/web/url-policy';

/** Web services over a table of canned results; records each URL fetched. */
export function fakeWeb(
  pages: Record<string, FetchPageResult> = {},
  options: { exemptHosts?: string[] } = {},
): WebServices & { fetched: string[] } {
  const fetched: string[] = [];
  return {
    fetched,
    normalize: async (url) => normalizeFetchUrl(url, { exemptHosts: options.exemptHosts ?? [] }),
    fetch: async (url) => {
      fetched.push(url);
      const result = pages[url];
      if (!result) {
        return {
          cached: false,
          result: {
            ok: false,
            kind: 'network',
            message: `No answer from ${url}.`,
            url,
            redirects: [],
          },
        };
      }
      return { cached: false, result };
    },
  };
}

/** A successful fetch result with sensible defaults. */
export function page(
  url: string,
  content: string,
  extra: Partial<Extract<FetchPageResult, { ok: true }>> = {},
) {
  return {
    ok: true as const,
    url,
    finalUrl: url,
    status: 200,
    contentType: 'text/markdown',
    contentSource: 'markdown' as const,
    content,
    bytes: new TextEncoder().encode(content).length,
    bodyBytes: content.length,
    redirects: [],
    ...extra,
  };
}
