import { Injectable } from '@nestjs/common';
import { type MonthlyUsage, UsageStore } from '@intake/application-accounts';
import { Sql } from '@intake/postgres';

@Injectable()
export class PostgresUsageStore extends UsageStore {
  constructor(private readonly sql: Sql) {
    super();
  }

  async get(accountId: string, period: string): Promise<MonthlyUsage> {
    const row = await this.sql.one<MonthlyUsage>(
      `SELECT coalesce(u.intakes_created, 0) AS intakes_created, coalesce(u.sms_sent, 0) AS sms_sent,
              coalesce(u.sms_from_credits, 0) AS sms_from_credits, a.sms_credits
         FROM accounts a LEFT JOIN usage_counters u ON u.account_id = a.id AND u.period = $2
        WHERE a.id = $1`,
      [accountId, period],
    );
    return row ?? { intakes_created: 0, sms_sent: 0, sms_from_credits: 0, sms_credits: 0 };
  }

  /**
   * The month's allowance first (one statement: the row is created with the first credit, or
   * counted up under its row lock while below the limit), then a bought credit (taken from the
   * account's balance by one conditional update, and counted in the month's sms_from_credits).
   */
  async takeSmsCredit(accountId: string, period: string, limit: number): Promise<boolean> {
    if (await this.takeMonthly(accountId, period, limit)) return true;
    const bought = await this.sql.query(
      `UPDATE accounts SET sms_credits = sms_credits - 1 WHERE id = $1 AND sms_credits > 0 RETURNING sms_credits`,
      [accountId],
    );
    if (bought.length !== 1) return false;
    await this.sql.query(
      `INSERT INTO usage_counters (account_id, period, sms_from_credits) VALUES ($1, $2, 1)
       ON CONFLICT (account_id, period) DO UPDATE SET sms_from_credits = usage_counters.sms_from_credits + 1`,
      [accountId, period],
    );
    return true;
  }

  private async takeMonthly(accountId: string, period: string, limit: number): Promise<boolean> {
    const rows = await this.sql.query(
      `INSERT INTO usage_counters (account_id, period, sms_sent)
       SELECT $1, $2, 1 WHERE $3::integer > 0
       ON CONFLICT (account_id, period) DO UPDATE SET sms_sent = usage_counters.sms_sent + 1
        WHERE usage_counters.sms_sent < $3::integer
       RETURNING sms_sent`,
      [accountId, period, limit],
    );
    return rows.length === 1;
  }

  /** A bought credit is given back first (the last taken), else the month's allowance. */
  async returnSmsCredit(accountId: string, period: string): Promise<void> {
    const bought = await this.sql.query(
      `UPDATE usage_counters SET sms_from_credits = sms_from_credits - 1
        WHERE account_id = $1 AND period = $2 AND sms_from_credits > 0 RETURNING account_id`,
      [accountId, period],
    );
    if (bought.length === 1) {
      await this.sql.query(`UPDATE accounts SET sms_credits = sms_credits + 1 WHERE id = $1`, [accountId]);
      return;
    }
    await this.sql.query(
      `UPDATE usage_counters SET sms_sent = sms_sent - 1 WHERE account_id = $1 AND period = $2 AND sms_sent > 0`,
      [accountId, period],
    );
  }
}
