import { PLANS } from '@intake/domain-accounts';
import { type GivenAccount, givenAccount, InMemoryContext } from '@intake/testing';
import { GetUsage } from './get-usage';

describe('GetUsage', () => {
  let context: InMemoryContext;
  let given: GivenAccount;

  beforeEach(async () => {
    context = new InMemoryContext();
    given = await givenAccount(context, { plan: 'solo', storage_bytes_used: 123_456 });
  });

  it("answers this month's use of the plan's quotas", async () => {
    Object.assign(context.db.usageOf(given.account.id, '2026-11'), { intakes_created: 7, sms_sent: 3 });
    Object.assign(context.db.usageOf(given.account.id, '2026-10'), { intakes_created: 50, sms_sent: 40 });
    Object.assign(context.db.usageOf((await givenAccount(context)).account.id, '2026-11'), { intakes_created: 9 });
    const { quotas } = PLANS.solo;
    expect(await context.use(GetUsage).execute(given.account.id)).toEqual({
      period: '2026-11',
      intakes: { used: 7, limit: quotas.intakes_per_month },
      storage_bytes: { used: 123_456, limit: quotas.storage_bytes },
      sms_messages: { used: 3, limit: quotas.sms_per_month },
      sms_credits: { balance: 0, used_this_period: 0 },
    });
  });

  it('starts a new month at zero (storage is not monthly)', async () => {
    Object.assign(context.db.usageOf(given.account.id, '2026-11'), { intakes_created: 7, sms_sent: 3 });
    context.clock.set('2026-12-01T00:00:00.000Z');
    expect(await context.use(GetUsage).execute(given.account.id)).toMatchObject({
      period: '2026-12',
      intakes: { used: 0 },
      storage_bytes: { used: 123_456 },
      sms_messages: { used: 0 },
    });
  });

  it('answers 404 for an unknown account', async () => {
    await expect(context.use(GetUsage).execute('acc_unknown')).rejects.toMatchObject({
      code: 'not_found',
      message: 'Account was not found.',
    });
  });
});
