import { InMemoryDatabase } from '../in-memory';
import { describeAuditLogContract } from './audit-log.contract';

describeAuditLogContract('in memory', async () => ({
  auditLog: new InMemoryDatabase().auditLog,
  teardown: async () => undefined,
}));
