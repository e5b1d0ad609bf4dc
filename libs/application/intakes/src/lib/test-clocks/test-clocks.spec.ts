import { type Principal } from '@intake/domain-accounts';
import { type GivenAccount, givenAccount, InMemoryContext, META } from '@intake/testing';
import { CreateIntake, type CreateIntakeInput } from '../intakes/create-intake';
import { unchanged } from '../model/intake-state';
import { IntakeWriter } from '../write-path/intake-writer';
import { AdvanceTestClock } from './advance-test-clock';
import { CreateTestClock } from './create-test-clock';
import { DeleteTestClock } from './delete-test-clock';
import { GetTestClock } from './get-test-clock';
import { ListTestClocks } from './list-test-clocks';
import { MAX_INTAKES_PER_TEST_CLOCK } from './test-clock';

const FROZEN = new Date('2030-03-04T09:00:00.000Z');

const body = (overrides: Partial<CreateIntakeInput> = {}): CreateIntakeInput => ({
  project_name: 'Bakery site',
  client: { email: 'anna@bakery.example', name: 'Anna', timezone: 'Europe/Prague' },
  items: [{ key: 'logo', type: 'image', label: 'Logo' }],
  ...overrides,
});

describe('test clocks (the routes’ rules, in memory)', () => {
  let context: InMemoryContext;
  let given: GivenAccount;

  beforeEach(async () => {
    context = new InMemoryContext();
    given = await givenAccount(context, { plan: 'agency' });
  });

  const createClock = (principal: Principal = given.testKey, frozenTime = FROZEN) =>
    context.use(CreateTestClock).execute({ principal, frozenTime, name: ' Onboarding ', meta: META });
  const advance = (clockId: string, to: Date | string, principal: Principal = given.testKey) =>
    context.use(AdvanceTestClock).execute({ principal, clockId, frozenTime: new Date(to), meta: META });
  const createIntake = (overrides: Partial<CreateIntakeInput> = {}, principal: Principal = given.testKey) =>
    context.use(CreateIntake).execute({ principal, body: body(overrides), meta: META });

  it('creates a ready clock at its frozen time, seen by every test key of the account', async () => {
    const clock = await createClock();
    expect(clock).toEqual({
      id: expect.stringMatching(/^clk_/),
      account_id: given.account.id,
      name: 'Onboarding',
      frozen_time: FROZEN,
      status: 'ready',
      advancing_to: null,
      created_at: context.clock.now(),
    });
    const otherTestKey = { ...given.testKey, keyId: 'key_other' };
    expect(await context.use(GetTestClock).execute(otherTestKey, clock.id)).toEqual(clock);
    expect(await context.use(ListTestClocks).execute(otherTestKey)).toEqual([clock]);
    expect(context.auditActions()).toEqual(['test_clock.created']);
  });

  it('is 404 for a live key and a session on every use case, and for another account’s test key', async () => {
    const clock = await createClock();
    const other = await givenAccount(context);
    for (const principal of [given.liveKey, given.owner]) {
      await expect(createClock(principal)).rejects.toMatchObject({ code: 'not_found' });
      await expect(context.use(ListTestClocks).execute(principal)).rejects.toMatchObject({ code: 'not_found' });
      await expect(context.use(GetTestClock).execute(principal, clock.id)).rejects.toMatchObject({ code: 'not_found' });
      await expect(advance(clock.id, '2030-03-05T00:00:00Z', principal)).rejects.toMatchObject({ code: 'not_found' });
      await expect(
        context.use(DeleteTestClock).execute({ principal, clockId: clock.id, meta: META }),
      ).rejects.toMatchObject({ code: 'not_found' });
    }
    await expect(context.use(GetTestClock).execute(other.testKey, clock.id)).rejects.toMatchObject({
      code: 'not_found',
    });
    expect(await context.use(ListTestClocks).execute(other.testKey)).toEqual([]);
  });

  it('advances forward only, two years at most, and not while advancing', async () => {
    const clock = await createClock();
    for (const to of [FROZEN, new Date(FROZEN.getTime() - 1), new Date('2032-03-04T09:00:00.001Z')]) {
      await expect(advance(clock.id, to)).rejects.toMatchObject({
        code: 'unprocessable',
        reason: 'validation_failed',
        details: [{ path: 'frozen_time', message: expect.any(String) }],
      });
    }
    const advancing = await advance(clock.id, '2032-03-04T09:00:00.000Z'); // exactly two years: allowed
    expect(advancing).toMatchObject({ status: 'advancing', advancing_to: new Date('2032-03-04T09:00:00.000Z') });
    expect(await context.use(GetTestClock).execute(given.testKey, clock.id)).toMatchObject({
      status: 'advancing',
      frozen_time: FROZEN,
    });
    await expect(advance(clock.id, '2032-03-04T10:00:00Z')).rejects.toMatchObject({
      code: 'conflict',
      reason: 'test_clock_advancing',
    });
  });

  it('a test intake created on a clock lives on its time: created, sent and invited (skipped) at the frozen time', async () => {
    const clock = await createClock();
    const { intake } = await createIntake({ test_clock: clock.id, due_date: '2030-03-20' });
    expect(intake).toMatchObject({ mode: 'test', test_clock_id: clock.id, created_at: FROZEN, sent_at: FROZEN });
    expect(
      (await context.chases.chases(intake.id)).map((c) => [c.kind, c.status, c.scheduled_at?.toISOString()]),
    ).toEqual([
      ['invite', 'skipped', FROZEN.toISOString()],
      ['reminder', 'scheduled', '2030-03-06T09:00:00.000Z'],
    ]);
    // A change through the write path happens at the clock's time too, wherever real time is.
    context.clock.set('2026-12-01T00:00:00Z');
    let at: Date | undefined;
    await context.use(IntakeWriter).change({ by: 'system', accountId: given.account.id, intakeId: intake.id }, META, {
      action: 'intake.touched',
      decide: (current, items, now) => {
        at = now;
        return unchanged(current, items);
      },
    });
    expect(at).toEqual(FROZEN);
  });

  it('refuses test_clock from a live key or a session, an unknown or another account’s clock (400 on test_clock)', async () => {
    const clock = await createClock();
    const other = await givenAccount(context, { plan: 'agency' });
    const refusals: Array<[Partial<CreateIntakeInput>, Principal]> = [
      [{ test_clock: clock.id }, given.liveKey],
      [{ test_clock: clock.id }, given.owner],
      [{ test_clock: 'clk_unknown' }, given.testKey],
      [{ test_clock: clock.id }, other.testKey],
    ];
    for (const [overrides, principal] of refusals) {
      await expect(createIntake(overrides, principal)).rejects.toMatchObject({
        code: 'invalid_request',
        reason: 'validation_error',
        details: [{ path: 'test_clock', message: expect.any(String) }],
      });
    }
    expect(context.db.intakes.rows).toEqual([]);
  });

  it(`holds ${MAX_INTAKES_PER_TEST_CLOCK} intakes: the next is 422 test_clock_full, another clock still takes one`, async () => {
    const clock = await createClock();
    for (let i = 0; i < MAX_INTAKES_PER_TEST_CLOCK; i += 1) await createIntake({ test_clock: clock.id, send: false });
    await expect(createIntake({ test_clock: clock.id, send: false })).rejects.toMatchObject({
      code: 'unprocessable',
      reason: 'test_clock_full',
    });
    const other = await createClock();
    await expect(createIntake({ test_clock: other.id, send: false })).resolves.toBeDefined();
    await expect(createIntake({ send: false })).resolves.toBeDefined();
  });

  it('delete takes the clock and its intakes, whichever test key made them, and leaves the rest', async () => {
    const clock = await createClock();
    const otherTestKey = { ...given.testKey, keyId: 'key_other' };
    const mine = (await createIntake({ test_clock: clock.id })).intake;
    const theirs = (await createIntake({ test_clock: clock.id }, otherTestKey)).intake;
    const unclocked = (await createIntake()).intake;
    const live = (await createIntake({}, given.liveKey)).intake;
    await context.use(DeleteTestClock).execute({ principal: given.testKey, clockId: clock.id, meta: META });
    expect(context.db.intakes.rows.map((i) => i.id).sort()).toEqual([unclocked.id, live.id].sort());
    expect(context.db.chases.rows.some((c) => c.intake_id === mine.id || c.intake_id === theirs.id)).toBe(false);
    expect(context.db.testClocks.rows).toEqual([]);
    expect(context.auditActions().filter((a) => a.endsWith('deleted'))).toEqual([
      'intake.deleted',
      'intake.deleted',
      'test_clock.deleted',
    ]);
    await expect(context.use(GetTestClock).execute(given.testKey, clock.id)).rejects.toMatchObject({
      code: 'not_found',
    });
  });
});
