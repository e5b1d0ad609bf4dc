import {
  createTestDatabase,
  describeItemSecretsContract,
  migrateTestDatabase,
  postgresIntakeStores,
  type TestDatabase,
} from '@intake/testing';
import { PostgresItemSecrets } from './item-secrets.store';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase(migrateTestDatabase);
}, 60_000);
afterAll(async () => {
  await db?.drop();
});

describeItemSecretsContract('PostgreSQL', async () => {
  const stores = await postgresIntakeStores(db.url);
  return {
    intakes: stores.intakes,
    secrets: new PostgresItemSecrets(stores.sql),
    createAccount: stores.createAccount,
    teardown: stores.teardown,
  };
});
