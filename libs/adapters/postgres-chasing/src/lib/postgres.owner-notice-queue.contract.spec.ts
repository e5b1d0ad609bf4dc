import { describePostgresContract, describeOwnerNoticeQueueContract, type StoredOwnerNotice } from '@intake/testing';
import { PostgresOwnerNoticeQueue } from './postgres.owner-notice-queue';

describePostgresContract((db) =>
  describeOwnerNoticeQueueContract('PostgreSQL', async () => {
    const stores = await db.intakeStores();
    // A pool of its own for the second queue: it claims on other connections, as a second scheduler does.
    const other = await db.connect();
    return {
      ...stores,
      queue: new PostgresOwnerNoticeQueue(stores.sql),
      otherQueue: new PostgresOwnerNoticeQueue(other.sql),
      stored: (noticeId) =>
        stores.sql.one<StoredOwnerNotice>(
          `SELECT status, mail, sent_at, provider_message_id, send_attempts, error FROM owner_notifications WHERE id = $1`,
          [noticeId],
        ),
      deleteIntake: async (_accountId, intakeId) => {
        await stores.sql.query(`DELETE FROM intakes WHERE id = $1`, [intakeId]);
      },
      teardown: async () => {
        await other.close();
        await stores.teardown();
      },
    };
  }),
);
