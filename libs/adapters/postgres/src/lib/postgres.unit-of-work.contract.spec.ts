import { describePostgresContract, describeUnitOfWorkContract } from '@intake/testing';
import { PostgresAuditLog } from './postgres.audit-log';
import { PostgresOutbox } from './postgres.outbox';

describePostgresContract((database) =>
  describeUnitOfWorkContract('PostgreSQL', async () => {
    const db = await database.connect();
    return {
      uow: db.uow,
      auditLog: new PostgresAuditLog(db.sql),
      outbox: new PostgresOutbox(db.sql),
      outboxPayloads: async (topic) =>
        (
          await db.sql.query<{ payload: Record<string, unknown> }>(
            'SELECT payload FROM outbox_messages WHERE topic = $1 ORDER BY id',
            [topic],
          )
        ).map((m) => m.payload),
      teardown: () => db.close(),
    };
  }),
);
