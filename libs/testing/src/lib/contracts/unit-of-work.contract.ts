import { newId } from '@intake/ids';
import { type AuditLog, type Outbox, type UnitOfWork } from '@intake/kernel';
import { sampleAuditEntry } from './audit-log.contract';

export interface UnitOfWorkFixture {
  uow: UnitOfWork;
  /** Two stores that take part in the unit of work, to write through. */
  auditLog: AuditLog;
  outbox: Outbox;
  /** The payloads the outbox holds under a topic, oldest first. */
  outboxPayloads(topic: string): Promise<Array<Record<string, unknown>>>;
  teardown(): Promise<void>;
}

class Refused extends Error {}

/** The behaviour every UnitOfWork must have: all of a unit's writes stay, or none do. */
export function describeUnitOfWorkContract(name: string, setup: () => Promise<UnitOfWorkFixture>): void {
  describe(`UnitOfWork contract: ${name}`, () => {
    let f: UnitOfWorkFixture;
    let account: string;
    let topic: string;

    beforeAll(async () => {
      f = await setup();
    });
    afterAll(async () => {
      await f?.teardown();
    });
    beforeEach(() => {
      account = newId('account');
      topic = `test.${newId('request')}`;
    });

    const actions = async () => (await f.auditLog.list(account, {}, 100, 0)).entries.map((e) => e.action);
    const write = async (action: string) => {
      await f.auditLog.append(sampleAuditEntry(account, action));
      await f.outbox.append(topic, { action }, new Date('2026-05-01T10:00:00.000Z'));
    };

    it('keeps every write of a unit that succeeds, and returns what the work returned', async () => {
      const result = await f.uow.run(async () => {
        await write('a');
        await write('b');
        return 42;
      });
      expect(result).toBe(42);
      expect(await actions()).toEqual(['b', 'a']);
      expect(await f.outboxPayloads(topic)).toEqual([{ action: 'a' }, { action: 'b' }]);
    });

    it('undoes every write of a unit that throws, in every store, and rethrows the same error', async () => {
      const refusal = new Refused('no');
      const error = await f.uow
        .run(async () => {
          await write('a');
          throw refusal;
        })
        .catch((e: unknown) => e);
      expect(error).toBe(refusal);
      expect(await actions()).toEqual([]);
      expect(await f.outboxPayloads(topic)).toEqual([]);
    });

    it('lets the work read its own writes before it commits', async () => {
      const seen = await f.uow.run(async () => {
        await write('a');
        return (await f.auditLog.list(account, {}, 10, 0)).total;
      });
      expect(seen).toBe(1);
    });

    it('leaves alone what was committed before a unit that fails', async () => {
      await f.uow.run(() => write('before'));
      await write('outside');
      await f.uow
        .run(async () => {
          await write('doomed');
          throw new Refused('no');
        })
        .catch(() => undefined);
      expect(await actions()).toEqual(['outside', 'before']);
    });

    it('joins a nested unit to the outer one: the outer failure undoes the inner writes', async () => {
      await f.uow
        .run(async () => {
          await f.uow.run(() => write('inner'));
          await write('outer');
          throw new Refused('no');
        })
        .catch(() => undefined);
      expect(await actions()).toEqual([]);
    });

    it('a nested unit that fails does not roll back alone: the outer one decides', async () => {
      await f.uow.run(async () => {
        await write('outer');
        await f.uow
          .run(async () => {
            await write('inner');
            throw new Refused('caught by the outer unit');
          })
          .catch(() => undefined);
      });
      expect(await actions()).toEqual(['inner', 'outer']);
    });

    it('keeps concurrent units apart: one failing does not undo the other', async () => {
      const results = await Promise.allSettled([
        f.uow.run(async () => {
          await write('kept');
        }),
        f.uow.run(async () => {
          await write('undone');
          throw new Refused('no');
        }),
        f.uow.run(async () => {
          await write('kept too');
        }),
      ]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect((await actions()).sort()).toEqual(['kept', 'kept too']);
    });
  });
}
