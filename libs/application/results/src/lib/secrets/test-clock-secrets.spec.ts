import { AdvanceTestClock, AdvanceTestClocks, CreateIntake, CreateTestClock } from '@intake/application-intakes';
import { givenAccount, givenAnswer, InMemoryContext, META, storedItem } from '@intake/testing';
import { GetDownloadPreflight } from '../download/download-preflight';
import { PurgeExpiredSecrets } from './purge-expired-secrets';
import { RevealSecret } from './reveal-secret';

const FROZEN = new Date('2030-06-03T08:00:00.000Z');
const DAY_MS = 24 * 3600 * 1000;

describe('the reveal window of an intake on a test clock (in memory)', () => {
  it('runs on the clock: the answer is revealable until the clock passes 30 days, then the clock’s advance purges it', async () => {
    const context = new InMemoryContext();
    const given = await givenAccount(context, { plan: 'agency' });
    const clock = await context
      .use(CreateTestClock)
      .execute({ principal: given.testKey, frozenTime: FROZEN, meta: META });
    const body = {
      project_name: 'Hosting',
      client: { email: 'jan@client.example', name: 'Jan' },
      items: [{ key: 'password', type: 'secret', label: 'Password' }],
      test_clock: clock.id,
    };
    const { intake } = await context.use(CreateIntake).execute({ principal: given.testKey, body, meta: META });
    const unclocked = (
      await context
        .use(CreateIntake)
        .execute({ principal: given.testKey, body: { ...body, test_clock: undefined }, meta: META })
    ).intake;
    await givenAnswer(context, intake, 'password', 'hunter2');
    await givenAnswer(context, unclocked, 'password', 'hunter2');
    expect((await storedItem(context, intake.id, 'password')).submitted_at).toEqual(FROZEN);

    // Real time far past the window: the real-time purge leaves the clocked answer alone.
    context.clock.set(new Date(Date.parse('2026-11-23T09:00:00Z') + 40 * DAY_MS));
    expect(await context.use(PurgeExpiredSecrets).run(context.clock.now())).toBe(1);
    expect((await storedItem(context, unclocked.id, 'password')).value).toBeNull();
    const preflight = () =>
      context.use(GetDownloadPreflight).execute({
        access: { accountId: given.account.id, mode: 'test', createdByKeyId: given.testKey.keyId },
        intakeId: intake.id,
      });
    expect((await preflight()).secrets).toMatchObject({ unrevealed: 1 });

    const advancer = new AdvanceTestClocks(context.testClockAdvances, [context.use(PurgeExpiredSecrets)], 'scheduler');
    await context.use(AdvanceTestClock).execute({
      principal: given.testKey,
      clockId: clock.id,
      frozenTime: new Date(FROZEN.getTime() + 29 * DAY_MS),
      meta: META,
    });
    await advancer.run(context.clock.now());
    expect((await storedItem(context, intake.id, 'password')).value).not.toBeNull();
    await context.use(AdvanceTestClock).execute({
      principal: given.testKey,
      clockId: clock.id,
      frozenTime: new Date(FROZEN.getTime() + 31 * DAY_MS),
      meta: META,
    });
    await advancer.run(context.clock.now());
    expect((await storedItem(context, intake.id, 'password')).value).toBeNull();
    expect((await preflight()).secrets).toMatchObject({ unrevealed: 0 });
    await expect(
      context.use(RevealSecret).execute({ principal: given.owner, intakeId: intake.id, key: 'password', meta: META }),
    ).rejects.toMatchObject({ code: 'gone' });
  });
});
