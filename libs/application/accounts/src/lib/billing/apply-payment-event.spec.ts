import { type GivenAccount, givenAccount, InMemoryBillingStore, InMemoryContext } from '@intake/testing';
import { BillingSettings } from './billing-settings';
import { BillingStore } from '../ports/billing-store.port';
import { type PaymentEvent, PaymentSignatureError, PaymentsProvider } from '../ports/payments-provider.port';
import { ApplyPaymentEvent } from './apply-payment-event';
import { EndGracePeriods } from './end-grace-periods';

/** The provider's decoding stands aside here: the "body" is the event, the signature "ok" or not. */
class DecodedEvents extends PaymentsProvider {
  createCustomer = () => Promise.reject(new Error('not used'));
  createCheckout = () => Promise.reject(new Error('not used'));
  createPortal = () => Promise.reject(new Error('not used'));
  verifyEvent(raw: Buffer, signature: string | undefined): PaymentEvent {
    if (signature !== 'ok') throw new PaymentSignatureError('No signatures found matching the expected signature');
    const event = JSON.parse(raw.toString('utf8'), (key, value) =>
      ['created', 'subscriptionCreated'].includes(key) ? new Date(value as string) : value,
    );
    return event as PaymentEvent;
  }
}

/** The in-memory store, noting which customers were locked and which grace periods set. */
class SpyBillingStore extends InMemoryBillingStore {
  readonly locked: unknown[] = [];
  readonly graces: Array<[string, Date | null]> = [];

  override lockByCustomer(customerId: string) {
    this.locked.push(customerId);
    return super.lockByCustomer(customerId);
  }
  override setGrace(accountId: string, until: Date | null) {
    this.graces.push([accountId, until]);
    return super.setGrace(accountId, until);
  }
}

const META = { ip: null, requestId: null };
const DAY = 86_400_000;

