import { actorOf, type PaidPlanId, planOf, type Principal, type SmsPack } from '@intake/domain-accounts';
import { DomainError, notFound } from '@intake/errors';
import { AuditRecorder, type RequestMeta, UnitOfWork } from '@intake/kernel';
import { BillingCustomers } from './billing-customers';
import { AccountStore } from '../ports/account-store.port';
import { type BillingConfiguration, BillingSettings } from './billing-settings';
import { PaymentsProvider } from '../ports/payments-provider.port';

export function billingNotConfigured(): DomainError {
  return new DomainError(
    'service_unavailable',
    'Billing is not configured on this service (no payment provider): plans cannot be bought here.',
    { reason: 'billing_not_configured' },
  );
}

/** The configuration, or 503 billing_not_configured. */
export function requireBilling(settings: BillingSettings): BillingConfiguration {
  if (!settings.configuration) throw billingNotConfigured();
  return settings.configuration;
}

export type StartCheckoutInput = {
  principal: Extract<Principal, { kind: 'session' }>;
  meta: RequestMeta;
} & ({ plan: PaidPlanId; smsCredits?: undefined } | { plan?: undefined; smsCredits: SmsPack });

/**
 * POST /v1/billing/checkout (the owner's session, checked at the edge): a hosted checkout for a
 * paid plan (a subscription) or an SMS credit pack (a one-time payment). The account's provider
 * customer is created on first use. The plan changes only when the provider's events say so.
 */
export class StartCheckout {
  static readonly inject = [
    BillingSettings,
    PaymentsProvider,
    BillingCustomers,
    AccountStore,
    UnitOfWork,
    AuditRecorder,
  ] as const;

  constructor(
    private readonly settings: BillingSettings,
    private readonly payments: PaymentsProvider,
    private readonly customers: BillingCustomers,
    private readonly accounts: AccountStore,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditRecorder,
  ) {}

  async execute(input: StartCheckoutInput): Promise<{ url: string }> {
    const config = requireBilling(this.settings);
    const { principal } = input;
    const account = await this.accounts.getAccount(principal.accountId);
    if (!account) throw notFound('Account');
    const link = await this.customers.linkOf(account.id);
    if (input.plan !== undefined) {
      const status = link?.subscription?.status;
      if (status && ['active', 'trialing', 'past_due'].includes(status))
        throw new DomainError(
          'invalid_request',
          'The account already has a subscription; change or cancel it in the customer portal (POST /v1/billing/portal).',
          { reason: 'already_subscribed' },
        );
    } else if (!planOf(account.plan).features.sms) {
      throw new DomainError(
        'plan_required',
        `SMS credits need a plan with SMS; the ${planOf(account.plan).name} plan has none.`,
        {
          reason: 'sms',
        },
      );
    }
    const customerId = await this.customers.ensure(account.id, principal.userId);
    const session = await this.payments.createCheckout({
      customerId,
      accountId: account.id,
      mode: input.plan !== undefined ? 'subscription' : 'payment',
      priceId: input.plan !== undefined ? config.prices[input.plan] : config.smsPacks[input.smsCredits],
      successUrl: `${config.returnUrl}?checkout=success`,
      cancelUrl: `${config.returnUrl}?checkout=cancelled`,
      metadata:
        input.plan !== undefined
          ? { account_id: account.id, plan: input.plan }
          : { account_id: account.id, sms_credits: String(input.smsCredits) },
    });
    await this.uow.run(() =>
      this.audit.record(account.id, actorOf(principal), 'billing.checkout_created', account.id, input.meta, {
        ...(input.plan !== undefined ? { plan: input.plan } : { sms_credits: input.smsCredits }),
      }),
    );
    return session;
  }
}
