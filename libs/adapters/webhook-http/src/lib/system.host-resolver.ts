import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

/** One address a host name resolves to. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/**
 * Turns a host name into every address it has. The sender checks all of them before it connects,
 * and connects to one it checked; tests put their own in front (a name resolving to 127.0.0.1).
 */
export abstract class HostResolver {
  abstract resolve(host: string): Promise<ResolvedAddress[]>;
}

/** The system's resolver (getaddrinfo: /etc/hosts, then DNS), every address in its own order. */
export class SystemHostResolver extends HostResolver {
  async resolve(host: string): Promise<ResolvedAddress[]> {
    const found = await lookup(host, { all: true, order: 'verbatim' });
    return found.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
  }
}

/** Fixed answers for some names (tests), the system's resolver for the rest. */
export class FixedHostResolver extends HostResolver {
  constructor(
    private readonly answers: Record<string, string[]>,
    private readonly fallback: HostResolver = new SystemHostResolver(),
  ) {
    super();
  }

  async resolve(host: string): Promise<ResolvedAddress[]> {
    const fixed = this.answers[host.toLowerCase()];
    if (!fixed) return this.fallback.resolve(host);
    return fixed.map((address) => ({ address, family: isIP(address) === 6 ? 6 : 4 }));
  }
}
