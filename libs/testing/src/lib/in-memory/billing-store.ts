import { type BillingLink, BillingStore } from '@intake/application-accounts';
import { type PlanId, type SubscriptionState } from '@intake/domain-accounts';
import { type BillingRow, type InMemoryDatabase } from './database';
import { copy } from './unit-of-work';

const linkOf = (row: BillingRow): BillingLink => ({
  account_id: row.account_id,
  customer_id: row.customer_id,
  subscription: copy(row.subscription),
  grace_until: row.grace_until && new Date(row.grace_until),
});

/** The billing link, subscription state and applied provider events in memory. */
export class InMemoryBillingStore extends BillingStore {
  constructor(private readonly db: InMemoryDatabase) {
    super();
  }

  async get(accountId: string): Promise<BillingLink | undefined> {
    const row = this.db.billing.rows.find((b) => b.account_id === accountId);
    return row && linkOf(row);
  }

  async link(accountId: string, customerId: string, now: Date): Promise<BillingLink> {
    const held = this.db.billing.rows.find((b) => b.account_id === accountId);
    if (held) return linkOf(held);
    if (this.db.billing.rows.some((b) => b.customer_id === customerId))
      throw new Error(`customer ${customerId} is linked to another account`);
    const row: BillingRow = {
      account_id: accountId,
      customer_id: customerId,
      subscription: undefined,
      grace_until: null,
      created_at: now,
    };
    this.db.billing.rows.push(row);
    return linkOf(row);
  }

  async lockByCustomer(customerId: string): Promise<BillingLink | undefined> {
    const row = this.db.billing.rows.find((b) => b.customer_id === customerId);
    return row && linkOf(row);
  }

  async saveSubscription(accountId: string, state: SubscriptionState): Promise<void> {
    this.row(accountId).subscription = copy(state);
  }

  async setGrace(accountId: string, until: Date | null): Promise<void> {
    this.row(accountId).grace_until = until && new Date(until);
  }

  async recordEvent(id: string, type: string, accountId: string | null, now: Date): Promise<boolean> {
    if (this.db.paymentEvents.rows.some((e) => e.id === id)) return false;
    this.db.paymentEvents.rows.push({ id, type, account_id: accountId, received_at: now });
    return true;
  }

  async setPlan(accountId: string, plan: PlanId, now: Date): Promise<PlanId> {
    const account = this.db.accounts.rows.find((a) => a.id === accountId);
    if (!account) throw new Error(`no account ${accountId}`);
    const from = account.plan;
    account.plan = plan;
    account.updated_at = new Date(now);
    return from;
  }

  async addSmsCredits(accountId: string, credits: number): Promise<number> {
    const row = this.db.creditsOf(accountId);
    row.balance += credits;
    return row.balance;
  }

  async endGrace(accountId: string, now: Date): Promise<boolean> {
    const row = this.db.billing.rows.find((b) => b.account_id === accountId);
    if (!row?.grace_until || row.grace_until.getTime() > now.getTime()) return false;
    row.grace_until = null;
    return true;
  }

  async graceEnded(now: Date): Promise<string[]> {
    return this.db.billing.rows
      .filter((b) => b.grace_until && b.grace_until.getTime() <= now.getTime())
      .map((b) => b.account_id)
      .sort();
  }

  private row(accountId: string): BillingRow {
    const row = this.db.billing.rows.find((b) => b.account_id === accountId);
    if (!row) throw new Error(`account ${accountId} has no billing link`);
    return row;
  }
}
