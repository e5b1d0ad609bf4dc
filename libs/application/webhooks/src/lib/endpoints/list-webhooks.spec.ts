import { anotherKey, givenAccount, givenWebhook, InMemoryContext } from '@intake/testing';
import { ListWebhooks } from './list-webhooks';

describe('ListWebhooks', () => {
  it('lists a key’s endpoints of its account and mode, a session’s of both modes, oldest first', async () => {
    const context = new InMemoryContext();
    const given = await givenAccount(context);
    const other = await givenAccount(context);
    const first = givenWebhook(context, given);
    context.clock.advance(60);
    const inactive = givenWebhook(context, given, { active: false, deactivated_at: context.clock.now() });
    // Created a minute apart: endpoints created in the same instant have no order between them.
    context.clock.advance(60);
    const test = givenWebhook(context, given, { mode: 'test' });
    givenWebhook(context, other);
    const list = context.use(ListWebhooks);

    const live = await list.execute(given.liveKey);
    expect(live.map((e) => e.id)).toEqual([first.id, inactive.id]);
    const { secret: _secret, ...stored } = first;
    expect(live[0]).toEqual(stored);
    expect((await list.execute(given.owner)).map((e) => [e.id, e.mode])).toEqual([
      [first.id, 'live'],
      [inactive.id, 'live'],
      [test.id, 'test'],
    ]);
    // Every test key of the account sees the account's test endpoints.
    expect((await list.execute(given.testKey)).map((e) => e.id)).toEqual([test.id]);
    expect((await list.execute(anotherKey(given, 'test'))).map((e) => e.id)).toEqual([test.id]);
    expect(await list.execute(other.testKey)).toEqual([]);
  });
});
