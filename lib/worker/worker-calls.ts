import type { GleanerDatabase } from '../db/database';
import { exemptHosts } from '../db/grants';
import type { CallServices, DeclaredResponse } from '../tools/tool';
import { normalizeFetchUrl } from '../web/url-policy';
import type { McpPool } from './mcp-pool';

/**
 * How declared tools reach their endpoint: the URL policy and the private-address guard apply
 * as for fetches, except that the endpoint's own host is allowed when the user declared it on
 * loopback (their own choice, not a page's). No cookies or other browser credentials go along,
 * and never the LLM key: only the declared headers. Redirects are not followed, so the call
 * cannot end up anywhere but the declared endpoint.
 */
export function createWorkerCalls(
  db: GleanerDatabase,
  mcp: McpPool,
  fetcher: typeof fetch = (input, init) => fetch(input, init),
): CallServices {
  return {
    async http(request, signal): Promise<DeclaredResponse> {
      const endpoint = new URL(request.endpoint);
      const loopback = endpoint.protocol === 'http:';
      const policy = normalizeFetchUrl(request.url, {
        exemptHosts: [...(await exemptHosts(db)), ...(loopback ? [endpoint.host] : [])],
      });
      if (!policy.ok) throw new Error(policy.reason);
      const response = await fetcher(policy.url, {
        method: request.method,
        headers: request.headers,
        ...(request.body === undefined ? {} : { body: request.body }),
        credentials: 'omit',
        redirect: 'manual',
        referrerPolicy: 'no-referrer',
        signal,
      });
      if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
        return {
          status: response.status || 302,
          statusText: 'redirect, not followed for declared tools',
          contentType: '',
          text: '',
        };
      }
      return {
        status: response.status,
        statusText: response.statusText,
        contentType: response.headers.get('content-type') ?? '',
        text: await response.text(),
      };
    },
    mcp: (server, tool, args, signal) => mcp.call(server, tool, args, signal),
  };
}
