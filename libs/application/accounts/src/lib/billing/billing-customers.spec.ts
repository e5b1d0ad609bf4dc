import { type GivenAccount, givenAccount, InMemoryContext } from '@intake/testing';
import { BillingStore } from '../ports/billing-store.port';
import { type CheckoutInput, type PaymentEvent, PaymentsProvider } from '../ports/payments-provider.port';
import { BillingCustomers } from './billing-customers';

/** A PaymentsProvider that records the customers it is asked for; `beforeAnswer` runs before it answers. */
class RecordingPayments extends PaymentsProvider {
  readonly customers: Array<{ accountId: string; email: string; name: string }> = [];
  beforeAnswer: () => Promise<void> = async () => undefined;

  async createCustomer(input: { accountId: string; email: string; name: string }): Promise<string> {
    this.customers.push(input);
    await this.beforeAnswer();
    return `cus_${this.customers.length}`;
  }
  createCheckout = (_: CheckoutInput) => Promise.reject(new Error('not used'));
  createPortal = () => Promise.reject(new Error('not used'));
  verifyEvent(): PaymentEvent {
    throw new Error('not used');
  }
}

describe('BillingCustomers', () => {
  let context: InMemoryContext;
  let payments: RecordingPayments;
  let given: GivenAccount;
  let customers: BillingCustomers;

  beforeEach(async () => {
    context = new InMemoryContext();
    payments = new RecordingPayments();
    context.bind(PaymentsProvider, payments);
    given = await givenAccount(context, { name: 'Novak & Co' });
    customers = context.use(BillingCustomers);
  });

  it('creates the customer on first use with the owner e-mail and account name, links it, and reuses it', async () => {
    expect(await customers.ensure(given.account.id, given.owner.userId)).toBe('cus_1');
    expect(payments.customers).toEqual([
      { accountId: given.account.id, email: `${given.owner.userId}@example.com`, name: 'Novak & Co' },
    ]);
    expect(context.db.billing.rows).toEqual([
      expect.objectContaining({ account_id: given.account.id, customer_id: 'cus_1', created_at: context.clock.now() }),
    ]);

    expect(await customers.ensure(given.account.id, given.owner.userId)).toBe('cus_1');
    expect(payments.customers).toHaveLength(1);
  });

  it('answers the customer already linked without asking the provider', async () => {
    await context.use(BillingStore).link(given.account.id, 'cus_held', context.clock.now());
    expect(await customers.ensure(given.account.id, given.owner.userId)).toBe('cus_held');
    expect(payments.customers).toEqual([]);
  });

  it('keeps the link that holds when another first use linked a customer meanwhile', async () => {
    payments.beforeAnswer = async () => {
      await context.use(BillingStore).link(given.account.id, 'cus_first', context.clock.now());
    };
    expect(await customers.ensure(given.account.id, given.owner.userId)).toBe('cus_first');
    expect(context.db.billing.rows.map((r) => r.customer_id)).toEqual(['cus_first']);
  });

  it('answers 404 Account for an account or an owner that does not exist, creating no customer', async () => {
    const unknown: Array<[string, string]> = [
      ['acc_missing', given.owner.userId],
      [given.account.id, 'usr_missing'],
    ];
    for (const [accountId, userId] of unknown)
      await expect(customers.ensure(accountId, userId)).rejects.toMatchObject({
        code: 'not_found',
        message: 'Account was not found.',
      });
    expect(payments.customers).toEqual([]);
    expect(context.db.billing.rows).toEqual([]);
  });

  it('linkOf answers the link and its subscription, or nothing before the first use', async () => {
    expect(await customers.linkOf(given.account.id)).toBeUndefined();
    await customers.ensure(given.account.id, given.owner.userId);
    expect(await customers.linkOf(given.account.id)).toEqual({
      account_id: given.account.id,
      customer_id: 'cus_1',
      subscription: undefined,
      grace_until: null,
    });
  });
});
