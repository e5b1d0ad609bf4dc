import { givenAccount, givenWebhook, InMemoryContext } from '@intake/testing';
import { GetWebhookCoverage } from './webhook-coverage';

describe('GetWebhookCoverage', () => {
  it('covers once the active endpoints of the mode together take item.submitted and intake.completed', async () => {
    const context = new InMemoryContext();
    const given = await givenAccount(context);
    const other = await givenAccount(context);
    const coverage = context.use(GetWebhookCoverage);
    const of = (accountId = given.account.id, mode: 'live' | 'test' = 'live') => coverage.execute(accountId, mode);

    expect(await of()).toEqual({ active_endpoints: 0, events: [], covered: false });
    givenWebhook(context, given, { events: ['intake.completed', 'client.viewed'] });
    givenWebhook(context, given, { events: ['item.submitted', 'intake.completed'], active: false });
    givenWebhook(context, given, { events: ['item.submitted'], mode: 'test' });
    givenWebhook(context, other, { events: ['item.submitted'] });
    expect(await of()).toEqual({
      active_endpoints: 1,
      events: ['intake.completed', 'client.viewed'],
      covered: false,
    });
    givenWebhook(context, given, { events: ['intake.archived', 'item.submitted'] });
    expect(await of()).toEqual({
      active_endpoints: 2,
      events: ['item.submitted', 'intake.completed', 'client.viewed', 'intake.archived'],
      covered: true,
    });
    expect(await of(given.account.id, 'test')).toEqual({
      active_endpoints: 1,
      events: ['item.submitted'],
      covered: false,
    });
  });
});
