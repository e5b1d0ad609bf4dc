import {
  ADVANCE_STEPS_PER_RUN,
  AdvanceTestClock,
  AdvanceTestClocks,
  CreateIntake,
  type CreateIntakeInput,
  CreateTestClock,
  MarkReceivedOutside,
  PurgeExpiredIntakes,
  SweepOverdueIntakes,
  TEST_CLOCK_LEASE_MS,
} from '@intake/application-intakes';
import { type GivenAccount, givenAccount, InMemoryContext, META } from '@intake/testing';
import { SendOwnerNotices } from '../owner-notices/send-owner-notices';
import { SendDueChases } from '../sending/send-due-chases';

/** Monday 4 March 2030, 10:00 in Prague (CET). */
const FROZEN = new Date('2030-03-04T09:00:00.000Z');
const DAY_MS = 24 * 3600 * 1000;
const days = (n: number) => new Date(FROZEN.getTime() + n * DAY_MS);

const body = (overrides: Partial<CreateIntakeInput> = {}): CreateIntakeInput => ({
  project_name: 'Bakery site',
  client: { email: 'anna@bakery.example', name: 'Anna', timezone: 'Europe/Prague' },
  items: [{ key: 'logo', type: 'image', label: 'Logo' }],
  due_date: '2030-03-20',
  ...overrides,
});

