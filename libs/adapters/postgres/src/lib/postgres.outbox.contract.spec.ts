import { Client } from 'pg';
import { describeOutboxContract, describePostgresContract, type TestSql } from '@intake/testing';
import { PostgresOutbox, WEBHOOK_OUTBOX_CHANNEL } from './postgres.outbox';

describePostgresContract((database) =>
  describeOutboxContract('PostgreSQL', async () => {
    const db = await database.connect();
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
  }),
);

describePostgresContract((database) =>
  describe('PostgresOutbox wakes the webhook relay', () => {
    let db: TestSql;
    let listener: Client;
    const heard: string[] = [];
    const now = new Date('2026-05-01T10:00:00Z');

    beforeAll(async () => {
      db = await database.connect();
      listener = new Client({ connectionString: db.url });
      await listener.connect();
      listener.on('notification', (n) => heard.push(n.channel));
      await listener.query(`LISTEN ${WEBHOOK_OUTBOX_CHANNEL}`);
    }, 60_000);
    afterAll(async () => {
      await listener?.end();
      await db?.close();
    });
    beforeEach(() => heard.splice(0));

    /** What was heard, once a notification had time to arrive (200 ms, or as soon as one did). */
    const settle = async () => {
      for (let i = 0; i < 20 && heard.length === 0; i += 1) await new Promise((r) => setTimeout(r, 10));
      await listener.query('SELECT 1');
      return [...heard];
    };

    it('notifies webhook_outbox once when a unit with webhook events commits', async () => {
      const outbox = new PostgresOutbox(db.sql);
      await db.uow.run(async () => {
        await outbox.append('webhook', { payload: { event: 'intake.completed' } }, now);
        await outbox.append('webhook', { payload: { event: 'intake.archived' } }, now);
        expect(await settle()).toEqual([]); // nothing before the commit
      });
      expect(await settle()).toEqual([WEBHOOK_OUTBOX_CHANNEL]);
    });

    it('notifies nobody for a unit that rolls back, nor for other topics', async () => {
      const outbox = new PostgresOutbox(db.sql);
      await db.uow
        .run(async () => {
          await outbox.append('webhook', { payload: { event: 'intake.completed' } }, now);
          throw new Error('refused');
        })
        .catch(() => undefined);
      await outbox.append('audit', { n: 1 }, now);
      expect(await settle()).toEqual([]);
    });
  }),
);
