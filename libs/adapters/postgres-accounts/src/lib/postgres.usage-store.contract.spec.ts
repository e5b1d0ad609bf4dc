import { describePostgresContract, describeUsageStoreContract } from '@intake/testing';
import { PostgresAccountStore } from './postgres.account-store';
import { PostgresUsageStore } from './postgres.usage-store';

describePostgresContract((database) =>
  describeUsageStoreContract('PostgreSQL', async () => {
    const db = await database.connect();
    return {
      usage: new PostgresUsageStore(db.sql),
      accounts: new PostgresAccountStore(db.sql),
      uow: db.uow,
      record: async (accountId, period, counts) => {
        await db.sql.query(
          `INSERT INTO usage_counters (account_id, period, intakes_created, sms_sent) VALUES ($1, $2, $3, $4)`,
          [accountId, period, counts.intakes_created, counts.sms_sent],
        );
      },
      grantCredits: async (accountId, credits) => {
        await db.sql.query(`UPDATE accounts SET sms_credits = sms_credits + $2 WHERE id = $1`, [accountId, credits]);
      },
      teardown: () => db.close(),
    };
  }),
);
