import { AddressThrottle } from '@intake/application-accounts';
import { PORTAL_LOOKUPS } from '@intake/domain-accounts';
import { DomainError } from '@intake/errors';
import { Clock, FailureCounter } from '@intake/kernel';
import { isNoSuchPortal } from './portal-link';

const throttled = (retryAfterSeconds: number) =>
  new DomainError('rate_limited', `Too many unknown portal links; try again in ${retryAfterSeconds} seconds.`, {
    reason: 'portal_throttled',
    retryAfterSeconds,
  });

/**
 * Guessing portal links, slowed per client address (PORTAL_LOOKUPS): every portal request asks
 * `check` before its link is looked up, and an answer that the link is unknown (the one 404)
 * is `record`ed. A throttled client gets 429 portal_throttled for every link, known or not, so
 * the 429 tells nothing about which links exist.
 */
export class PortalGuessing {
  static readonly inject = [FailureCounter, Clock] as const;
  private readonly throttle: AddressThrottle;

  constructor(
    failures: FailureCounter,
    private readonly clock: Clock,
  ) {
    this.throttle = new AddressThrottle(failures, 'portal', PORTAL_LOOKUPS, throttled);
  }

  check(ip: string | null): Promise<void> {
    return this.throttle.check(ip, this.clock.now());
  }

  /** Counts `error` against the client when it is the unknown-link 404 (answers whether it did). */
  async recordMiss(ip: string | null, error: unknown): Promise<boolean> {
    if (!isNoSuchPortal(error)) return false;
    await this.throttle.record(ip, this.clock.now());
    return true;
  }
}
