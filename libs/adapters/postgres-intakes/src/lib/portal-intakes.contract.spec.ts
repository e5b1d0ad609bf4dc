import { describePortalIntakesContract, describePostgresContract } from '@intake/testing';

describePostgresContract((db) =>
  // StoredPortalIntakes on PostgresIntakeStore, as the api's PortalModule binds it (the portal
  // context has no adapter library of its own: its intake rows are this library's).
  describePortalIntakesContract('PostgreSQL', () => db.intakeStores()),
);
