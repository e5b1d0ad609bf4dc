import { clockHour, type FixedWindow } from '@intake/domain-kernel';
import { DomainError } from '@intake/errors';
import { WindowCounter } from '@intake/kernel';

/**
 * docs/contract.md "Limits": manual chases per intake and per account, per clock hour, whatever the channel.
 */
export const MANUAL_CHASES_PER_INTAKE_PER_HOUR = 1;
export const MANUAL_CHASES_PER_ACCOUNT_PER_HOUR = 20;

const intakeKey = (intakeId: string) => `manual-chases:intake:${intakeId}`;
const accountKey = (accountId: string) => `manual-chases:account:${accountId}`;

function perIntake(window: FixedWindow): DomainError {
  return new DomainError(
    'rate_limited',
    `At most ${MANUAL_CHASES_PER_INTAKE_PER_HOUR} manual chase per intake per hour; retry in ${window.secondsLeft} seconds.`,
    { reason: 'manual_chase_intake', retryAfterSeconds: window.secondsLeft },
  );
}

function perAccount(window: FixedWindow): DomainError {
  return new DomainError(
    'rate_limited',
    `At most ${MANUAL_CHASES_PER_ACCOUNT_PER_HOUR} manual chases per account per hour; retry in ${window.secondsLeft} seconds.`,
    { reason: 'manual_chase_account', retryAfterSeconds: window.secondsLeft },
  );
}

/**
 * The two hourly limits of manual chases (fixed clock hours, like every rate window of the spec;
 * Retry-After is the rest of the hour). The counters live outside the database transaction, so
 * both are read first and a refused chase counts against neither. Two requests on one intake
 * cannot race (the intake is locked); two on different intakes racing for the account's last
 * slot both count: the later is refused all the same, its intake's hour then used up too.
 */
export class ManualChaseLimits {
  static readonly inject = [WindowCounter] as const;

  constructor(private readonly counters: WindowCounter) {}

  /** Counts a manual chase of the intake, or throws 429 manual_chase_intake / manual_chase_account. */
  async count(accountId: string, intakeId: string, now: Date): Promise<void> {
    const window = clockHour(now);
    if ((await this.counters.read(intakeKey(intakeId), window)) >= MANUAL_CHASES_PER_INTAKE_PER_HOUR) {
      throw perIntake(window);
    }
    if ((await this.counters.read(accountKey(accountId), window)) >= MANUAL_CHASES_PER_ACCOUNT_PER_HOUR) {
      throw perAccount(window);
    }
    if ((await this.counters.increment(intakeKey(intakeId), window)) > MANUAL_CHASES_PER_INTAKE_PER_HOUR) {
      throw perIntake(window);
    }
    if ((await this.counters.increment(accountKey(accountId), window)) > MANUAL_CHASES_PER_ACCOUNT_PER_HOUR) {
      throw perAccount(window);
    }
  }
}
