import type { MessageKey } from '../i18n/catalogs';
import { type LocalText, local } from '../i18n/local-text';
import { t } from '../i18n/translate';
/**
 * Judges whether a host names something on the user's own machine or network (loopback, private,
 * link-local, CGNAT, cloud metadata, local-only names), which a page or a model must not make
 * Gleaner fetch: the extension has host permissions for every site, so a fetch to such an address
 * would reach routers, dev servers and metadata endpoints with the user's network position.
 *
 * Extensions get no DNS lookup (there is no `dns` API in Chrome's MV3 worker), so this judges the
 * host exactly as written in the URL, after the WHATWG URL parser has canonicalised it. A public
 * name that resolves to a private address (`127.0.0.1.nip.io`, DNS rebinding) is not caught here;
 * the README says so.
 *
 * The host must come from `new URL(...).hostname`: the parser already turns the numeric disguises
 * of IPv4 (`2130706433`, `0177.0.0.1`, `0x7f.0.0.1`, `127.1`) into the dotted quad `127.0.0.1`,
 * and IPv6 into its compressed lowercase hex form (`[::ffff:127.0.0.1]` becomes `[::ffff:7f00:1]`),
 * so only canonical forms need judging here.
 */

export type PrivateHostCategory =
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'cgnat'
  | 'this-network'
  | 'metadata'
  | 'local-name'
  | 'reserved';

export interface PrivateHostVerdict {
  category: PrivateHostCategory;
  /** Words for the user: "a loopback address (this computer)". */
  description: string;
  /** The same words as a stored sentence (English for the model, shown in the chosen language). */
  descriptionText: LocalText;
  /** For addresses that embed an IPv4 address (IPv4-mapped IPv6, NAT64, 6to4): that address. */
  embeddedIpv4?: string;
}

const DESCRIPTIONS: Record<PrivateHostCategory, MessageKey> = {
  loopback: 'hostLoopback',
  private: 'hostPrivate',
  'link-local': 'hostLinkLocal',
  cgnat: 'hostCgnat',
  'this-network': 'hostThisNetwork',
  metadata: 'hostMetadata',
  'local-name': 'hostLocalName',
  reserved: 'hostReserved',
};

function verdict(category: PrivateHostCategory, embeddedIpv4?: string): PrivateHostVerdict {
  return {
    category,
    description: t(DESCRIPTIONS[category]),
    descriptionText: local(DESCRIPTIONS[category]),
    ...(embeddedIpv4 === undefined ? {} : { embeddedIpv4 }),
  };
}

/** Cloud metadata services, by name and by address (AWS, GCP, Azure, Oracle, Alibaba...). */
const METADATA_NAMES = new Set(['metadata.google.internal', 'metadata.goog', 'metadata']);
const METADATA_IPV4 = new Set(['169.254.169.254', '169.254.170.2', '100.100.100.200']);
/** AWS's IPv6 metadata endpoint, fd00:ec2::254, as 8 groups. */
const METADATA_IPV6 = [0xfd00, 0x0ec2, 0, 0, 0, 0, 0, 0x0254];

/**
 * Suffixes that are never public: RFC 6761 (`localhost`), RFC 6762 (`local`, and the names its
 * appendix G says are used privately), RFC 8375 (`home.arpa`), ICANN's reserved `internal`.
 */
const LOCAL_SUFFIXES = [
  'local',
  'internal',
  'home.arpa',
  'localdomain',
  'lan',
  'home',
  'corp',
  'intranet',
  'private',
];

/** Returns why the host is off limits, or `undefined` for a public host. */
export function classifyHost(hostname: string): PrivateHostVerdict | undefined {
  // A trailing dot makes a name fully qualified ("localhost." is localhost).
  const host = hostname.toLowerCase().replace(/\.+$/, '');
  if (host.startsWith('[') && host.endsWith(']')) return classifyIpv6(host.slice(1, -1));
  const ipv4 = parseIpv4(host);
  if (ipv4) return classifyIpv4(ipv4);
  return classifyName(host);
}

function classifyName(host: string): PrivateHostVerdict | undefined {
  if (host === '') return verdict('local-name');
  if (host === 'localhost' || host.endsWith('.localhost')) return verdict('loopback');
  if (METADATA_NAMES.has(host)) return verdict('metadata');
  if (LOCAL_SUFFIXES.some((suffix) => host === suffix || host.endsWith(`.${suffix}`))) {
    return verdict('local-name');
  }
  // A single label ("router", "intranet") is completed with the network's search domains by the
  // resolver, so it names a machine on the local network; no public site is reached that way.
  if (!host.includes('.')) return verdict('local-name');
  return undefined;
}

type Ipv4 = readonly [number, number, number, number];

function parseIpv4(host: string): Ipv4 | undefined {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!match) return undefined;
  const parts = match.slice(1).map(Number);
  if (parts.some((part) => part > 255)) return undefined;
  return parts as unknown as Ipv4;
}

function classifyIpv4([a, b, c, d]: Ipv4): PrivateHostVerdict | undefined {
  const dotted = `${a}.${b}.${c}.${d}`;
  if (METADATA_IPV4.has(dotted)) return verdict('metadata');
  if (a === 0) return verdict('this-network');
  if (a === 127) return verdict('loopback');
  if (a === 10) return verdict('private');
  if (a === 172 && b >= 16 && b <= 31) return verdict('private');
  if (a === 192 && b === 168) return verdict('private');
  if (a === 169 && b === 254) return verdict('link-local');
  if (a === 100 && b >= 64 && b <= 127) return verdict('cgnat');
  // 192.0.0.0/24 (IETF protocol assignments, Oracle's metadata at 192.0.0.192), 198.18.0.0/15
  // (benchmarking), 224.0.0.0/4 multicast, 240.0.0.0/4 reserved and the broadcast address.
  if (a === 192 && b === 0 && c === 0) return verdict('reserved');
  if (a === 198 && (b === 18 || b === 19)) return verdict('reserved');
  if (a >= 224) return verdict('reserved');
  return undefined;
}

