import { InMemoryDatabase } from '../in-memory';
import { describeUnitOfWorkContract } from './unit-of-work.contract';

describeUnitOfWorkContract('in memory', async () => {
  const db = new InMemoryDatabase();
  return {
    uow: db.uow,
    auditLog: db.auditLog,
    outbox: db.outbox,
    outboxPayloads: async (topic) => db.outbox.payloads(topic),
    teardown: async () => undefined,
  };
});
