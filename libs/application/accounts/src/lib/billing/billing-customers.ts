import { notFound } from '@intake/errors';
import { Clock, UnitOfWork } from '@intake/kernel';
import { AccountStore } from '../ports/account-store.port';
import { BillingStore } from '../ports/billing-store.port';
import { PaymentsProvider } from '../ports/payments-provider.port';

/**
 * The account's one provider customer, created on first use. Two first uses at once create one
 * customer: the account id is the provider's idempotency key, and the link is kept only once.
 */
export class BillingCustomers {
  static readonly inject = [PaymentsProvider, BillingStore, AccountStore, UnitOfWork, Clock] as const;

  constructor(
    private readonly payments: PaymentsProvider,
    private readonly billing: BillingStore,
    private readonly accounts: AccountStore,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  /** The account's link to the provider and its subscription state, if it has one. */
  linkOf(accountId: string) {
    return this.billing.get(accountId);
  }

  async ensure(accountId: string, ownerUserId: string): Promise<string> {
    const link = await this.billing.get(accountId);
    if (link) return link.customer_id;
    const account = await this.accounts.getAccount(accountId);
    const owner = await this.accounts.getUser(accountId, ownerUserId);
    if (!account || !owner) throw notFound('Account');
    const created = await this.payments.createCustomer({ accountId, email: owner.email, name: account.name });
    return (await this.uow.run(() => this.billing.link(accountId, created, this.clock.now()))).customer_id;
  }
}
