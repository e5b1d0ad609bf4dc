import { describePostgresContract, describeSentChasesContract } from '@intake/testing';
import { PostgresChaseQueue } from './postgres.chase-queue';
import { PostgresSentChases } from './postgres.sent-chases';

describePostgresContract((db) =>
  describeSentChasesContract('PostgreSQL', async () => {
    const stores = await db.intakeStores();
    return { ...stores, queue: new PostgresChaseQueue(stores.sql), sent: new PostgresSentChases(stores.sql) };
  }),
);
