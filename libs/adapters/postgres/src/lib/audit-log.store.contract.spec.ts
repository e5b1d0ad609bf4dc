import { describeAuditLogContract, openTestSql } from '@intake/testing';
import { PostgresAuditLog } from './audit-log.store';

describeAuditLogContract('PostgreSQL', async () => {
  const db = await openTestSql();
  return { auditLog: new PostgresAuditLog(db.sql), teardown: () => db.close() };
});
