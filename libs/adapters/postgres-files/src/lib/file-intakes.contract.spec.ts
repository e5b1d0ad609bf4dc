import { describeFileIntakesContract, describePostgresContract } from '@intake/testing';

describePostgresContract((db) =>
  // StoredFileIntakes on PostgresIntakeStore, as FilesPersistenceModule binds it.
  describeFileIntakesContract('PostgreSQL', () => db.intakeStores()),
);
