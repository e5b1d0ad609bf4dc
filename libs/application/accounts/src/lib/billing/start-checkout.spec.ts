import { type GivenAccount, givenAccount, InMemoryContext, META } from '@intake/testing';
import { BillingStore } from '../ports/billing-store.port';
import { type CheckoutInput, type PaymentEvent, PaymentsProvider } from '../ports/payments-provider.port';
import { BillingSettings } from './billing-settings';
import { StartCheckout } from './start-checkout';

/** A PaymentsProvider that records what it is asked for and answers with predictable ids and URLs. */
class RecordingPayments extends PaymentsProvider {
  readonly customers: Array<{ accountId: string; email: string; name: string }> = [];
  readonly checkouts: CheckoutInput[] = [];

  async createCustomer(input: { accountId: string; email: string; name: string }): Promise<string> {
    this.customers.push(input);
    return `cus_${this.customers.length}`;
  }
  async createCheckout(input: CheckoutInput): Promise<{ url: string }> {
    this.checkouts.push(input);
    return { url: `https://pay.example/checkout/${this.checkouts.length}` };
  }
  createPortal = () => Promise.reject(new Error('not used'));
  verifyEvent(): PaymentEvent {
    throw new Error('not used');
  }
}

const CONFIGURATION = {
  prices: { solo: 'price_solo', studio: 'price_studio', agency: 'price_agency' },
  smsPacks: { 100: 'price_sms100', 500: 'price_sms500', 1000: 'price_sms1000' },
  returnUrl: 'https://app.example/billing',
};
const PRICES = { monthly: { solo: 19, studio: 49, agency: 149 }, currency: 'eur' };

