import { type GivenAccount, givenAccount, InMemoryContext, META } from '@intake/testing';
import { BillingStore } from '../ports/billing-store.port';
import { type CheckoutInput, type PaymentEvent, PaymentsProvider } from '../ports/payments-provider.port';
import { BillingSettings } from './billing-settings';
import { OpenBillingPortal } from './open-billing-portal';

/** A PaymentsProvider that records the customers and portals it is asked for. */
class RecordingPayments extends PaymentsProvider {
  readonly customers: Array<{ accountId: string; email: string; name: string }> = [];
  readonly portals: Array<{ customerId: string; returnUrl: string }> = [];

  async createCustomer(input: { accountId: string; email: string; name: string }): Promise<string> {
    this.customers.push(input);
    return `cus_${this.customers.length}`;
  }
  createCheckout = (_: CheckoutInput) => Promise.reject(new Error('not used'));
  async createPortal(input: { customerId: string; returnUrl: string }): Promise<{ url: string }> {
    this.portals.push(input);
    return { url: `https://pay.example/portal/${this.portals.length}` };
  }
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

describe('OpenBillingPortal', () => {
  let context: InMemoryContext;
  let payments: RecordingPayments;
  let given: GivenAccount;

  const configure = async (configured: boolean) => {
    context = new InMemoryContext();
    payments = new RecordingPayments();
    context.bind(PaymentsProvider, payments);
    context.bind(BillingSettings, new BillingSettings(configured ? CONFIGURATION : undefined, PRICES));
    given = await givenAccount(context);
  };

  beforeEach(() => configure(true));

  it('creates the customer an account never had, opens its portal returning to the app, audited', async () => {
    const session = await context.use(OpenBillingPortal).execute({ principal: given.owner, meta: META });
    expect(session).toEqual({ url: 'https://pay.example/portal/1' });
    expect(payments.customers).toEqual([expect.objectContaining({ accountId: given.account.id, name: 'Studio' })]);
    expect(payments.portals).toEqual([{ customerId: 'cus_1', returnUrl: 'https://app.example/billing' }]);
    expect(context.db.auditLog.entries).toEqual([
      expect.objectContaining({
        account_id: given.account.id,
        actor_type: 'user',
        actor_id: given.owner.userId,
        action: 'billing.portal_opened',
        target_id: given.account.id,
        ip: META.ip,
        request_id: META.requestId,
        summary: {},
      }),
    ]);
  });

  it('opens the portal of the customer linked already', async () => {
    await context.use(BillingStore).link(given.account.id, 'cus_held', context.clock.now());
    await context.use(OpenBillingPortal).execute({ principal: given.owner, meta: META });
    await context.use(OpenBillingPortal).execute({ principal: given.owner, meta: META });
    expect(payments.customers).toEqual([]);
    expect(payments.portals.map((p) => p.customerId)).toEqual(['cus_held', 'cus_held']);
  });

  it('is 503 billing_not_configured when no payment provider is configured', async () => {
    await configure(false);
    await expect(context.use(OpenBillingPortal).execute({ principal: given.owner, meta: META })).rejects.toMatchObject({
      code: 'service_unavailable',
      reason: 'billing_not_configured',
    });
    expect(payments.customers).toEqual([]);
    expect(payments.portals).toEqual([]);
    expect(context.auditActions()).toEqual([]);
  });
});
