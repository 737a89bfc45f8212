/**
 * How a consent card shows an address: the origin (scheme and host) set apart from the path, the
 * host in the ASCII form the browser's URL parser gives (punycode for internationalised names,
 * which is what is really contacted), and the Unicode form beside it when the two differ, so a
 * lookalike such as `аpple.com` (Cyrillic а) cannot pass for `apple.com`.
 */
export interface UrlParts {
  /** `https://` */
  scheme: string;
  /** `user:password@` when the URL carries credentials (shown struck through), else empty. */
  userinfo: string;
  /** Host and port as `new URL(x).host` gives them: lower case, punycode. */
  host: string;
  /** Path, query and fragment. */
  rest: string;
  /** The host's Unicode form, only when it differs from `host`. */
  unicodeHost?: string;
}

/** Splits a URL for display; undefined when it does not parse or has no host (file:, data:). */
export function urlParts(raw: string): UrlParts | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (!url.host) return undefined;
  const userinfo = url.username ? `${url.username}${url.password ? `:${url.password}` : ''}@` : '';
  const unicode = toUnicodeHost(url.host);
  return {
    scheme: `${url.protocol}//`,
    userinfo,
    host: url.host,
    rest: `${url.pathname}${url.search}${url.hash}`,
    ...(unicode !== url.host ? { unicodeHost: unicode } : {}),
  };
}

/** `xn--bcher-kva.example:8443` becomes `bücher.example:8443`; labels that fail to decode stay. */
export function toUnicodeHost(host: string): string {
  if (!/(^|\.)xn--/i.test(host)) return host;
  const portAt = host.lastIndexOf(':');
  const name = portAt >= 0 ? host.slice(0, portAt) : host;
  const port = portAt >= 0 ? host.slice(portAt) : '';
  const labels = name.split('.').map((label) => {
    if (!/^xn--/i.test(label)) return label;
    try {
      return decodePunycode(label.slice(4).toLowerCase());
    } catch {
      return label;
    }
  });
  return `${labels.join('.')}${port}`;
}

/** The same for a stored origin (`https://xn--…:8443`) or a bare host. */
export function toUnicodeOrigin(value: string): string {
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(value)?.[0] ?? '';
  return scheme + toUnicodeHost(value.slice(scheme.length));
}

// RFC 3492 parameters. Browsers give no punycode-to-Unicode API, and adding a package for one
// decoder is not worth it: https://datatracker.ietf.org/doc/html/rfc3492#section-6.2
const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;
const SKEW = 38;
const DAMP = 700;
const INITIAL_BIAS = 72;
const INITIAL_N = 128;
const MAX_INT = 0x7fffffff;

function adapt(delta: number, points: number, first: boolean): number {
  let scaled = first ? Math.floor(delta / DAMP) : delta >> 1;
  scaled += Math.floor(scaled / points);
  let k = 0;
  while (scaled > ((BASE - T_MIN) * T_MAX) >> 1) {
    scaled = Math.floor(scaled / (BASE - T_MIN));
    k += BASE;
  }
  return k + Math.floor(((BASE - T_MIN + 1) * scaled) / (scaled + SKEW));
}

function digitValue(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30 + 26;
  if (code >= 0x41 && code <= 0x5a) return code - 0x41;
  if (code >= 0x61 && code <= 0x7a) return code - 0x61;
  return BASE;
}

/** Decodes one punycode label (without its `xn--` prefix); throws on malformed input. */
export function decodePunycode(input: string): string {
  const output: number[] = [];
  const delimiter = Math.max(input.lastIndexOf('-'), 0);
  for (let index = 0; index < delimiter; index++) {
    const code = input.charCodeAt(index);
    if (code >= 0x80) throw new RangeError('Not a punycode label');
    output.push(code);
  }
  let n = INITIAL_N;
  let bias = INITIAL_BIAS;
  let i = 0;
  for (let index = delimiter > 0 ? delimiter + 1 : 0; index < input.length; ) {
    const previous = i;
    for (let weight = 1, k = BASE; ; k += BASE) {
      if (index >= input.length) throw new RangeError('Truncated punycode label');
      const digit = digitValue(input.charCodeAt(index++));
      if (digit >= BASE || digit > Math.floor((MAX_INT - i) / weight)) {
        throw new RangeError('Invalid punycode digit');
      }
      i += digit * weight;
      const threshold = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
      if (digit < threshold) break;
      if (weight > Math.floor(MAX_INT / (BASE - threshold))) throw new RangeError('Overflow');
      weight *= BASE - threshold;
    }
    const length = output.length + 1;
    bias = adapt(i - previous, length, previous === 0);
    if (Math.floor(i / length) > MAX_INT - n) throw new RangeError('Overflow');
    n += Math.floor(i / length);
    i %= length;
    output.splice(i++, 0, n);
  }
  return String.fromCodePoint(...output);
}
