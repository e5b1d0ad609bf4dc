/**
 * The client an address stands for, when counting failures per client: an IPv4 address as it is
 * (an IPv4-mapped IPv6 one too), an IPv6 address by its /64 network, since one subscriber
 * usually holds a whole /64 and could otherwise take a fresh address for every attempt.
 * Anything else (a test's made-up name) counts as itself, lower-cased.
 */
export function clientAddress(ip: string): string {
  const address = ip.trim().toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (mapped?.[1]) return mapped[1];
  // An IPv4 address is no IPv6 one either: it is kept as it is.
  const groups = ipv6Groups(address.replace(/%.*/, ''));
  if (!groups) return address;
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, without leading zeros; undefined when malformed. */
function ipv6Groups(address: string): string[] | undefined {
  const halves = address.split('::');
  if (halves.length > 2) return undefined;
  const split = (part: string | undefined) => (part ? part.split(':') : []);
  const head = split(halves[0]);
  const tail = split(halves[1]);
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  // Without "::" nothing is missing (checked above).
  const groups = [...head, ...Array.from({ length: missing }, () => '0'), ...tail];
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return undefined;
  return groups.map((g) => g.replace(/^0+(?=.)/, ''));
}
