import {
  describeChaseCancellationContract,
  describeChaseStoreContract,
  describePostgresContract,
} from '@intake/testing';

describePostgresContract((db) => {
  /** The stores over the test file's database; its `chases` is PostgresChaseStore, as ChasingPersistenceModule binds it. */
  const stores = () => db.intakeStores();

  describeChaseStoreContract('PostgreSQL', stores);
  describeChaseCancellationContract('PostgreSQL', stores);
});
