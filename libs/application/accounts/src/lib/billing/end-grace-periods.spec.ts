import { givenAccount, InMemoryBillingStore, InMemoryContext } from '@intake/testing';
import { type PlanId } from '@intake/domain-accounts';
import { BillingStore } from '../ports/billing-store.port';
import { EndGracePeriods } from './end-grace-periods';

describe('EndGracePeriods', () => {
  let context: InMemoryContext;
  let until: Date;

  beforeEach(() => {
    context = new InMemoryContext();
    until = new Date(context.clock.now().getTime() + 14 * 86_400_000);
  });

  /** An account on `plan` whose grace period ends at `graceUntil`. */
  const inGrace = async (plan: PlanId, graceUntil: Date | null) => {
    const { account } = await givenAccount(context, { plan });
    const store = context.use(BillingStore);
    await store.link(account.id, `cus_${account.id}`, context.clock.now());
    await store.setGrace(account.id, graceUntil);
    return account.id;
  };
  const planOf = (accountId: string) => context.db.accounts.rows.find((a) => a.id === accountId)?.plan;
  const graceOf = (accountId: string) => context.db.billing.rows.find((b) => b.account_id === accountId)?.grace_until;

  it('is the scheduler pass billing.grace_end', () => {
    expect(context.use(EndGracePeriods).name).toBe('billing.grace_end');
  });

  it('moves an account to Free when its grace period has ended (at its very end, not a moment before)', async () => {
    const accountId = await inGrace('studio', until);
    const sweep = context.use(EndGracePeriods);
    expect(await sweep.run(new Date(until.getTime() - 1))).toBe(0);
    expect(planOf(accountId)).toBe('studio');
    expect(graceOf(accountId)).toEqual(until);

    expect(await sweep.run(until)).toBe(1);
    expect(planOf(accountId)).toBe('free');
    expect(graceOf(accountId)).toBeNull();
    expect(context.db.auditLog.entries).toEqual([
      expect.objectContaining({
        account_id: accountId,
        actor_type: 'system',
        actor_id: null,
        action: 'account.plan_changed',
        target_id: accountId,
        ip: null,
        request_id: null,
        summary: { from: 'studio', to: 'free', reason: 'payment_grace_ended' },
      }),
    ]);
  });

  it('sweeps only the accounts that are due', async () => {
    const due = await inGrace('solo', until);
    const later = await inGrace('agency', new Date(until.getTime() + 1));
    const none = await inGrace('studio', null);
    expect(await context.use(EndGracePeriods).run(until)).toBe(1);
    expect([planOf(due), planOf(later), planOf(none)]).toEqual(['free', 'agency', 'studio']);
  });

  it('clears the grace period of an account already on Free without auditing a change', async () => {
    const accountId = await inGrace('free', until);
    expect(await context.use(EndGracePeriods).run(until)).toBe(1);
    expect(graceOf(accountId)).toBeNull();
    expect(planOf(accountId)).toBe('free');
    expect(context.db.auditLog.entries).toEqual([]);
  });

  it('leaves an account alone when its grace period was ended meanwhile (the guarded claim fails)', async () => {
    class ClaimedElsewhere extends InMemoryBillingStore {
      override async endGrace(): Promise<boolean> {
        return false;
      }
    }
    context.bind(BillingStore, new ClaimedElsewhere(context.db));
    const accountId = await inGrace('solo', until);
    expect(await context.use(EndGracePeriods).run(until)).toBe(1);
    expect(planOf(accountId)).toBe('solo');
    expect(context.db.auditLog.entries).toEqual([]);
  });
});
