import { AccountStore, UsageStore } from '@intake/application-accounts';
import { planOf } from '@intake/domain-accounts';
import { usagePeriod } from '@intake/domain-kernel';
import { DomainError, notFound } from '@intake/errors';

function noCredits(limit: number): DomainError {
  return new DomainError(
    'quota_exceeded',
    `No SMS credits are left this month (the plan includes ${limit}) and no bought credits remain; e-mail chases still work.`,
    { reason: 'sms_credits', params: { limit } },
  );
}

/**
 * SMS chases need the plan's `sms` feature and a credit: the plan's `sms_per_month`, counted in
 * the month's usage (`sms_messages` of GET /v1/usage). A live SMS chase takes its credit in the
 * transaction that records it; one that is never sent gives it back.
 */
export class SmsCredits {
  static readonly inject = [AccountStore, UsageStore] as const;

  constructor(
    private readonly accounts: AccountStore,
    private readonly usage: UsageStore,
  ) {}

  /** 402 plan_required on a plan without SMS; the month's quota otherwise. */
  async quota(accountId: string): Promise<number> {
    const account = await this.accounts.getAccount(accountId);
    if (!account) throw notFound('Account');
    const plan = planOf(account.plan);
    if (!plan.features.sms) {
      throw new DomainError('plan_required', `SMS chases are not part of the ${plan.name} plan.`, { reason: 'sms' });
    }
    return plan.quotas.sms_per_month;
  }

  /** Takes a credit of the month of `now`, in the caller's unit of work; 402 sms_credits when none is left. */
  async take(accountId: string, limit: number, now: Date): Promise<void> {
    if (!(await this.usage.takeSmsCredit(accountId, usagePeriod(now), limit))) throw noCredits(limit);
  }

  /** Checks that a credit is left, taking none (a test intake sends nothing); 402 sms_credits otherwise. */
  async assertLeft(accountId: string, limit: number, now: Date): Promise<void> {
    const { sms_sent, sms_credits } = await this.usage.get(accountId, usagePeriod(now));
    if (sms_sent >= limit && sms_credits === 0) throw noCredits(limit);
  }

  /** Gives back the credit a chase recorded at `takenAt` took (in that month's count). */
  giveBack(accountId: string, takenAt: Date): Promise<void> {
    return this.usage.returnSmsCredit(accountId, usagePeriod(takenAt));
  }
}
