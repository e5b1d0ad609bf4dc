import ipaddr from 'ipaddr.js';

/**
 * Address safety (issue #13 item 5): webhooks go to the public internet only. An address is
 * judged by the ranges ipaddr.js knows (loopback, private, link-local, CGNAT, multicast,
 * reserved and benchmarking, unspecified, IPv6 unique-local and the rest), plus cloud metadata
 * addresses; an IPv6 address that carries an IPv4 one (IPv4-mapped, IPv4-translated, NAT64
 * 64:ff9b::/96, 6to4 2002::/16, Teredo 2001::/32) is judged by the IPv4 address it reaches.
 * With `allowPrivateNetworks` (tests, local development) loopback, private, CGNAT and
 * unique-local addresses pass; unspecified, link-local, multicast, reserved and metadata ones never.
 */
export interface AddressPolicy {
  allowPrivateNetworks: boolean;
}

export type AddressVerdict = { ok: true } | { ok: false; reason: string };
export type UrlVerdict = { ok: true; url: URL } | { ok: false; reason: string };

/** What an unsafe address is, for the reason sentence; `private` ones pass with allowPrivateNetworks. */
interface Unsafe {
  what: string;
  private: boolean;
}

/** Cloud instance metadata services: AWS, GCP, Azure, OpenStack (169.254.169.254), Azure's host (168.63.129.16), Alibaba (100.100.100.200), AWS over IPv6. */
const METADATA_ADDRESSES = ['169.254.169.254', '168.63.129.16', '100.100.100.200', 'fd00:ec2::254'].map((ip) =>
  ipaddr.parse(ip).toNormalizedString(),
);

const METADATA: Unsafe = { what: 'a cloud metadata address', private: false };

/** ipaddr.js's range names both families share. */
const BOTH_FAMILIES: Record<string, Unsafe> = {
  unspecified: { what: 'an unspecified address', private: false },
  multicast: { what: 'a multicast address', private: false },
  linkLocal: { what: 'a link-local address', private: false },
  loopback: { what: 'a loopback address', private: true },
  reserved: { what: 'a reserved address', private: false },
};

const IPV4_RANGES: Record<string, Unsafe> = {
  ...BOTH_FAMILIES,
  broadcast: { what: 'the broadcast address', private: false },
  carrierGradeNat: { what: 'a carrier-grade NAT (shared) address', private: true },
  private: { what: 'a private address', private: true },
};

const IPV6_RANGES: Record<string, Unsafe> = {
  ...BOTH_FAMILIES,
  uniqueLocal: { what: 'a unique local (private) address', private: true },
  deprecatedSiteLocal: { what: 'a site-local address', private: false },
  benchmarking: { what: 'a benchmarking address', private: false },
  discard: { what: 'a discard-only address', private: false },
};

const SPECIAL: Unsafe = { what: 'a special-purpose address', private: false };
const BENCHMARKING_V4 = ipaddr.IPv4.parseCIDR('198.18.0.0/15');
const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR('64:ff9b::/96');
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');

function isMetadata(address: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  return METADATA_ADDRESSES.includes(address.toNormalizedString());
}

function judgeV4(address: ipaddr.IPv4): Unsafe | null {
  if (isMetadata(address)) return METADATA;
  if (address.match(BENCHMARKING_V4)) return { what: 'a benchmarking address', private: false };
  const range = address.range();
  if (range === 'unicast') return null;
  return IPV4_RANGES[range] ?? SPECIAL;
}

