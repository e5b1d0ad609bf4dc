import { describeOutboxContract, openTestSql } from '@intake/testing';
import { PostgresOutbox } from './outbox.store';

describeOutboxContract('PostgreSQL', async () => {
  const db = await openTestSql();
  return {
    outbox: new PostgresOutbox(db.sql),
    uow: db.uow,
    messages: (topic) =>
      db.sql.query<{ payload: Record<string, unknown>; created_at: Date }>(
        'SELECT payload, created_at FROM outbox_messages WHERE topic = $1 ORDER BY id',
        [topic],
      ),
    teardown: () => db.close(),
  };
});
