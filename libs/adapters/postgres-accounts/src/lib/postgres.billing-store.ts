import { Injectable } from '@nestjs/common';
import { type BillingLink, BillingStore } from '@intake/application-accounts';
import { type PlanId, type SubscriptionState } from '@intake/domain-accounts';
import { Sql } from '@intake/postgres';

interface BillingRow {
  account_id: string;
  customer_id: string;
  subscription_id: string | null;
  subscription_created: Date | null;
  subscription_status: string | null;
  subscription_plan: PlanId | null;
  state_at: Date | null;
  grace_until: Date | null;
}

const COLUMNS = `account_id, customer_id, subscription_id, subscription_created, subscription_status,
  subscription_plan, state_at, grace_until`;

const linkOf = (row: BillingRow): BillingLink => ({
  account_id: row.account_id,
  customer_id: row.customer_id,
  subscription:
    row.subscription_id && row.subscription_created && row.subscription_status && row.state_at
      ? {
          subscriptionId: row.subscription_id,
          subscriptionCreated: row.subscription_created,
          status: row.subscription_status,
          plan: row.subscription_plan ?? undefined,
          at: row.state_at,
        }
      : undefined,
  grace_until: row.grace_until,
});

/** billing_accounts, payment_events and the accounts' plan and sms_credits columns. */
@Injectable()
export class PostgresBillingStore extends BillingStore {
  constructor(private readonly sql: Sql) {
    super();
  }

  async get(accountId: string): Promise<BillingLink | undefined> {
    const row = await this.sql.one<BillingRow>(`SELECT ${COLUMNS} FROM billing_accounts WHERE account_id = $1`, [
      accountId,
    ]);
    return row && linkOf(row);
  }

  async link(accountId: string, customerId: string, now: Date): Promise<BillingLink> {
    await this.sql.query(
      `INSERT INTO billing_accounts (account_id, customer_id, created_at) VALUES ($1, $2, $3)
       ON CONFLICT (account_id) DO NOTHING`,
      [accountId, customerId, now],
    );
    const held = await this.get(accountId);
    if (!held) throw new Error(`account ${accountId} vanished while being linked`);
    return held;
  }

  async lockByCustomer(customerId: string): Promise<BillingLink | undefined> {
    const row = await this.sql.one<BillingRow>(
      `SELECT ${COLUMNS} FROM billing_accounts WHERE customer_id = $1 FOR UPDATE`,
      [customerId],
    );
    return row && linkOf(row);
  }

  async saveSubscription(accountId: string, s: SubscriptionState): Promise<void> {
    await this.sql.query(
      `UPDATE billing_accounts SET subscription_id = $2, subscription_created = $3, subscription_status = $4,
         subscription_plan = $5, state_at = $6 WHERE account_id = $1`,
      [accountId, s.subscriptionId, s.subscriptionCreated, s.status, s.plan ?? null, s.at],
    );
  }

  async setGrace(accountId: string, until: Date | null): Promise<void> {
    await this.sql.query(`UPDATE billing_accounts SET grace_until = $2 WHERE account_id = $1`, [accountId, until]);
  }

  async recordEvent(id: string, type: string, accountId: string | null, now: Date): Promise<boolean> {
    const rows = await this.sql.query(
      `INSERT INTO payment_events (id, type, account_id, received_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (id) DO NOTHING RETURNING id`,
      [id, type, accountId, now],
    );
    return rows.length === 1;
  }

  async setPlan(accountId: string, plan: PlanId, now: Date): Promise<PlanId> {
    const row = await this.sql.one<{ from: PlanId }>(
      `UPDATE accounts a SET plan = $2, updated_at = $3 FROM (SELECT id, plan FROM accounts WHERE id = $1 FOR UPDATE) old
        WHERE a.id = old.id RETURNING old.plan AS "from"`,
      [accountId, plan, now],
    );
    if (!row) throw new Error(`no account ${accountId}`);
    return row.from;
  }

  async addSmsCredits(accountId: string, credits: number): Promise<number> {
    const row = await this.sql.one<{ sms_credits: number }>(
      `UPDATE accounts SET sms_credits = sms_credits + $2 WHERE id = $1 RETURNING sms_credits`,
      [accountId, credits],
    );
    if (!row) throw new Error(`no account ${accountId}`);
    return row.sms_credits;
  }

  async endGrace(accountId: string, now: Date): Promise<boolean> {
    const rows = await this.sql.query(
      `UPDATE billing_accounts SET grace_until = NULL WHERE account_id = $1 AND grace_until <= $2 RETURNING account_id`,
      [accountId, now],
    );
    return rows.length === 1;
  }

  async graceEnded(now: Date): Promise<string[]> {
    const rows = await this.sql.query<{ account_id: string }>(
      `SELECT account_id FROM billing_accounts WHERE grace_until <= $1 ORDER BY account_id`,
      [now],
    );
    return rows.map((r) => r.account_id);
  }
}