describe('ApplyPaymentEvent and EndGracePeriods', () => {
  let context: InMemoryContext;
  let given: GivenAccount;
  let store: SpyBillingStore;
  let n = 0;

  beforeEach(async () => {
    context = new InMemoryContext();
    store = new SpyBillingStore(context.db);
    context.bind(BillingStore, store);
    context.bind(PaymentsProvider, new DecodedEvents());
    context.bind(
      BillingSettings,
      new BillingSettings(
        {
          prices: { solo: 'price_solo', studio: 'price_studio', agency: 'price_agency' },
          smsPacks: { 100: 'p100', 500: 'p500', 1000: 'p1000' },
          returnUrl: 'https://app.example/billing',
        },
        { monthly: { solo: 19, studio: 49, agency: 149 }, currency: 'eur' },
      ),
    );
    given = await givenAccount(context);
    await context.use(BillingStore).link(given.account.id, 'cus_1', context.clock.now());
  });

  const send = (event: Record<string, unknown>, signature = 'ok') =>
    context
      .use(ApplyPaymentEvent)
      .execute(Buffer.from(JSON.stringify({ id: `evt_${++n}`, ...event })), signature, META);
  const subscription = (status: string, price: string, at: Date) => ({
    type: 'customer.subscription.updated',
    kind: 'subscription',
    created: at,
    customerId: 'cus_1',
    subscriptionId: 'sub_1',
    subscriptionCreated: new Date(0),
    status,
    priceId: price,
    deleted: false,
  });
  const plan = async () => (await context.db.accounts.rows.find((a) => a.id === given.account.id))?.plan;

  it('follows the subscription: active on a configured price sets the plan; past_due keeps it; unpaid is Free', async () => {
    const t = context.clock.now().getTime();
    expect(await send(subscription('incomplete', 'price_solo', new Date(t)))).toBe('applied');
    expect(await plan()).toBe('free');
    expect(await send(subscription('active', 'price_solo', new Date(t + 1)))).toBe('applied');
    expect(await plan()).toBe('solo');
    expect(await send(subscription('past_due', 'price_solo', new Date(t + 2)))).toBe('applied');
    expect(await plan()).toBe('solo');
    expect(await send(subscription('unpaid', 'price_solo', new Date(t + 3)))).toBe('applied');
    expect(await plan()).toBe('free');
    expect(await send(subscription('active', 'price_agency', new Date(t + 4)))).toBe('stale'); // ended stays ended
  });

  it('a refused signature is 400 payment_signature naming the header, and records nothing', async () => {
    await expect(send(subscription('active', 'price_solo', context.clock.now()), 'forged')).rejects.toMatchObject({
      code: 'invalid_request',
      reason: 'payment_signature',
      details: [{ path: 'stripe-signature' }],
    });
    expect(context.db.paymentEvents.rows).toHaveLength(0);
  });

  it('a failed payment opens a 14-day grace period; the sweep then moves the account to Free, once', async () => {
    await send(subscription('active', 'price_studio', context.clock.now()));
    const failedAt = context.clock.now();
    await send({
      type: 'invoice.payment_failed',
      kind: 'payment_failed',
      created: failedAt,
      customerId: 'cus_1',
      subscriptionId: 'sub_1',
    });
    const sweep = context.use(EndGracePeriods);
    expect(await sweep.run(new Date(failedAt.getTime() + 13 * DAY))).toBe(0);
    expect(await plan()).toBe('studio');
    expect(await sweep.run(new Date(failedAt.getTime() + 14 * DAY))).toBe(1);
    expect(await plan()).toBe('free');
    expect(await sweep.run(new Date(failedAt.getTime() + 15 * DAY))).toBe(0);
    const changes = context.db.auditLog.entries.filter((e) => e.action === 'account.plan_changed');
    expect(changes.map((e) => e.summary)).toEqual([
      expect.objectContaining({ from: 'free', to: 'studio' }),
      { from: 'studio', to: 'free', reason: 'payment_grace_ended' },
    ]);
  });

  it('a payment that succeeds within the grace period ends it', async () => {
    await send(subscription('active', 'price_solo', context.clock.now()));
    const failedAt = context.clock.now();
    await send({
      type: 'invoice.payment_failed',
      kind: 'payment_failed',
      created: failedAt,
      customerId: 'cus_1',
      subscriptionId: 'sub_1',
    });
    await send({
      type: 'invoice.paid',
      kind: 'payment_succeeded',
      created: failedAt,
      customerId: 'cus_1',
      subscriptionId: 'sub_1',
    });
    expect(await context.use(EndGracePeriods).run(new Date(failedAt.getTime() + 30 * DAY))).toBe(0);
    expect(await plan()).toBe('solo');
  });

  it('events of a customer no account is linked to are recorded and ignored', async () => {
    expect(await send({ ...subscription('active', 'price_solo', context.clock.now()), customerId: 'cus_other' })).toBe(
      'ignored',
    );
    expect(await plan()).toBe('free');
  });

  const billingRow = () => context.db.billing.rows.find((b) => b.account_id === given.account.id);
  const balance = () => context.db.creditsOf(given.account.id).balance;
  const audits = (action: string) => context.db.auditLog.entries.filter((e) => e.action === action);
  const failed = (at: Date) => ({
    type: 'invoice.payment_failed',
    kind: 'payment_failed',
    created: at,
    customerId: 'cus_1',
    subscriptionId: 'sub_1',
  });
  const paid = (at: Date) => ({ ...failed(at), type: 'invoice.paid', kind: 'payment_succeeded' });
  const checkout = (fields: Record<string, unknown>) => ({
    type: 'checkout.session.completed',
    kind: 'checkout_completed',
    created: context.clock.now(),
    customerId: 'cus_1',
    accountId: given.account.id,
    mode: 'payment',
    paid: true,
    smsCredits: 500,
    ...fields,
  });

  describe('the signature and the configuration', () => {
    it('names the provider refusal in the message and the detail; the error class is named', async () => {
      await expect(send(subscription('active', 'price_solo', context.clock.now()), 'forged')).rejects.toMatchObject({
        name: 'DomainError',
        message: 'The payment event was refused: No signatures found matching the expected signature',
        details: [{ path: 'stripe-signature', message: 'No signatures found matching the expected signature' }],
      });
      expect(new PaymentSignatureError('x').name).toBe('PaymentSignatureError');
    });

    it('lets any other failure of the provider through as it is (not a signature refusal)', async () => {
      const outcome = context.use(ApplyPaymentEvent).execute(Buffer.from('not json'), 'ok', META);
      await expect(outcome).rejects.toThrow(SyntaxError);
      await expect(outcome).rejects.not.toHaveProperty('reason');
      expect(context.db.paymentEvents.rows).toHaveLength(0);
    });

    it('is 503 billing_not_configured without a provider configured, and records nothing', async () => {
      context.bind(
        BillingSettings,
        new BillingSettings(undefined, { monthly: { solo: 1, studio: 2, agency: 3 }, currency: 'eur' }),
      );
      await expect(send(subscription('active', 'price_solo', context.clock.now()))).rejects.toMatchObject({
        code: 'service_unavailable',
        reason: 'billing_not_configured',
      });
      expect(context.db.paymentEvents.rows).toHaveLength(0);
      expect(await plan()).toBe('free');
    });
  });

  describe('recording', () => {
    it('applies an event id once: a replay is a duplicate and changes nothing', async () => {
      const event = { id: 'evt_once', ...checkout({ smsCredits: 100 }) };
      expect(await send(event)).toBe('applied');
      expect(await send(event)).toBe('duplicate');
      expect(balance()).toBe(100);
      expect(audits('billing.sms_credits_added')).toHaveLength(1);
      expect(context.db.paymentEvents.rows).toEqual([
        {
          id: 'evt_once',
          type: 'checkout.session.completed',
          account_id: given.account.id,
          received_at: context.clock.now(),
        },
      ]);
    });

    it('locks no customer for events without one, records them for no account and ignores them', async () => {
      expect(await send({ type: 'charge.refunded', kind: 'other', created: context.clock.now() })).toBe('ignored');
      expect(await send(checkout({ customerId: null }))).toBe('ignored');
      expect(store.locked).toEqual([]);
      expect(context.db.paymentEvents.rows.map((e) => e.account_id)).toEqual([null, null]);
      expect(balance()).toBe(0);
    });

    it('records an event of a linked customer for its account, locking that customer', async () => {
      await send(subscription('active', 'price_solo', context.clock.now()));
      expect(store.locked).toEqual(['cus_1']);
      expect(context.db.paymentEvents.rows.map((e) => e.account_id)).toEqual([given.account.id]);
    });

    it('ignores an event kind it does not act on, of a linked customer too (recorded all the same)', async () => {
      expect(
        await send({ type: 'customer.updated', kind: 'other', created: context.clock.now(), customerId: 'cus_1' }),
      ).toBe('ignored');
      expect(context.db.paymentEvents.rows).toEqual([expect.objectContaining({ account_id: given.account.id })]);
      expect(context.db.auditLog.entries).toEqual([]);
    });
  });

  describe('a completed checkout', () => {
    it('of a paid credit pack adds the credits to the balance, audited as the system', async () => {
      expect(await send({ id: 'evt_pack', ...checkout({ smsCredits: 500 }) })).toBe('applied');
      expect(await send({ id: 'evt_pack2', ...checkout({ smsCredits: 1000 }) })).toBe('applied');
      expect(balance()).toBe(1500);
      expect(audits('billing.sms_credits_added')).toEqual([
        expect.objectContaining({
          actor_type: 'system',
          actor_id: null,
          target_id: given.account.id,
          summary: { sms_credits: 500, balance: 500, provider_event: 'evt_pack' },
        }),
        expect.objectContaining({ summary: { sms_credits: 1000, balance: 1500, provider_event: 'evt_pack2' } }),
      ]);
    });

    it('of a pack bought for another account than the customer’s is recorded and not applied', async () => {
      expect(await send({ id: 'evt_other', ...checkout({ accountId: 'acc_someone_else' }) })).toBe('ignored');
      expect(balance()).toBe(0);
      expect(context.db.auditLog.entries).toEqual([]);
      expect(context.db.paymentEvents.rows).toEqual([expect.objectContaining({ account_id: given.account.id })]);
    });

    it('of a pack naming no account is the customer’s', async () => {
      expect(await send({ id: 'evt_unnamed', ...checkout({ accountId: null }) })).toBe('applied');
      expect(balance()).toBe(500);
    });

    it.each([
      ['a subscription checkout', { mode: 'subscription', smsCredits: 100 }],
      ['a setup checkout', { mode: 'setup', smsCredits: 100 }],
      ['an unpaid one', { paid: false, smsCredits: 100 }],
      ['one without credits', { smsCredits: null }],
      ['one for no pack we sell', { smsCredits: 250 }],
    ])('changes nothing for %s (ignored, recorded)', async (_, fields) => {
      expect(await send(checkout(fields))).toBe('ignored');
      expect(balance()).toBe(0);
      expect(context.db.auditLog.entries).toEqual([]);
      expect(context.db.paymentEvents.rows).toHaveLength(1);
      expect(await plan()).toBe('free');
    });
  });

  describe('a subscription change', () => {
    it('audits a plan change with the event and status, as the system without request data', async () => {
      expect(await send({ id: 'evt_sub', ...subscription('active', 'price_agency', context.clock.now()) })).toBe(
        'applied',
      );
      expect(audits('account.plan_changed')).toEqual([
        expect.objectContaining({
          actor_type: 'system',
          target_id: given.account.id,
          ip: null,
          request_id: null,
          summary: { from: 'free', to: 'agency', provider_event: 'evt_sub', subscription_status: 'active' },
        }),
      ]);
    });

    it('audits nothing when the plan stays as it was', async () => {
      const t = context.clock.now().getTime();
      await send(subscription('active', 'price_solo', new Date(t)));
      expect(await send(subscription('active', 'price_solo', new Date(t + 1)))).toBe('applied');
      expect(await send(subscription('past_due', 'price_solo', new Date(t + 2)))).toBe('applied');
      expect(audits('account.plan_changed')).toHaveLength(1);
    });

    it('a deleted subscription is canceled whatever its status said: Free, and stays ended', async () => {
      const t = context.clock.now().getTime();
      await send(subscription('active', 'price_studio', new Date(t)));
      expect(await send({ ...subscription('active', 'price_studio', new Date(t + 1)), deleted: true })).toBe('applied');
      expect(await plan()).toBe('free');
      expect(billingRow()?.subscription?.status).toBe('canceled');
      expect(await send(subscription('active', 'price_studio', new Date(t + 2)))).toBe('stale');
    });

    it('an active subscription on a price that is none of ours decides nothing', async () => {
      expect(await send(subscription('active', 'price_unknown', context.clock.now()))).toBe('applied');
      expect(await plan()).toBe('free');
      expect(billingRow()?.subscription).toMatchObject({ status: 'active', plan: undefined });
    });

    it('orders events of one subscription by their time (an equal time applies), subscriptions by creation', async () => {
      const t = context.clock.now().getTime();
      expect(await send(subscription('active', 'price_solo', new Date(t)))).toBe('applied');
      expect(await send(subscription('active', 'price_studio', new Date(t)))).toBe('applied');
      expect(await plan()).toBe('studio');
      expect(await send(subscription('active', 'price_agency', new Date(t - 1)))).toBe('stale');
      const older = { ...subscription('active', 'price_agency', new Date(t + 5)), subscriptionId: 'sub_0' };
      expect(await send({ ...older, subscriptionCreated: new Date(-1) })).toBe('stale');
      expect(await send({ ...older, subscriptionId: 'sub_2', subscriptionCreated: new Date(1) })).toBe('applied');
      expect(await plan()).toBe('agency');
    });

    it.each([
      ['active', 'ended', 'solo'],
      ['trialing', 'ended', 'solo'],
      ['unpaid', 'ended', 'free'],
      ['canceled', 'ended', 'free'],
      ['past_due', 'kept', 'solo'],
      ['incomplete', 'kept', 'solo'],
    ])('after a failed payment, %s: the grace period is %s, the plan %s', async (status, grace, after) => {
      const t = context.clock.now().getTime();
      await send(subscription('active', 'price_solo', new Date(t)));
      await send(failed(new Date(t + 1)));
      const until = new Date(t + 1 + 14 * DAY);
      expect(billingRow()?.grace_until).toEqual(until);
      expect(await send(subscription(status, 'price_solo', new Date(t + 2)))).toBe('applied');
      expect(billingRow()?.grace_until).toEqual(grace === 'kept' ? until : null);
      expect(await plan()).toBe(after);
    });
  });

  describe('payments', () => {
    it('a failure opens the grace period once: a second failure within it neither moves nor re-audits it', async () => {
      const t = context.clock.now().getTime();
      expect(await send({ id: 'evt_fail', ...failed(new Date(t)) })).toBe('applied');
      expect(await send(failed(new Date(t + 5 * DAY)))).toBe('applied');
      expect(billingRow()?.grace_until).toEqual(new Date(t + 14 * DAY));
      expect(audits('billing.payment_failed')).toEqual([
        expect.objectContaining({
          actor_type: 'system',
          target_id: given.account.id,
          summary: { grace_until: new Date(t + 14 * DAY).toISOString(), provider_event: 'evt_fail' },
        }),
      ]);
      expect(store.graces).toEqual([[given.account.id, new Date(t + 14 * DAY)]]);
    });

    it('a success ends a grace period, and touches nothing when there is none', async () => {
      const t = context.clock.now().getTime();
      expect(await send(paid(new Date(t)))).toBe('applied');
      expect(store.graces).toEqual([]);
      await send(failed(new Date(t + 1)));
      expect(await send(paid(new Date(t + 2)))).toBe('applied');
      expect(store.graces).toEqual([
        [given.account.id, new Date(t + 1 + 14 * DAY)],
        [given.account.id, null],
      ]);
      expect(billingRow()?.grace_until).toBeNull();
      expect(context.auditActions()).toEqual(['billing.payment_failed']);
    });
  });
});
