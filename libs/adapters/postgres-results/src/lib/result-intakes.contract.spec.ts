import { describePostgresContract, describeResultIntakesContract } from '@intake/testing';

describePostgresContract((db) =>
  // StoredResultIntakes on PostgresIntakeStore, as ResultsPersistenceModule binds it.
  describeResultIntakesContract('PostgreSQL', () => db.intakeStores()),
);
