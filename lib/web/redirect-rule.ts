/**
 * Which redirects Gleaner follows on its own: only those that stay on the
 * host the user approved. "Host" is the consent card's "site": scheme, host and port, compared
 * case-insensitively (`www.` is another host). One exception: `http://host/` to `https://host/`
 * on the default ports is the same site made secure, and is followed. Anything else (another
 * host, another port, https down to http) stops, and the caller asks the user about the new URL
 * before that host is contacted.
 */
export function isSameHostRedirect(from: string, to: string): boolean {
  const source = new URL(from);
  const target = new URL(to);
  if (stripDots(source.hostname) !== stripDots(target.hostname)) return false;
  if (source.protocol === target.protocol) return source.port === target.port;
  return (
    source.protocol === 'http:' &&
    target.protocol === 'https:' &&
    source.port === '' &&
    target.port === ''
  );
}

/** Statuses that redirect, when they come with a Location (RFC 9110 §15.4). */
export const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

function stripDots(hostname: string): string {
  return hostname.toLowerCase().replace(/\.+$/, '');
}
