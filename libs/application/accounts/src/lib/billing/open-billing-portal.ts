import { actorOf, type Principal } from '@intake/domain-accounts';
import { AuditRecorder, type RequestMeta, UnitOfWork } from '@intake/kernel';
import { BillingCustomers } from './billing-customers';
import { BillingSettings } from './billing-settings';
import { PaymentsProvider } from '../ports/payments-provider.port';
import { requireBilling } from './start-checkout';

/**
 * POST /v1/billing/portal (the owner's session): the provider's customer portal, where the owner
 * changes or cancels the subscription and sees invoices. An account that never bought anything
 * gets its customer created first (the portal needs one).
 */
export class OpenBillingPortal {
  static readonly inject = [BillingSettings, PaymentsProvider, BillingCustomers, UnitOfWork, AuditRecorder] as const;

  constructor(
    private readonly settings: BillingSettings,
    private readonly payments: PaymentsProvider,
    private readonly customers: BillingCustomers,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditRecorder,
  ) {}

  async execute(input: {
    principal: Extract<Principal, { kind: 'session' }>;
    meta: RequestMeta;
  }): Promise<{ url: string }> {
    const config = requireBilling(this.settings);
    const accountId = input.principal.accountId;
    const customerId = await this.customers.ensure(accountId, input.principal.userId);
    const session = await this.payments.createPortal({ customerId, returnUrl: config.returnUrl });
    await this.uow.run(() =>
      this.audit.record(accountId, actorOf(input.principal), 'billing.portal_opened', accountId, input.meta),
    );
    return session;
  }
}
