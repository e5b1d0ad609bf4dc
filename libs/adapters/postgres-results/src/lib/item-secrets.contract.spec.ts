import { describePostgresContract, describeItemSecretsContract } from '@intake/testing';
import { PostgresItemSecrets } from './postgres.item-secrets';

describePostgresContract((db) =>
  describeItemSecretsContract('PostgreSQL', async () => {
    const stores = await db.intakeStores();
    return {
      intakes: stores.intakes,
      secrets: new PostgresItemSecrets(stores.sql),
      createAccount: stores.createAccount,
      teardown: stores.teardown,
    };
  }),
);