describe('AdvanceTestClocks (in memory)', () => {
  let context: InMemoryContext;
  let given: GivenAccount;

  beforeEach(async () => {
    context = new InMemoryContext();
    given = await givenAccount(context, { plan: 'agency' });
  });

  const advancer = (worker = 'scheduler-a') =>
    new AdvanceTestClocks(
      context.testClockAdvances,
      [
        context.use(SendDueChases),
        context.use(SweepOverdueIntakes),
        context.use(PurgeExpiredIntakes),
        context.use(SendOwnerNotices),
      ],
      worker,
    );
  const newClock = () =>
    context.use(CreateTestClock).execute({ principal: given.testKey, frozenTime: FROZEN, meta: META });
  const advance = (clockId: string, to: Date) =>
    context.use(AdvanceTestClock).execute({ principal: given.testKey, clockId, frozenTime: to, meta: META });
  const create = async (overrides: Partial<CreateIntakeInput> = {}, principal = given.testKey) =>
    (await context.use(CreateIntake).execute({ principal, body: body(overrides), meta: META })).intake;
  const chases = async (intakeId: string) =>
    (await context.chases.chases(intakeId)).map((c) => [c.kind, c.status, c.attempt_no, c.scheduled_at?.toISOString()]);
  const stored = (intakeId: string) => context.db.intakes.rows.find((i) => i.id === intakeId);
  /** Runs the pass (at real time) until the clock is ready; how many runs it took. */
  const runUntilReady = async (clockId: string, pass = advancer()) => {
    for (let run = 1; run <= 50; run += 1) {
      await pass.run(context.clock.now());
      if (context.testClocks.row(clockId)?.status === 'ready') return run;
    }
    throw new Error('the clock never got ready');
  };

  it('a month on the clock: invitation, three reminders (skipped), the stall and the overdue notice, each at its instant; nothing else moves', async () => {
    const clock = await newClock();
    const other = await newClock();
    const clocked = await create({ test_clock: clock.id });
    const onOther = await create({ test_clock: other.id });
    const unclocked = await create();
    const live = await create({}, given.liveKey);
    const before = {
      onOther: await chases(onOther.id),
      unclocked: await chases(unclocked.id),
      live: await chases(live.id),
    };

    await advance(clock.id, days(10));
    expect(await runUntilReady(clock.id)).toBe(1);
    await advance(clock.id, days(30));
    await runUntilReady(clock.id);

    expect(await chases(clocked.id)).toEqual([
      ['invite', 'skipped', 0, '2030-03-04T09:00:00.000Z'],
      ['reminder', 'skipped', 1, '2030-03-06T09:00:00.000Z'], // 10:00 in Prague, two days on
      ['reminder', 'skipped', 2, '2030-03-09T09:00:00.000Z'],
      ['reminder', 'skipped', 3, '2030-03-13T09:00:00.000Z'],
    ]);
    expect(stored(clocked.id)?.stalled_at).toEqual(new Date('2030-03-13T09:00:00.000Z'));
    const events = context.webhooks().filter((w) => w['intake_id'] === clocked.id);
    expect(events.map((e) => [e['event'], new Date((e['timestamp'] as number) * 1000).toISOString()])).toEqual([
      ['intake.stalled', '2030-03-13T09:00:00.000Z'],
      ['intake.overdue', '2030-03-20T23:00:00.000Z'], // the end of the due day in Prague
    ]);
    expect(context.ownerNotices.rows.filter((n) => n.intake_id === clocked.id).map((n) => n.status)).toEqual([
      'sent',
      'sent',
    ]);
    expect(context.mail.sent.map((m) => m.subject)).toEqual([
      expect.stringMatching(/^\[Test\]/),
      expect.stringMatching(/^\[Test\]/),
    ]);
    expect(context.testClocks.row(clock.id)).toMatchObject({
      status: 'ready',
      frozen_time: days(30),
      advancing_to: null,
      claimed_by: null,
    });

    // The other clock, the unclocked test intake and the live one have not moved.
    expect(await chases(onOther.id)).toEqual(before.onOther);
    expect(await chases(unclocked.id)).toEqual(before.unclocked);
    expect(await chases(live.id)).toEqual(before.live);
    expect(context.testClocks.row(other.id)).toMatchObject({ status: 'ready', frozen_time: FROZEN });
    for (const id of [onOther.id, unclocked.id, live.id]) expect(stored(id)?.stalled_at).toBeNull();
  });

  it('the real-time passes leave a clocked intake alone, whatever real time it is', async () => {
    const clock = await newClock();
    const clocked = await create({ test_clock: clock.id });
    const before = await chases(clocked.id);
    context.clock.set(days(400)); // real time far past everything the clock's intake has due
    const passes = [
      context.use(SendDueChases),
      context.use(SweepOverdueIntakes),
      context.use(PurgeExpiredIntakes),
      context.use(SendOwnerNotices),
    ];
    for (const pass of passes) expect(await pass.run(context.clock.now())).toBe(0);
    expect(await chases(clocked.id)).toEqual(before);
    expect(context.webhooks()).toEqual([]);
  });

  it(`takes ${ADVANCE_STEPS_PER_RUN} steps a run at most: two years take several runs, day by day`, async () => {
    const clock = await newClock();
    await create({ test_clock: clock.id, due_date: undefined });
    await advance(clock.id, new Date('2032-03-04T09:00:00.000Z'));
    expect(await advancer().run(context.clock.now())).toBe(ADVANCE_STEPS_PER_RUN);
    const row = context.testClocks.row(clock.id);
    expect(row).toMatchObject({ status: 'advancing', claimed_by: null });
    // A day at most per step: after 100 steps (the first at the frozen time) it is at most 99 days on.
    expect(row?.frozen_time.getTime()).toBeLessThanOrEqual(days(99).getTime());
    expect(row?.frozen_time.getTime()).toBeGreaterThan(days(80).getTime());
    expect(await runUntilReady(clock.id)).toBeGreaterThanOrEqual(7);
    expect(context.testClocks.row(clock.id)?.frozen_time).toEqual(new Date('2032-03-04T09:00:00.000Z'));
  });

  it('a crashed scheduler’s advance is taken over once its lease runs out, its claims on chases freed', async () => {
    const clock = await newClock();
    const clocked = await create({ test_clock: clock.id });
    await advance(clock.id, days(6));
    // Scheduler A claims the clock, steps to day 2 and claims the reminder due there, then dies.
    const realNow = context.clock.now();
    const leaseA = { worker: 'scheduler-a', until: new Date(realNow.getTime() + TEST_CLOCK_LEASE_MS) };
    expect(await context.testClockAdvances.claim(realNow, leaseA)).toMatchObject({ id: clock.id });
    expect(await context.testClockAdvances.moveTo(clock.id, 'scheduler-a', days(2), leaseA.until)).toBe(true);
    expect(
      await context.chaseQueue.claimDue(days(2), 10, { worker: 'scheduler-a', until: days(3) }, clock.id),
    ).toHaveLength(1);

    const b = advancer('scheduler-b');
    expect(await b.run(realNow)).toBe(0); // A's lease still holds
    context.clock.set(new Date(leaseA.until.getTime() + 1));
    await runUntilReady(clock.id, b);
    expect(await chases(clocked.id)).toEqual([
      ['invite', 'skipped', 0, '2030-03-04T09:00:00.000Z'],
      ['reminder', 'skipped', 1, '2030-03-06T09:00:00.000Z'],
      ['reminder', 'skipped', 2, '2030-03-09T09:00:00.000Z'],
      ['reminder', 'scheduled', 3, '2030-03-13T09:00:00.000Z'],
    ]);
    expect(context.testClocks.row(clock.id)).toMatchObject({ status: 'ready', frozen_time: days(6) });
  });

  it('retention runs on the clock: completed on it, purged 90 days later on it', async () => {
    const clock = await newClock();
    const clocked = await create({ test_clock: clock.id, due_date: undefined });
    await advance(clock.id, days(3));
    await runUntilReady(clock.id);
    await context.use(MarkReceivedOutside).execute({
      principal: given.testKey,
      intakeId: clocked.id,
      key: 'logo',
      note: null,
      meta: META,
    });
    expect(stored(clocked.id)).toMatchObject({ status: 'completed', completed_at: days(3), purge_at: days(93) });
    await advance(clock.id, days(92));
    await runUntilReady(clock.id);
    expect(context.auditActions()).not.toContain('intake.purged');
    await advance(clock.id, days(100));
    await runUntilReady(clock.id);
    expect(context.db.auditLog.entries.filter((e) => e.action === 'intake.purged')).toEqual([
      expect.objectContaining({
        target_id: clocked.id,
        summary: expect.objectContaining({ purge_at: days(93).toISOString() }),
      }),
    ]);
    expect(context.sweeps.marks(clocked.id).purged_at).toEqual(days(93));
  });

  it('stops when the clock is deleted while advancing', async () => {
    const clock = await newClock();
    await advance(clock.id, days(3));
    context.db.testClocks.rows = [];
    expect(await advancer().run(context.clock.now())).toBe(0);
  });
});