describe('StartCheckout', () => {
  let context: InMemoryContext;
  let payments: RecordingPayments;
  let given: GivenAccount;

  const configure = (configured: boolean) => {
    context = new InMemoryContext();
    payments = new RecordingPayments();
    context.bind(PaymentsProvider, payments);
    context.bind(BillingSettings, new BillingSettings(configured ? CONFIGURATION : undefined, PRICES));
  };

  beforeEach(async () => {
    configure(true);
    given = await givenAccount(context);
  });

  /** The owner's address, as givenAccount makes it. */
  const ownerEmail = () => `${given.owner.userId}@example.com`;
  const subscribed = async (status: string) => {
    const store = context.use(BillingStore);
    await store.link(given.account.id, 'cus_held', context.clock.now());
    await store.saveSubscription(given.account.id, {
      subscriptionId: 'sub_1',
      subscriptionCreated: new Date(0),
      status,
      plan: 'solo',
      at: context.clock.now(),
    });
  };

  describe('a plan (a subscription)', () => {
    it('creates the customer, then a subscription checkout for the plan, returning its URL; audited', async () => {
      const session = await context.use(StartCheckout).execute({ principal: given.owner, meta: META, plan: 'studio' });

      expect(session).toEqual({ url: 'https://pay.example/checkout/1' });
      expect(payments.customers).toEqual([{ accountId: given.account.id, email: ownerEmail(), name: 'Studio' }]);
      expect(payments.checkouts).toEqual([
        {
          customerId: 'cus_1',
          accountId: given.account.id,
          mode: 'subscription',
          priceId: 'price_studio',
          successUrl: 'https://app.example/billing?checkout=success',
          cancelUrl: 'https://app.example/billing?checkout=cancelled',
          metadata: { account_id: given.account.id, plan: 'studio' },
        },
      ]);
      expect((await context.use(BillingStore).get(given.account.id))?.customer_id).toBe('cus_1');
      expect(context.db.auditLog.entries).toEqual([
        expect.objectContaining({
          account_id: given.account.id,
          actor_type: 'user',
          actor_id: given.owner.userId,
          action: 'billing.checkout_created',
          target_id: given.account.id,
          ip: META.ip,
          request_id: META.requestId,
          summary: { plan: 'studio' },
        }),
      ]);
      // The plan changes only when the provider's events say so.
      expect(context.db.accounts.rows.find((a) => a.id === given.account.id)?.plan).toBe('free');
    });

    it.each([
      ['solo', 'price_solo'],
      ['studio', 'price_studio'],
      ['agency', 'price_agency'],
    ] as const)('sells %s at its configured price %s', async (plan, priceId) => {
      await context.use(StartCheckout).execute({ principal: given.owner, meta: META, plan });
      expect(payments.checkouts[0]).toMatchObject({ mode: 'subscription', priceId, metadata: { plan } });
    });

    it('reuses the customer of the account: one customer across checkouts', async () => {
      const checkout = context.use(StartCheckout);
      await checkout.execute({ principal: given.owner, meta: META, plan: 'solo' });
      await checkout.execute({ principal: given.owner, meta: META, plan: 'agency' });
      expect(payments.customers).toHaveLength(1);
      expect(payments.checkouts.map((c) => c.customerId)).toEqual(['cus_1', 'cus_1']);
    });

    it('uses a customer linked earlier (no subscription yet) without creating another', async () => {
      await context.use(BillingStore).link(given.account.id, 'cus_held', context.clock.now());
      await context.use(StartCheckout).execute({ principal: given.owner, meta: META, plan: 'solo' });
      expect(payments.customers).toEqual([]);
      expect(payments.checkouts[0]?.customerId).toBe('cus_held');
    });

    it.each(['active', 'trialing', 'past_due'])(
      'is refused while the subscription is %s: 400 already_subscribed, pointing at the portal',
      async (status) => {
        await subscribed(status);
        await expect(
          context.use(StartCheckout).execute({ principal: given.owner, meta: META, plan: 'agency' }),
        ).rejects.toMatchObject({
          code: 'invalid_request',
          reason: 'already_subscribed',
          message:
            'The account already has a subscription; change or cancel it in the customer portal (POST /v1/billing/portal).',
        });
        expect(payments.checkouts).toEqual([]);
        expect(context.auditActions()).toEqual([]);
      },
    );

    it.each(['canceled', 'unpaid', 'incomplete', 'incomplete_expired'])(
      'is sold again once the subscription is %s',
      async (status) => {
        await subscribed(status);
        expect(
          await context.use(StartCheckout).execute({ principal: given.owner, meta: META, plan: 'agency' }),
        ).toEqual({ url: 'https://pay.example/checkout/1' });
        expect(payments.checkouts[0]).toMatchObject({ customerId: 'cus_held', priceId: 'price_agency' });
      },
    );

    it('needs no SMS on the current plan (a Free account may subscribe)', async () => {
      await context.use(StartCheckout).execute({ principal: given.owner, meta: META, plan: 'solo' });
      expect(payments.checkouts).toHaveLength(1);
    });
  });

  describe('an SMS credit pack (a one-time payment)', () => {
    beforeEach(async () => {
      given = await givenAccount(context, { plan: 'solo', name: 'Solo studio' });
    });

    it('is a payment checkout for the pack price, its size in the metadata; audited with sms_credits', async () => {
      const session = await context.use(StartCheckout).execute({ principal: given.owner, meta: META, smsCredits: 500 });

      expect(session).toEqual({ url: 'https://pay.example/checkout/1' });
      expect(payments.customers).toEqual([{ accountId: given.account.id, email: ownerEmail(), name: 'Solo studio' }]);
      expect(payments.checkouts).toEqual([
        {
          customerId: 'cus_1',
          accountId: given.account.id,
          mode: 'payment',
          priceId: 'price_sms500',
          successUrl: 'https://app.example/billing?checkout=success',
          cancelUrl: 'https://app.example/billing?checkout=cancelled',
          metadata: { account_id: given.account.id, sms_credits: '500' },
        },
      ]);
      expect(context.db.auditLog.entries).toEqual([
        expect.objectContaining({
          actor_id: given.owner.userId,
          action: 'billing.checkout_created',
          target_id: given.account.id,
          summary: { sms_credits: 500 },
        }),
      ]);
    });

    it.each([
      [100, 'price_sms100'],
      [1000, 'price_sms1000'],
    ] as const)('sells the %i pack at %s', async (smsCredits, priceId) => {
      await context.use(StartCheckout).execute({ principal: given.owner, meta: META, smsCredits });
      expect(payments.checkouts[0]).toMatchObject({
        mode: 'payment',
        priceId,
        metadata: { sms_credits: String(smsCredits) },
      });
    });

    it('is sold while a subscription is active (only plans are refused then)', async () => {
      await subscribed('active');
      await context.use(StartCheckout).execute({ principal: given.owner, meta: META, smsCredits: 100 });
      expect(payments.checkouts[0]).toMatchObject({ customerId: 'cus_held', mode: 'payment' });
    });

    it('needs a plan with SMS: 402 plan_required reason sms on Free, nothing created', async () => {
      const free = await givenAccount(context);
      await expect(
        context.use(StartCheckout).execute({ principal: free.owner, meta: META, smsCredits: 100 }),
      ).rejects.toMatchObject({
        code: 'plan_required',
        reason: 'sms',
        message: 'SMS credits need a plan with SMS; the Free plan has none.',
      });
      expect(payments.customers).toEqual([]);
      expect(payments.checkouts).toEqual([]);
      expect(context.auditActions()).toEqual([]);
    });
  });

  it('answers 404 for an account that does not exist', async () => {
    const principal = { ...given.owner, accountId: 'acc_missing' };
    for (const input of [{ plan: 'solo' as const }, { smsCredits: 100 as const }])
      await expect(context.use(StartCheckout).execute({ principal, meta: META, ...input })).rejects.toMatchObject({
        code: 'not_found',
        message: 'Account was not found.',
      });
    expect(payments.customers).toEqual([]);
  });

  it('is 503 billing_not_configured when no payment provider is configured, and creates nothing', async () => {
    configure(false);
    given = await givenAccount(context, { plan: 'studio' });
    for (const input of [{ plan: 'solo' as const }, { smsCredits: 100 as const }])
      await expect(
        context.use(StartCheckout).execute({ principal: given.owner, meta: META, ...input }),
      ).rejects.toMatchObject({
        code: 'service_unavailable',
        reason: 'billing_not_configured',
        message: 'Billing is not configured on this service (no payment provider): plans cannot be bought here.',
      });
    expect(payments.customers).toEqual([]);
    expect(payments.checkouts).toEqual([]);
    expect(context.auditActions()).toEqual([]);
  });
});
