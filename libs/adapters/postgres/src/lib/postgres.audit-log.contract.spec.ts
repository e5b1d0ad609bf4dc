import { describeAuditLogContract, describePostgresContract } from '@intake/testing';
import { PostgresAuditLog } from './postgres.audit-log';

describePostgresContract((database) =>
  describeAuditLogContract('PostgreSQL', async () => {
    const db = await database.connect();
    return { auditLog: new PostgresAuditLog(db.sql), teardown: () => db.close() };
  }),
);
