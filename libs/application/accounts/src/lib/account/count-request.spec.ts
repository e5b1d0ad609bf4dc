import { planOf } from '@intake/domain-accounts';
import { InMemoryContext } from '@intake/testing';
import { CountRequest } from './count-request';

describe('CountRequest', () => {
  let context: InMemoryContext;
  let count: CountRequest;
  const free = planOf('free');

  beforeEach(() => {
    context = new InMemoryContext();
    context.clock.set('2026-11-23T09:59:30.000Z');
    count = context.use(CountRequest);
  });

  it('counts a request against the hourly limit, which resets at the top of the hour', async () => {
    expect(await count.execute('acc_a', free)).toEqual({
      limit: 60,
      remaining: 59,
      resetSeconds: 30,
      resetAt: new Date('2026-11-23T10:00:00.000Z'),
      allowed: true,
    });
  });

  it('allows the 60th request of a Free hour and refuses the 61st, remaining never below zero', async () => {
    for (let i = 1; i < 60; i += 1) await count.execute('acc_a', free);
    expect(await count.execute('acc_a', free)).toMatchObject({ remaining: 0, allowed: true });
    expect(await count.execute('acc_a', free)).toMatchObject({ remaining: 0, allowed: false });
    expect(await count.execute('acc_a', free)).toMatchObject({ remaining: 0, allowed: false });
  });

  it('starts afresh in the next clock hour', async () => {
    for (let i = 0; i < 61; i += 1) await count.execute('acc_a', free);
    context.clock.advance(30);
    expect(await count.execute('acc_a', free)).toMatchObject({ remaining: 59, allowed: true, resetSeconds: 3600 });
  });

  it('keeps one counter per account, whatever key or session calls', async () => {
    await count.execute('acc_a', free);
    await count.execute('acc_a', free);
    expect(await count.execute('acc_b', free)).toMatchObject({ remaining: 59 });
    expect(await count.execute('acc_a', free)).toMatchObject({ remaining: 57 });
  });

  it("uses the plan's limit", async () => {
    expect(await count.execute('acc_a', planOf('agency'))).toMatchObject({ limit: 3000, remaining: 2999 });
  });
});
