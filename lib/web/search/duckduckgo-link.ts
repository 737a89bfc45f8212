/**
 * The real address behind a link on DuckDuckGo's HTML results page. Result links there are often
 * DuckDuckGo redirects, `//duckduckgo.com/l/?uddg=<the address, percent-encoded>&rut=<token>`;
 * the model should see, and later fetch, the address itself.
 *
 * Only DuckDuckGo's own hosts are unwrapped: exactly `duckduckgo.com` or a subdomain of it, on
 * the path `/l/`. A lookalike such as `duckduckgo.com.evil.test/l/?uddg=...` is a link to
 * `evil.test` and stays as it is, so the model sees the host it would really contact.
 *
 * Returns `undefined` for what is not a result: an unparsable link, a link that is not http(s)
 * (`javascript:`, `mailto:`) and an ad's click-tracking link (`duckduckgo.com/y.js`).
 */
export function unwrapDuckDuckGoLink(href: string, pageUrl: string): string | undefined {
  let url: URL;
  try {
    url = new URL(href.trim(), pageUrl);
  } catch {
    return undefined;
  }
  if (isDuckDuckGoHost(url.hostname)) {
    if (url.pathname === '/y.js') return undefined;
    if (url.pathname === '/l/' || url.pathname === '/l') {
      // `searchParams` decodes the one level of percent-encoding DuckDuckGo added.
      const target = url.searchParams.get('uddg');
      if (!target) return undefined;
      try {
        url = new URL(target);
      } catch {
        return undefined;
      }
    }
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  return url.href;
}

function isDuckDuckGoHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.+$/, '');
  return host === 'duckduckgo.com' || host.endsWith('.duckduckgo.com');
}
