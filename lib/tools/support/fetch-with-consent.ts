import type { FetchFormat } from '../../web/accept-headers';
import type { CachedFetch } from '../../web/fetch-cache';
import type { ToolContext, ToolOutcome } from '../tool';

const MAX_CROSS_HOST_REDIRECTS = 5;

/**
 * The one way a tool contacts a URL: the URL policy first (so the card shows what is really
 * fetched), then the answer's fetch budget, then the consent card, then the fetch (or the page
 * cache). A redirect to another host asks again before that host is contacted.
 * Returns the fetch, or the outcome that ends the tool call (an error, a denial, a limit).
 */
export async function fetchWithConsent(
  rawUrl: string,
  format: FetchFormat,
  context: ToolContext,
  cardDetail: (redirectedFrom?: string) => string | undefined,
): Promise<
  | { ok: true; fetched: Extract<CachedFetch['result'], { ok: true }>; cached: boolean }
  | { ok: false; outcome: ToolOutcome }
> {
  const policy = await context.services.web.normalize(rawUrl);
  if (!policy.ok) return { ok: false, outcome: { kind: 'error', message: policy.reason } };
  let url = policy.url;
  let redirectedFrom: string | undefined;
  for (let hop = 0; hop <= MAX_CROSS_HOST_REDIRECTS; hop++) {
    const budget = await context.spendFetchBudget();
    if (!budget.ok) return { ok: false, outcome: { kind: 'limit', message: budget.message } };
    const detail = cardDetail(redirectedFrom);
    const answer = await context.askConsent({
      kind: 'fetch',
      target: url,
      host: new URL(url).origin,
      ...(detail ? { detail } : {}),
    });
    if (answer === 'denied') {
      return {
        ok: false,
        outcome: { kind: 'denied', message: `You did not allow fetching ${url}.` },
      };
    }
    const { result, cached } = await context.services.web.fetch(url, format, context.signal);
    if (!result.ok && result.kind === 'cross-host-redirect' && result.redirectTo) {
      redirectedFrom = url;
      url = result.redirectTo;
      continue;
    }
    if (!result.ok) return { ok: false, outcome: { kind: 'error', message: result.message } };
    return { ok: true, fetched: result, cached };
  }
  return {
    ok: false,
    outcome: {
      kind: 'error',
      message: `Stopped after ${MAX_CROSS_HOST_REDIRECTS} redirects to other hosts, starting from ${policy.url}.`,
    },
  };
}