/** The IPv4 address built from two 16-bit groups. */
function ipv4Of(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

/** An IPv6 address reaching an IPv4 one is judged by that address: `<ip> is <kind> <v4>, <what>`. */
function embedding(kind: string, v4: ipaddr.IPv4): Unsafe | null {
  const unsafe = judgeV4(v4);
  return unsafe && { what: `${kind} ${v4.toString()}, ${unsafe.what}`, private: unsafe.private };
}

function judgeV6(address: ipaddr.IPv6): Unsafe | null {
  if (isMetadata(address)) return METADATA;
  const parts = address.parts as [number, number, number, number, number, number, number, number];
  const range = address.range();
  switch (range) {
    case 'ipv4Mapped':
      return embedding('an IPv4-mapped address of', address.toIPv4Address());
    case 'rfc6145':
      return embedding('an IPv4-translated address of', ipv4Of(parts[6], parts[7]));
    case 'rfc6052':
      // 64:ff9b::/96 reaches the IPv4 address in its last 32 bits; 64:ff9b:1::/48 is for local use.
      if (!address.match(NAT64_WELL_KNOWN)) return { what: 'a local-use NAT64 address', private: false };
      return embedding('a NAT64 address of', ipv4Of(parts[6], parts[7]));
    case '6to4':
      return embedding('a 6to4 address embedding', ipv4Of(parts[1], parts[2]));
    case 'teredo':
      // RFC 4380: the Teredo server in bits 32-63, the client's public address in the last 32 bits, inverted.
      return (
        embedding('a Teredo address whose server is', ipv4Of(parts[2], parts[3])) ??
        embedding('a Teredo address whose client is', ipv4Of(~parts[6] & 0xffff, ~parts[7] & 0xffff))
      );
    case 'unicast':
      return address.match(GLOBAL_UNICAST_V6)
        ? null
        : { what: 'an address outside the global unicast range', private: false };
    default:
      return IPV6_RANGES[range] ?? SPECIAL;
  }
}

function judge(address: ipaddr.IPv4 | ipaddr.IPv6): Unsafe | null {
  return address.kind() === 'ipv4' ? judgeV4(address as ipaddr.IPv4) : judgeV6(address as ipaddr.IPv6);
}

/**
 * Whether a webhook may connect to `ip` (an address a host name resolved to, or an IP literal).
 * The reason names the address and what it is: "127.0.0.1 is a loopback address".
 */
export function checkAddress(ip: string, policy: AddressPolicy): AddressVerdict {
  if (!ipaddr.isValid(ip)) return { ok: false, reason: `${ip} is not an IP address` };
  const unsafe = judge(ipaddr.parse(ip));
  if (unsafe === null || (unsafe.private && policy.allowPrivateNetworks)) return { ok: true };
  return { ok: false, reason: `${ip} is ${unsafe.what}` };
}

/** Longest URL accepted (a browser's practical limit; endpoint URLs are far shorter). */
export const MAX_WEBHOOK_URL_LENGTH = 2048;

/** Ports a webhook may use: 80, 443 and the unprivileged ones (SSH, SMTP, databases' low ports stay out). */
export function isAllowedPort(port: number): boolean {
  return port === 80 || port === 443 || (port >= 1024 && port <= 65_535);
}

/** localhost and *.localhost always mean this machine (RFC 6761), whatever DNS says. */
function isLocalhostName(hostname: string): boolean {
  const name = hostname.replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

/**
 * What can be known of a webhook URL before any DNS lookup: http or https, an allowed port, no
 * user name or password, not localhost, and, for an IP literal, a safe address. WHATWG URL
 * parsing first reads numeric tricks (`0x7f000001`, `2130706433`, `0177.0.0.1`, `127.1`) as the
 * dotted address they mean. Host names are checked again, resolved, on every delivery attempt.
 */
export function checkWebhookUrl(url: string, policy: AddressPolicy): UrlVerdict {
  if (url.length > MAX_WEBHOOK_URL_LENGTH) {
    return { ok: false, reason: `the URL is longer than ${MAX_WEBHOOK_URL_LENGTH} characters` };
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, reason: 'the URL is not a valid absolute URL' };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    return { ok: false, reason: `the URL's scheme ${parsed.protocol.slice(0, -1)} is not http or https` };
  }
  if (parsed.username !== '' || parsed.password !== '') {
    return { ok: false, reason: 'the URL must not carry a user name or password' };
  }
  if (parsed.port !== '' && !isAllowedPort(Number(parsed.port))) {
    return { ok: false, reason: `port ${parsed.port} is not allowed: use 80, 443 or 1024 to 65535` };
  }
  // An IPv6 literal's host name keeps its brackets: [::1].
  const host = parsed.hostname.startsWith('[') ? parsed.hostname.slice(1, -1) : parsed.hostname;
  if (isLocalhostName(host)) {
    return policy.allowPrivateNetworks
      ? { ok: true, url: parsed }
      : { ok: false, reason: `${host} is a loopback host name` };
  }
  if (ipaddr.IPv4.isValidFourPartDecimal(host) || ipaddr.IPv6.isValid(host)) {
    const verdict = checkAddress(host, policy);
    if (!verdict.ok) return verdict;
  }
  return { ok: true, url: parsed };
}

/**
 * The URL's origin (`https://hooks.slack.com`), how slack and discord endpoints are listed: their
 * path is a credential. An unreadable URL gives the empty string rather than itself.
 */
export function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}
