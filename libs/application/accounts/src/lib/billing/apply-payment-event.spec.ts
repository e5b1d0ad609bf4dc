import { type GivenAccount, givenAccount, InMemoryContext } from '@intake/testing';
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

const META = { ip: null, requestId: null };
const DAY = 86_400_000;

describe('ApplyPaymentEvent and EndGracePeriods', () => {
  let context: InMemoryContext;
  let given: GivenAccount;
  let n = 0;

  beforeEach(async () => {
    context = new InMemoryContext();
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
});
