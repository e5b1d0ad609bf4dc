import { planOf } from '@intake/domain-accounts';
import { usagePeriod } from '@intake/domain-kernel';
import { notFound } from '@intake/errors';
import { Clock } from '@intake/kernel';
import { AccountStore } from '../ports/account-store.port';
import { UsageStore } from '../ports/usage-store.port';

export interface Usage {
  period: string;
  intakes: { used: number; limit: number };
  storage_bytes: { used: number; limit: number };
  sms_messages: { used: number; limit: number };
  /** Bought SMS credits: spent once the plan's monthly SMS are used up; kept across months. */
  sms_credits: { balance: number; used_this_period: number };
}

/** GET /v1/usage: this month's use of the plan's quotas (intakes, storage, SMS). */
export class GetUsage {
  static readonly inject = [AccountStore, UsageStore, Clock] as const;

  constructor(
    private readonly accounts: AccountStore,
    private readonly usage: UsageStore,
    private readonly clock: Clock,
  ) {}

  async execute(accountId: string): Promise<Usage> {
    const account = await this.accounts.getAccount(accountId);
    if (!account) throw notFound('Account');
    const plan = planOf(account.plan);
    const period = usagePeriod(this.clock.now());
    const used = await this.usage.get(accountId, period);
    return {
      period,
      intakes: { used: used.intakes_created, limit: plan.quotas.intakes_per_month },
      storage_bytes: { used: account.storage_bytes_used, limit: plan.quotas.storage_bytes },
      sms_messages: { used: used.sms_sent, limit: plan.quotas.sms_per_month },
      sms_credits: { balance: used.sms_credits, used_this_period: used.sms_from_credits },
    };
  }
}
