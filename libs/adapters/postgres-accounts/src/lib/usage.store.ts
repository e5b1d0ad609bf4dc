import { Injectable } from '@nestjs/common';
import { UsageStore } from '@intake/application-accounts';
import { Sql } from '@intake/postgres';

@Injectable()
export class PostgresUsageStore extends UsageStore {
  constructor(private readonly sql: Sql) {
    super();
  }

  async get(accountId: string, period: string): Promise<{ intakes_created: number; sms_sent: number }> {
    const row = await this.sql.one<{ intakes_created: number; sms_sent: number }>(
      `SELECT intakes_created, sms_sent FROM usage_counters WHERE account_id = $1 AND period = $2`,
      [accountId, period],
    );
    return row ?? { intakes_created: 0, sms_sent: 0 };
  }

  /** One statement: the row is created with the first credit, or counted up under its row lock while below the limit. */
  async takeSmsCredit(accountId: string, period: string, limit: number): Promise<boolean> {
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

  async returnSmsCredit(accountId: string, period: string): Promise<void> {
    await this.sql.query(
      `UPDATE usage_counters SET sms_sent = sms_sent - 1 WHERE account_id = $1 AND period = $2 AND sms_sent > 0`,
      [accountId, period],
    );
  }
}
