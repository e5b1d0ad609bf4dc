import { type ChaseQueue } from '@intake/application-chasing';
import { type TestClockAdvances, type TestClockRecord, type TestClockStore } from '@intake/application-intakes';
import { newId } from '@intake/ids';
import { aChase, anIntake, anItem, at, type IntakeStoresFixture, T0 } from './intake-stores.fixture';
import { type IntakeRecord } from '@intake/domain-intake';

export interface TestClocksFixture extends IntakeStoresFixture {
  clocks: TestClockStore;
  advances: TestClockAdvances;
  /** The chase queue over the same database: its claims keep to one time line. */
  queue: ChaseQueue;
}

/** A ready clock of the account at T0. */
export const aTestClock = (accountId: string, overrides: Partial<TestClockRecord> = {}): TestClockRecord => ({
  id: newId('testClock'),
  account_id: accountId,
  name: null,
  frozen_time: T0,
  status: 'ready',
  advancing_to: null,
  created_at: T0,
  ...overrides,
});

/** The behaviour every TestClockStore and TestClockAdvances must have, run against each of them. */
export function describeTestClocksContract(name: string, setup: () => Promise<TestClocksFixture>): void {
  describe(`TestClockStore and TestClockAdvances contract: ${name}`, () => {
    let f: TestClocksFixture;
    beforeAll(async () => {
      f = await setup();
    });
    afterAll(async () => {
      await f?.teardown();
    });

    const lease = (worker: string, minutes: number) => ({ worker, until: at(minutes) });

    /** A clock of a fresh account, advancing to `to` when given. */
    async function aClock(to?: Date, frozen = T0) {
      const accountId = await f.createAccount();
      const clock = aTestClock(accountId, { frozen_time: frozen });
      await f.clocks.insert(clock);
      if (to) await f.clocks.startAdvance(clock.id, to);
      return { accountId, clock };
    }
    async function onClock(clock: TestClockRecord, fields: Partial<IntakeRecord> = {}) {
      const intake = anIntake(clock.account_id, { mode: 'test', test_clock_id: clock.id, ...fields });
      await f.intakes.insert(intake, [anItem(intake.id, 'logo', 0)]);
      return intake;
    }
    /** Claims until this test's clock comes up (other tests' clocks may be advancing too). */
    async function claimMine(clockId: string, worker: string, now = at(0), until = at(5)) {
      for (let i = 0; i < 100; i += 1) {
        const claimed = await f.advances.claim(now, { worker, until });
        if (!claimed) return undefined;
        if (claimed.id === clockId) return claimed;
      }
      return undefined;
    }

    it('stores clocks per account: get, list oldest first, the frozen time, delete with its intakes', async () => {
      const { accountId, clock } = await aClock();
      const later = aTestClock(accountId, { name: 'Second', created_at: at(1), frozen_time: at(60) });
      await f.clocks.insert(later);
      const other = await f.createAccount();
      expect(await f.clocks.get(accountId, clock.id)).toEqual(clock);
      expect(await f.clocks.get(other, clock.id)).toBeUndefined();
      expect(await f.uow.run(() => f.clocks.getForUpdate(accountId, later.id))).toEqual(later);
      expect(await f.clocks.list(accountId)).toEqual([clock, later]);
      expect(await f.clocks.list(other)).toEqual([]);
      expect(await f.clocks.frozenTime(later.id)).toEqual(at(60));
      expect(await f.clocks.frozenTime('clk_unknown')).toBeUndefined();

      const intake = await onClock(clock);
      const unclocked = anIntake(accountId, { mode: 'test' });
      await f.intakes.insert(unclocked, []);
      expect(await f.clocks.intakeIds(clock.id)).toEqual([intake.id]);
      expect((await f.intakes.getMany([intake.id]))[0]?.test_clock_id).toBe(clock.id);
      await f.clocks.delete(clock.id);
      expect(await f.clocks.get(accountId, clock.id)).toBeUndefined();
      expect(await f.intakes.getMany([intake.id, unclocked.id])).toEqual([
        expect.objectContaining({ id: unclocked.id, test_clock_id: null }),
      ]);
    });

    it('claims an advancing clock under a lease, one scheduler at a time; a lapsed lease is claimed again', async () => {
      const { clock } = await aClock(at(600));
      const { clock: ready } = await aClock();
      const claimed = await claimMine(clock.id, 'a', at(0), at(5));
      expect(claimed).toMatchObject({ id: clock.id, status: 'advancing', advancing_to: at(600), frozen_time: T0 });
      expect(await claimMine(clock.id, 'b', at(4))).toBeUndefined();
      expect(await claimMine(ready.id, 'b', at(4))).toBeUndefined();
      expect(await claimMine(clock.id, 'b', at(6), at(11))).toMatchObject({ id: clock.id });
      // a lost its lease: its writes are refused
      expect(await f.advances.moveTo(clock.id, 'a', at(60), at(11))).toBe(false);
      expect(await f.advances.moveTo(clock.id, 'b', at(60), at(11))).toBe(true);
      expect(await f.clocks.frozenTime(clock.id)).toEqual(at(60));
    });

    it('moves forward within the target only, finishes at it, and gives the lease back', async () => {
      const { accountId, clock } = await aClock(at(600));
      await claimMine(clock.id, 'a');
      expect(await f.advances.moveTo(clock.id, 'a', at(601), at(5))).toBe(false);
      expect(await f.advances.finish(clock.id, 'a')).toBe(false); // not there yet
      expect(await f.advances.moveTo(clock.id, 'a', at(300), at(5))).toBe(true);
      await f.advances.release(clock.id, 'a');
      expect(await claimMine(clock.id, 'b')).toMatchObject({ frozen_time: at(300) });
      expect(await f.advances.moveTo(clock.id, 'b', at(600), at(5))).toBe(true);
      expect(await f.advances.finish(clock.id, 'b')).toBe(true);
      expect(await f.clocks.get(accountId, clock.id)).toEqual({
        ...clock,
        frozen_time: at(600),
        status: 'ready',
        advancing_to: null,
      });
      expect(await claimMine(clock.id, 'c', at(100))).toBeUndefined();
    });

    it('finds the next instant something of the clock’s intakes falls due, strictly after the given one', async () => {
      const { clock } = await aClock(at(100_000));
      const { clock: other } = await aClock(at(100_000));
      const chased = await onClock(clock);
      await f.chases.insertChase(aChase(chased.id, { scheduled_at: at(300) }));
      await f.chases.insertChase(aChase(chased.id, { scheduled_at: at(50), status: 'skipped' }));
      await onClock(clock, { overdue_at: at(200) });
      await onClock(clock, { overdue_at: at(100), status: 'completed', purge_at: at(400) });
      await onClock(clock, { overdue_at: at(20), status: 'draft' });
      const elsewhere = await onClock(other, { overdue_at: at(10) });
      await f.chases.insertChase(aChase(elsewhere.id, { scheduled_at: at(5) }));

      expect(await f.advances.nextDue(clock.id, T0)).toEqual(at(200));
      expect(await f.advances.nextDue(clock.id, at(200))).toEqual(at(300));
      expect(await f.advances.nextDue(clock.id, at(300))).toEqual(at(400));
      expect(await f.advances.nextDue(clock.id, at(400))).toBeUndefined();
      expect(await f.advances.nextDue(other.id, T0)).toEqual(at(5));
    });

    it('keeps the chase queue to one time line, and frees what a crashed advance held', async () => {
      const { clock } = await aClock(at(100_000));
      const accountId = await f.createAccount();
      const real = anIntake(accountId, { mode: 'test' });
      await f.intakes.insert(real, []);
      const clocked = await onClock(clock);
      const realChase = aChase(real.id, { scheduled_at: at(-10) });
      const clockChase = aChase(clocked.id, { scheduled_at: at(-10) });
      await f.chases.insertChases([realChase, clockChase]);
      const ids = (chases: Array<{ id: string }>) =>
        chases.map((c) => c.id).filter((id) => id === realChase.id || id === clockChase.id);

      expect(ids(await f.queue.claimDue(at(0), 1000, lease('real', 5), null))).toEqual([realChase.id]);
      expect(ids(await f.queue.claimDue(at(0), 1000, lease('crashed', 5), clock.id))).toEqual([clockChase.id]);
      expect(ids(await f.queue.claimDue(at(1), 1000, lease('next', 6), clock.id))).toEqual([]);
      await f.advances.releaseClaims(clock.id);
      expect(ids(await f.queue.claimDue(at(1), 1000, lease('next', 6), clock.id))).toEqual([clockChase.id]);
      expect(ids(await f.queue.claimDue(at(10), 1000, lease('real', 15), null))).toEqual([realChase.id]); // its lease ran out
    });
  });
}
