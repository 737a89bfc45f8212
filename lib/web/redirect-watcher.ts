/**
 * Learns where a redirect leads. In the extension, a `redirect: 'manual'` fetch resolves to an
 * opaque-redirect response with no Location, so the target is read from
 * `webRequest.onBeforeRedirect` (non-blocking, allowed in MV3):
 * https://developer.chrome.com/docs/extensions/reference/api/webRequest#event-onBeforeRedirect
 * The event and the fetch's response race, so a lookup waits briefly for the event.
 */
export interface RedirectEventSource {
  addListener(
    listener: (details: {
      url: string;
      redirectUrl: string;
      initiator?: string;
      tabId: number;
    }) => void,
    filter: { urls: string[]; types?: string[] },
  ): void;
}

export function createRedirectWatcher(
  source: RedirectEventSource,
  options: { initiator: string; waitMs?: number; keepMs?: number; now?: () => number },
) {
  const now = options.now ?? Date.now;
  const seen = new Map<string, { target: string; at: number }>();
  const waiters = new Map<string, Array<(target: string) => void>>();
  const initiator = options.initiator.replace(/\/$/, '');

  source.addListener(
    (details) => {
      // Only the extension's own requests (the worker has tabId -1); never a page's navigation.
      if (details.tabId !== -1) return;
      if (details.initiator && details.initiator.replace(/\/$/, '') !== initiator) return;
      seen.set(details.url, { target: details.redirectUrl, at: now() });
      for (const resolve of waiters.get(details.url) ?? []) resolve(details.redirectUrl);
      waiters.delete(details.url);
      for (const [url, entry] of seen) {
        if (now() - entry.at > (options.keepMs ?? 60_000)) seen.delete(url);
      }
    },
    { urls: ['http://*/*', 'https://*/*'], types: ['xmlhttprequest', 'other'] },
  );

  return {
    /** How many lookups are waiting for their redirect event. */
    get waiting(): number {
      let count = 0;
      for (const list of waiters.values()) count += list.length;
      return count;
    },
    resolve(url: string): Promise<string | undefined> {
      const known = seen.get(url);
      if (known) {
        seen.delete(url);
        return Promise.resolve(known.target);
      }
      return new Promise((resolve) => {
        const waiter = (target: string) => {
          clearTimeout(timer);
          seen.delete(url);
          resolve(target);
        };
        // A redirect whose event never comes (the request failed first) leaves no waiter behind.
        const timer = setTimeout(() => {
          const rest = (waiters.get(url) ?? []).filter((other) => other !== waiter);
          if (rest.length > 0) waiters.set(url, rest);
          else waiters.delete(url);
          resolve(undefined);
        }, options.waitMs ?? 2_000);
        waiters.set(url, [...(waiters.get(url) ?? []), waiter]);
      });
    },
  };
}
