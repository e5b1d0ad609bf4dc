import { InMemoryDatabase } from '../in-memory';
import { describeOutboxContract } from './outbox.contract';

describeOutboxContract('in memory', async () => {
  const db = new InMemoryDatabase();
  return {
    outbox: db.outbox,
    uow: db.uow,
    messages: async (topic) =>
      db.outbox.messages.filter((m) => m.topic === topic).map(({ payload, created_at }) => ({ payload, created_at })),
    teardown: async () => undefined,
  };
});
