import { inEnglish, type LocalText, local } from '../i18n/local-text';
import { classifyHost } from './private-host';

/**
 * The URL policy every fetch goes through, applied BEFORE the user is asked, so the consent card
 * shows the URL that is really fetched. It is applied again to every
 * redirect hop.
 *
 * In order:
 * 1. Only `http:` and `https:`; no user name or password in the URL.
 * 2. A GitHub file page `https://github.com/<owner>/<repo>/blob/<ref>/<path>` becomes the raw file
 *    `https://raw.githubusercontent.com/<owner>/<repo>/<ref>/<path>`: exact host `github.com` or
 *    `www.github.com`, exact path shape. Lookalikes (`github.com.evil.io`, `gist.github.com`,
 *    `/tree/` pages) are left alone.
 * 3. The private-address guard: loopback, private, link-local, CGNAT, metadata and local-only
 *    names are refused, unless the host is in `exemptHosts` (see `matchesExemptHost`). Extensions
 *    get no DNS lookup, so the guard judges the host as written (see `private-host.ts`).
 * 4. `http:` becomes `https:` for a public host *name* on the default port. Never for IP
 *    literals: certificates for bare addresses are rare, so the upgrade would make most such
 *    fetches fail, and a failed upgrade is never downgraded. Never for exempted hosts (a
 *    self-hosted service on the LAN usually speaks plain http) nor on an explicit port (the
 *    https service, if any, is not on that port).
 *
 * The fragment is dropped: it is never sent to the server, and it would split the cache.
 */

export type UrlPolicyResult =
  | { ok: true; url: string; rewrites: string[] }
  /** `reasonI18n`: the reason as a stored sentence, for the panel in the chosen language. */
  | { ok: false; reason: string; reasonI18n: LocalText };

function refused(text: LocalText): UrlPolicyResult {
  return { ok: false, reason: inEnglish(text), reasonI18n: text };
}

export interface UrlPolicyOptions {
  /**
   * Hosts the user exempted from the private-address guard in settings, each `host` or
   * `host:port`, compared case-insensitively. `host` alone covers the scheme's default port only;
   * `host:port` covers that port only.
   */
  exemptHosts?: readonly string[];
}

export function normalizeFetchUrl(raw: string, options: UrlPolicyOptions = {}): UrlPolicyResult {
  const input = raw.trim();
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return refused(local('urlNotValid', shorten(input)));
  }

  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return refused(local('urlNotHttp', url.protocol));
  }
  if (url.username !== '' || url.password !== '') {
    return refused(local('urlWithCredentials', `${url.protocol}//…@${url.host}`));
  }

  const rewrites: string[] = [];
  url.hash = '';

  const rawFile = githubRawUrl(url);
  if (rawFile) {
    rewrites.push(`GitHub file page ${url.href} → raw file ${rawFile.href}`);
    url = rawFile;
  }

  const exempt = matchesExemptHost(url, options.exemptHosts ?? []);
  if (!exempt) {
    const verdict = classifyHost(url.hostname);
    if (verdict) {
      const written = hostAsWritten(input);
      const canonical = url.hostname;
      const named =
        written && written.toLowerCase() !== canonical && written.toLowerCase() !== url.host
          ? local('urlHostReadAs', written, canonical)
          : canonical;
      const what = verdict.embeddedIpv4
        ? local('urlCarriesIpv4', verdict.descriptionText, verdict.embeddedIpv4)
        : verdict.descriptionText;
      return refused(local('urlPrivateHost', named, what));
    }
  }

  if (url.protocol === 'http:' && url.port === '' && !exempt && !isIpLiteral(url.hostname)) {
    const before = url.href;
    url.protocol = 'https:';
    rewrites.push(`upgraded ${before} → ${url.href}`);
  }

  return { ok: true, url: url.href, rewrites };
}

/**
 * Whether the URL's host is one the user exempted. An entry is `host` or `host:port` (or a whole
 * URL, from which the host is taken); it is canonicalised like a URL host, so `LOCALHOST`,
 * `[0:0::1]` and `searx.lan.` match what the URL parser makes of them.
 */
export function matchesExemptHost(url: URL, exemptHosts: readonly string[]): boolean {
  const effectivePort = url.port || (url.protocol === 'https:' ? '443' : '80');
  const hostname = stripTrailingDots(url.hostname);
  return exemptHosts.some((entry) => {
    const parsed = parseExemptEntry(entry);
    if (!parsed || parsed.hostname !== hostname) return false;
    return parsed.port === undefined ? url.port === '' : parsed.port === effectivePort;
  });
}

function parseExemptEntry(entry: string): { hostname: string; port?: string } | undefined {
  const trimmed = entry.trim();
  if (trimmed === '') return undefined;
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed);
  try {
    const parsed = new URL(hasScheme ? trimmed : `http://${trimmed}`);
    // An explicit ":80" is dropped by the parser for http://; recover what the user wrote.
    const authority = hostAsWritten(hasScheme ? trimmed : `http://${trimmed}`, true) ?? '';
    const portMatch = /:(\d+)$/.exec(authority);
    const port = parsed.port || (portMatch ? String(Number(portMatch[1])) : undefined);
    return {
      hostname: stripTrailingDots(parsed.hostname),
      ...(port === undefined ? {} : { port }),
    };
  } catch {
    return undefined;
  }
}

/** The `github.com/<owner>/<repo>/blob/<ref>/<path>` → `raw.githubusercontent.com` rewrite. */
function githubRawUrl(url: URL): URL | undefined {
  const host = stripTrailingDots(url.hostname);
  if (host !== 'github.com' && host !== 'www.github.com') return undefined;
  if (url.port !== '') return undefined;
  const segments = url.pathname.split('/');
  // ['', owner, repo, 'blob', ref, ...path]
  const [empty, owner, repo, blob, ref, ...path] = segments;
  if (empty !== '' || blob !== 'blob') return undefined;
  if (!owner || !/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/.test(owner)) return undefined;
  if (!repo || !/^[A-Za-z0-9._-]+$/.test(repo) || repo === '.' || repo === '..') return undefined;
  if (!ref || path.length === 0 || path.some((segment) => segment === '')) return undefined;
  return new URL(`https://raw.githubusercontent.com/${owner}/${repo}/${ref}/${path.join('/')}`);
}

/** The host (with port) as the user or model wrote it, before the URL parser canonicalised it. */
function hostAsWritten(input: string, keepPort = false): string | undefined {
  const match = /^[a-z][a-z0-9+.-]*:\/\/([^/?#\\]*)/i.exec(input);
  if (!match) return undefined;
  const authority = match[1]!.slice(match[1]!.lastIndexOf('@') + 1);
  if (keepPort) return authority;
  return authority.replace(/:\d*$/, '');
}

function isIpLiteral(hostname: string): boolean {
  return hostname.startsWith('[') || /^\d{1,3}(?:\.\d{1,3}){3}$/.test(hostname);
}

function stripTrailingDots(hostname: string): string {
  return hostname.toLowerCase().replace(/\.+$/, '');
}

function shorten(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
