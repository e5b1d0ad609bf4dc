import { PostgresIntakeSweeps } from './postgres.intake-sweeps';
import {
  describeClientDirectoryContract,
  describeFolderStoreContract,
  describeIdempotencyStoreContract,
  describeIntakeStoreContract,
  describeIntakeSweepsContract,
  describePostgresContract,
  describeReadModelsContract,
  describeTemplateStoreContract,
} from '@intake/testing';

describePostgresContract((db) => {
  /** The stores as IntakesPersistenceModule binds them, over the test file's database. */
  const stores = () => db.intakeStores();

  describeIntakeStoreContract('PostgreSQL', stores);
  describeIdempotencyStoreContract('PostgreSQL', stores);
  describeFolderStoreContract('PostgreSQL', stores);
  describeTemplateStoreContract('PostgreSQL', stores);
  describeClientDirectoryContract('PostgreSQL', stores);
  describeReadModelsContract('PostgreSQL', stores);

  describeIntakeSweepsContract('PostgreSQL', async () => {
    const fixture = await stores();
    return {
      ...fixture,
      sweeps: new PostgresIntakeSweeps(fixture.sql),
      recordRecipients: async (chaseId, recipients) => {
        await fixture.sql.query(`UPDATE chases SET recipients = $2, delivered_to = $2 WHERE id = $1`, [
          chaseId,
          recipients,
        ]);
      },
      recipientsOf: async (chaseId) =>
        (await fixture.sql.one<{ recipients: string[]; delivered_to: string[] }>(
          `SELECT recipients, delivered_to FROM chases WHERE id = $1`,
          [chaseId],
        )) ?? { recipients: [], delivered_to: [] },
    };
  });
});
