import { newId } from '@intake/ids';
import { type Outbox, type UnitOfWork } from '@intake/kernel';

export interface OutboxFixture {
  outbox: Outbox;
  uow: UnitOfWork;
  /** What the relay would find under a topic, oldest first. */
  messages(topic: string): Promise<Array<{ payload: Record<string, unknown>; created_at: Date }>>;
  teardown(): Promise<void>;
}

/** The behaviour every Outbox must have: messages kept in order, as JSON, only once their unit commits. */
export function describeOutboxContract(name: string, setup: () => Promise<OutboxFixture>): void {
  describe(`Outbox contract: ${name}`, () => {
    let f: OutboxFixture;
    let topic: string;
    const now = new Date('2026-05-01T10:00:00.250Z');

    beforeAll(async () => {
      f = await setup();
    });
    afterAll(async () => {
      await f?.teardown();
    });
    beforeEach(() => {
      topic = `test.${newId('request')}`;
    });

    it('keeps messages under their topic in the order appended, with the time given', async () => {
      await f.outbox.append(topic, { n: 1 }, now);
      await f.outbox.append(`${topic}.other`, { n: 2 }, now);
      await f.outbox.append(topic, { n: 3, nested: { list: ['a', null] } }, new Date('2026-05-01T09:00:00.000Z'));
      expect(await f.messages(topic)).toEqual([
        { payload: { n: 1 }, created_at: now },
        { payload: { n: 3, nested: { list: ['a', null] } }, created_at: new Date('2026-05-01T09:00:00.000Z') },
      ]);
    });

    it('stores the payload as JSON: an instant becomes its ISO text, undefined fields are dropped', async () => {
      await f.outbox.append(topic, { at: new Date('2026-05-01T10:00:00.000Z'), gone: undefined }, now);
      const [message] = await f.messages(topic);
      expect(message?.payload).toStrictEqual({ at: '2026-05-01T10:00:00.000Z' });
    });

    it('keeps what was appended, whatever the caller does to its object afterwards', async () => {
      const payload = { status: 'sent', items: ['logo'] };
      await f.outbox.append(topic, payload, now);
      payload.status = 'changed';
      payload.items.push('brief');
      expect((await f.messages(topic)).map((m) => m.payload)).toEqual([{ status: 'sent', items: ['logo'] }]);
    });

    it('lets go of nothing appended in a unit that fails, and keeps what a unit that succeeds appended', async () => {
      await f.uow
        .run(async () => {
          await f.outbox.append(topic, { n: 'undone' }, now);
          throw new Error('refused');
        })
        .catch(() => undefined);
      await f.uow.run(() => f.outbox.append(topic, { n: 'kept' }, now));
      expect((await f.messages(topic)).map((m) => m.payload)).toEqual([{ n: 'kept' }]);
    });
  });
}
