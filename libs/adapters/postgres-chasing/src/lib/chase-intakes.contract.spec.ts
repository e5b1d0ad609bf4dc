import { describeChaseIntakesContract, describePostgresContract } from '@intake/testing';

describePostgresContract((db) =>
  // StoredChaseIntakes on PostgresIntakeStore, as ChasingPersistenceModule binds it.
  describeChaseIntakesContract('PostgreSQL', () => db.intakeStores()),
);
