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
}
