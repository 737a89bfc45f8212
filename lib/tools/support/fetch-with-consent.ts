import type { FetchFormat } from '../../web/accept-headers';
import type { CachedFetch } from '../../web/fetch-cache';
import type { ConsentPlan, ToolContext, ToolOutcome } from '../tool';

const MAX_CROSS_HOST_REDIRECTS = 5;

/** Carried from one card to the next when a page redirects to another host. */
interface RedirectTrail {
  startedAt: string;
  redirectedFrom: string;
  hops: number;
}

/**
 * What the card shows before a URL is contacted: the URL the policy turns it into (https, raw
 * GitHub files), so the user approves the URL that is really fetched; or the policy's refusal.
 */
export async function planFetch(
  rawUrl: string,
  context: ToolContext,
  cardDetail: (redirectedFrom?: string) => string | undefined,
): Promise<ConsentPlan> {
  const policy = await context.services.web.normalize(rawUrl);
  if (!policy.ok) {
    return {
      kind: 'refuse',
      outcome: { kind: 'error', message: policy.reason, i18n: policy.reasonI18n },
    };
  }
  return {
    kind: 'ask',
    prompt: fetchPrompt(policy.url, cardDetail(), upgradedFrom(rawUrl, policy.url)),
  };
}

/**
 * The address as written, when the policy changed only its scheme from http to https: the card
 * shows it with the upgrade stated. Other rewrites (a GitHub file page to its raw file) show
 * the address that is fetched, as before.
 */
function upgradedFrom(rawUrl: string, url: string): string | undefined {
  try {
    const written = new URL(rawUrl.trim());
    written.hash = '';
    if (written.protocol !== 'http:') return undefined;
    const upgraded = new URL(written.href);
    upgraded.protocol = 'https:';
    return upgraded.href === url ? written.href : undefined;
  } catch {
    return undefined;
  }
}

function fetchPrompt(url: string, detail: string | undefined, asked?: string) {
  return {
    kind: 'fetch' as const,
    target: url,
    host: new URL(url).origin,
    ...(detail ? { detail } : {}),
    ...(asked ? { asked } : {}),
  };
}

/**
 * Fetches the URL the user allowed (or serves it from the page cache). A redirect to another
 * host comes back as another card to answer before that host is contacted.
 * Returns the fetch, or the outcome that ends this round of the call.
 */
export async function fetchApproved(
  format: FetchFormat,
  context: ToolContext,
  cardDetail: (redirectedFrom?: string) => string | undefined,
): Promise<
  | { ok: true; fetched: Extract<CachedFetch['result'], { ok: true }>; cached: boolean }
  | { ok: false; outcome: ToolOutcome }
> {
  const url = context.approved?.target;
  if (!url) return { ok: false, outcome: { kind: 'error', message: 'No URL was allowed.' } };
  const trail = context.continuation as RedirectTrail | undefined;
  const { result, cached } = await context.services.web.fetch(url, format, context.signal);
  if (!result.ok && result.kind === 'cross-host-redirect' && result.redirectTo) {
    const hops = (trail?.hops ?? 0) + 1;
    const startedAt = trail?.startedAt ?? url;
    if (hops > MAX_CROSS_HOST_REDIRECTS) {
      const message = `Stopped after ${MAX_CROSS_HOST_REDIRECTS} redirects to other hosts, starting from ${startedAt}.`;
      return { ok: false, outcome: { kind: 'error', message } };
    }
    const next: RedirectTrail = { startedAt, redirectedFrom: url, hops };
    return {
      ok: false,
      outcome: {
        kind: 'ask-again',
        prompt: fetchPrompt(result.redirectTo, cardDetail(url)),
        continuation: next,
      },
    };
  }
  if (!result.ok) {
    const i18n = result.i18n ? { i18n: result.i18n } : {};
    return { ok: false, outcome: { kind: 'error', message: result.message, ...i18n } };
  }
  return { ok: true, fetched: result, cached };
}