/** Parses a canonical or hand-written IPv6 address (no brackets, no zone) into 8 groups. */
function parseIpv6(text: string): number[] | undefined {
  let body = text;
  const tail: number[] = [];
  // A dotted IPv4 tail ("::ffff:1.2.3.4"); the URL parser never outputs one, but be lenient.
  const dotted = /^(.*:)(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})$/.exec(body);
  if (dotted) {
    const ipv4 = parseIpv4(dotted[2]!);
    if (!ipv4) return undefined;
    tail.push((ipv4[0] << 8) | ipv4[1], (ipv4[2] << 8) | ipv4[3]);
    body = dotted[1]!.endsWith('::') ? dotted[1]! : dotted[1]!.slice(0, -1);
  }
  const halves = body.split('::');
  if (halves.length > 2) return undefined;
  const parseGroups = (part: string) =>
    part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16));
  const head = parseGroups(halves[0]!);
  const rest = halves.length === 2 ? parseGroups(halves[1]!) : [];
  const known = head.length + rest.length + tail.length;
  if (halves.length === 1 && known !== 8) return undefined;
  if (known > 8) return undefined;
  const groups = [...head, ...new Array<number>(8 - known).fill(0), ...rest, ...tail];
  if (groups.some((group) => Number.isNaN(group) || group < 0 || group > 0xffff)) return undefined;
  return groups;
}

function ipv4FromGroups(high: number, low: number): Ipv4 {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff];
}

/**
 * The IPv4 addresses an address in 64:ff9b:1::/48 may carry, for the RFC 6052 prefix lengths
 * /48, /56, /64 and /96. For the shorter ones, the bits after the IPv4 address and bits 64 to 71
 * (the "u" octet) are zero by that RFC, so a reading where they are not is no reading at all. A
 * reading of 0.0.0.0 is dropped when another reading is left: it is the unused tail of a shorter
 * prefix, not an address.
 */
function localNat64Candidates(groups: readonly number[]): Ipv4[] {
  const bytes = groups.flatMap((group) => [group >> 8, group & 0xff]);
  const zeroFrom = (start: number) => bytes.slice(start).every((byte) => byte === 0);
  const at = (...indexes: number[]) => indexes.map((index) => bytes[index] ?? 0) as unknown as Ipv4;
  const readings: Ipv4[] = [at(12, 13, 14, 15)];
  if (bytes[8] === 0) {
    if (zeroFrom(11)) readings.push(at(6, 7, 9, 10));
    if (zeroFrom(12)) readings.push(at(7, 9, 10, 11));
    if (zeroFrom(13)) readings.push(at(9, 10, 11, 12));
  }
  const unspecified = (ipv4: Ipv4) => ipv4.every((byte) => byte === 0);
  const addresses = readings.filter((ipv4) => !unspecified(ipv4));
  return addresses.length > 0 ? addresses : readings;
}

function classifyIpv6(text: string): PrivateHostVerdict | undefined {
  const groups = parseIpv6(text);
  // Unparseable brackets never come out of the URL parser; refuse rather than guess.
  if (!groups) return verdict('reserved');
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (groups.every((group, index) => group === METADATA_IPV6[index])) return verdict('metadata');
  const firstFiveZero = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  if (firstFiveZero && g5 === 0 && g6 === 0) {
    if (g7 === 0) return verdict('this-network'); // "::", the unspecified address
    if (g7 === 1) return verdict('loopback'); // "::1"
  }
  // Addresses that carry an IPv4 address inside: judged by that address.
  // ::ffff:a.b.c.d (IPv4-mapped), ::a.b.c.d (IPv4-compatible, deprecated),
  // ::ffff:0:a.b.c.d (IPv4-translated, RFC 2765), 64:ff9b::a.b.c.d (NAT64, RFC 6052),
  // 2002:AABB:CCDD::/48 (6to4).
  let embedded: Ipv4 | undefined;
  const firstFourZero = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0;
  if (firstFiveZero && (g5 === 0xffff || g5 === 0)) embedded = ipv4FromGroups(g6, g7);
  else if (firstFourZero && g4 === 0xffff && g5 === 0) embedded = ipv4FromGroups(g6, g7);
  else if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) {
    embedded = ipv4FromGroups(g6, g7);
  } else if (g0 === 0x2002) embedded = ipv4FromGroups(g1, g2);
  if (embedded) {
    const inner = classifyIpv4(embedded);
    return inner ? verdict(inner.category, embedded.join('.')) : undefined;
  }
  // 64:ff9b:1::/48 is NAT64 for local use (RFC 8215): the operator picks a longer prefix inside
  // it, and the IPv4 address sits where RFC 6052 puts it for that prefix length. The length is
  // not in the address, so every place it can sit is judged, and the address is refused when
  // any reading is not public.
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 1) {
    for (const candidate of localNat64Candidates(groups)) {
      const inner = classifyIpv4(candidate);
      if (inner) return verdict(inner.category, candidate.join('.'));
    }
    return undefined;
  }
  if ((g0 & 0xfe00) === 0xfc00) return verdict('private'); // fc00::/7 unique local
  if ((g0 & 0xffc0) === 0xfe80) return verdict('link-local'); // fe80::/10
  if ((g0 & 0xffc0) === 0xfec0) return verdict('private'); // fec0::/10 site-local (deprecated)
  if ((g0 & 0xff00) === 0xff00) return verdict('reserved'); // ff00::/8 multicast
  return undefined;
}
