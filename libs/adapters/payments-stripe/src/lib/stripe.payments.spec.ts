import { PaymentSignatureError } from '@intake/application-accounts';
import { FakeStripe } from '@intake/testing';
import { StripePayments } from './stripe.payments';

/** The adapter against the fake Stripe: real client, real signature checks, our clock. */
describe('StripePayments', () => {
  const fake = new FakeStripe();
  let now = new Date();
  let payments: StripePayments;

  beforeAll(async () => {
    await fake.start();
    payments = new StripePayments(
      {
        secretKey: fake.secretKey,
        webhookSecret: fake.webhookSecret,
        apiBase: new URL(fake.url),
        toleranceSeconds: 300,
        timeoutMs: 5_000,
      },
      { now: () => now } as never,
    );
  });
  afterAll(() => fake.stop());

  it('creates one customer per account (idempotency key), a checkout and a portal session', async () => {
    const first = await payments.createCustomer({ accountId: 'acc_1', email: 'o@example.com', name: 'Studio' });
    const again = await payments.createCustomer({ accountId: 'acc_1', email: 'o@example.com', name: 'Studio' });
    expect(again).toBe(first);
    expect(fake.customers.size).toBe(1);
    const checkout = await payments.createCheckout({
      customerId: first,
      accountId: 'acc_1',
      mode: 'payment',
      priceId: 'price_sms100',
      successUrl: 'https://app.example/billing?checkout=success',
      cancelUrl: 'https://app.example/billing?checkout=cancelled',
      metadata: { account_id: 'acc_1', sms_credits: '100' },
    });
    expect(checkout.url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    expect(fake.lastSession()).toMatchObject({ mode: 'payment', customer: first, client_reference_id: 'acc_1' });
    expect((await payments.createPortal({ customerId: first, returnUrl: 'https://app.example/billing' })).url).toMatch(
      /^https:\/\/billing\.stripe\.com\//,
    );
    await expect(payments.createPortal({ customerId: 'cus_unknown', returnUrl: 'https://x.example' })).rejects.toThrow(
      /No such customer/,
    );
  });

  it('decodes a signed event; refuses a forged, old, future or missing signature by our clock', () => {
    const t = Math.floor(now.getTime() / 1000);
    const { payload } = fake.event('invoice.payment_failed', {
      id: 'in_1',
      object: 'invoice',
      customer: 'cus_1',
      parent: { subscription_details: { subscription: 'sub_1' } },
    });
    expect(payments.verifyEvent(Buffer.from(payload), fake.sign(payload))).toMatchObject({
      kind: 'payment_failed',
      customerId: 'cus_1',
      subscriptionId: 'sub_1',
    });
    const refused = [
      fake.sign(payload, { secret: 'whsec_other' }),
      fake.sign(payload, { timestamp: t - 301 }),
      fake.sign(payload, { timestamp: t + 301 }),
      undefined,
    ];
    for (const signature of refused)
      expect(() => payments.verifyEvent(Buffer.from(payload), signature)).toThrow(PaymentSignatureError);
    // The clock decides: an hour later the same signature is stale.
    const signature = fake.sign(payload, { timestamp: t });
    now = new Date(now.getTime() + 3_600_000);
    expect(() => payments.verifyEvent(Buffer.from(payload), signature)).toThrow(/tolerance/);
  });
});
