import { type ThrottlePolicy, throttleDecision } from '@intake/domain-accounts';
import { clientAddress } from '@intake/domain-kernel';
import { type DomainError } from '@intake/errors';
import { type FailureCounter } from '@intake/kernel';

/**
 * Guesses of a secret counted per client address (unknown portal links, invitation tokens): the
 * caller asks `check` before it looks the secret up, so a throttled client learns nothing, and
 * `record`s a miss. A call without a client address (none over HTTP) is not counted.
 */
export class AddressThrottle {
  constructor(
    private readonly failures: FailureCounter,
    /** The key's first part, e.g. `portal` (keys are `<name>:address:<client>`). */
    private readonly name: string,
    private readonly policy: ThrottlePolicy,
    private readonly refusal: (retryAfterSeconds: number) => DomainError,
  ) {}

  private key(ip: string): string {
    return `${this.name}:address:${clientAddress(ip)}`;
  }

  /** Throws the refusal while the client must wait. */
  async check(ip: string | null, now: Date): Promise<void> {
    if (!ip) return;
    const decision = throttleDecision(this.policy, await this.failures.read(this.key(ip)), now);
    if (!decision.allowed) throw this.refusal(decision.retryAfterSeconds);
  }

  async record(ip: string | null, now: Date): Promise<void> {
    if (!ip) return;
    await this.failures.record(this.key(ip), now, this.policy.forgetAfterSeconds);
  }
}
