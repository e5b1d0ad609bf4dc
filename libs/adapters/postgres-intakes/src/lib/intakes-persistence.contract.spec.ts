import {
  createTestDatabase,
  describeChaseCancellationContract,
  describeClientDirectoryContract,
  describeFolderStoreContract,
  describeIdempotencyStoreContract,
  describeIntakeStoreContract,
  describeTemplateStoreContract,
  migrateTestDatabase,
  postgresIntakeStores,
  type TestDatabase,
} from '@intake/testing';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase(migrateTestDatabase);
}, 60_000);
afterAll(async () => {
  await db?.drop();
});

/** The stores as IntakesPersistenceModule binds them, over the test file's database. */
const stores = () => postgresIntakeStores(db.url);

describeIntakeStoreContract('PostgreSQL', stores);
describeIdempotencyStoreContract('PostgreSQL', stores);
describeFolderStoreContract('PostgreSQL', stores);
describeTemplateStoreContract('PostgreSQL', stores);
describeClientDirectoryContract('PostgreSQL', stores);
describeChaseCancellationContract('PostgreSQL', stores);
