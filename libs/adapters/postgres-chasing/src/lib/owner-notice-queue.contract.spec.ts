import { DataSource } from 'typeorm';
import { dataSourceOptions, Sql } from '@intake/postgres';
import {
  createTestDatabase,
  describeOwnerNoticeQueueContract,
  migrateTestDatabase,
  postgresIntakeStores,
  type StoredOwnerNotice,
  type TestDatabase,
} from '@intake/testing';
import { PostgresOwnerNoticeQueue } from './owner-notice-queue';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase(migrateTestDatabase);
}, 60_000);
afterAll(async () => {
  await db?.drop();
});

describeOwnerNoticeQueueContract('PostgreSQL', async () => {
  const stores = await postgresIntakeStores(db.url);
  // A pool of its own for the second queue: it claims on other connections, as a second scheduler does.
  const other = await new DataSource(dataSourceOptions({ url: db.url, poolSize: 2 })).initialize();
  return {
    ...stores,
    queue: new PostgresOwnerNoticeQueue(stores.sql),
    otherQueue: new PostgresOwnerNoticeQueue(new Sql(other)),
    stored: (noticeId) =>
      stores.sql.one<StoredOwnerNotice>(
        `SELECT status, mail, sent_at, provider_message_id, send_attempts, error FROM owner_notifications WHERE id = $1`,
        [noticeId],
      ),
    deleteIntake: async (_accountId, intakeId) => {
      await stores.sql.query(`DELETE FROM intakes WHERE id = $1`, [intakeId]);
    },
    teardown: async () => {
      await other.destroy();
      await stores.teardown();
    },
  };
});
