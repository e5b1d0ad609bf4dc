import {
  graceEnd,
  planForSubscription,
  type PlanId,
  SMS_PACKS,
  type SubscriptionState,
  supersedes,
} from '@intake/domain-accounts';
import { SYSTEM_ACTOR } from '@intake/domain-kernel';
import { DomainError } from '@intake/errors';
import { AuditRecorder, Clock, type RequestMeta, UnitOfWork } from '@intake/kernel';
import { type BillingLink, BillingStore } from '../ports/billing-store.port';
import { BillingSettings } from './billing-settings';
import { type PaymentEvent, PaymentSignatureError, PaymentsProvider } from '../ports/payments-provider.port';
import { requireBilling } from './start-checkout';

export type PaymentEventOutcome = 'applied' | 'duplicate' | 'stale' | 'ignored';

/**
 * POST /v1/provider/payments: a provider event, verified over the raw body, applied once (its id
 * is recorded in the same unit of work as its effect). Subscription events set the plan from the
 * subscription's price and status, newest first per the provider's timestamps; a failed payment
 * opens the grace period; a paid credit-pack checkout adds SMS credits. Audited as the system;
 * no webhook is emitted.
 */
export class ApplyPaymentEvent {
  static readonly inject = [BillingSettings, PaymentsProvider, BillingStore, UnitOfWork, AuditRecorder, Clock] as const;

  constructor(
    private readonly settings: BillingSettings,
    private readonly payments: PaymentsProvider,
    private readonly billing: BillingStore,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditRecorder,
    private readonly clock: Clock,
  ) {}

  async execute(rawBody: Buffer, signature: string | undefined, meta: RequestMeta): Promise<PaymentEventOutcome> {
    requireBilling(this.settings);
    let event: PaymentEvent;
    try {
      event = this.payments.verifyEvent(rawBody, signature);
    } catch (error) {
      if (!(error instanceof PaymentSignatureError)) throw error;
      throw new DomainError('invalid_request', `The payment event was refused: ${error.message}`, {
        reason: 'payment_signature',
        details: [{ path: 'stripe-signature', message: error.message }],
      });
    }
    return this.uow.run(async () => {
      const link =
        'customerId' in event && event.customerId ? await this.billing.lockByCustomer(event.customerId) : undefined;
      // A checkout names the account it was started for; one naming another account than the
      // customer's is not applied (a reused or forged session), one naming none is the customer's.
      const named = event.kind === 'checkout_completed' ? event.accountId : null;
      if (!(await this.billing.recordEvent(event.id, event.type, link ? link.account_id : null, this.clock.now())))
        return 'duplicate';
      if (!link || (named !== null && named !== link.account_id)) return 'ignored';
      return this.apply(event, link, meta);
    });
  }

  private async apply(event: PaymentEvent, link: BillingLink, meta: RequestMeta): Promise<PaymentEventOutcome> {
    const accountId = link.account_id;
    switch (event.kind) {
      case 'checkout_completed': {
        if (event.mode !== 'payment' || !event.paid || !event.smsCredits) return 'ignored';
        if (!(SMS_PACKS as readonly number[]).includes(event.smsCredits)) return 'ignored';
        const balance = await this.billing.addSmsCredits(accountId, event.smsCredits);
        await this.audit.record(accountId, SYSTEM_ACTOR, 'billing.sms_credits_added', accountId, meta, {
          sms_credits: event.smsCredits,
          balance,
          provider_event: event.id,
        });
        return 'applied';
      }
      case 'subscription': {
        const state: SubscriptionState = {
          subscriptionId: event.subscriptionId,
          subscriptionCreated: event.subscriptionCreated,
          status: event.deleted ? 'canceled' : event.status,
          plan: this.settings.planOfPrice(event.priceId),
          at: event.created,
        };
        if (!supersedes(state, link.subscription)) return 'stale';
        await this.billing.saveSubscription(accountId, state);
        const plan = planForSubscription(state);
        if (plan === undefined) return 'applied';
        if (state.status === 'active' || state.status === 'trialing' || plan === 'free')
          await this.billing.setGrace(accountId, null);
        await this.changePlan(accountId, plan, meta, { provider_event: event.id, subscription_status: state.status });
        return 'applied';
      }
      case 'payment_failed': {
        if (link.grace_until) return 'applied';
        const until = graceEnd(event.created);
        await this.billing.setGrace(accountId, until);
        await this.audit.record(accountId, SYSTEM_ACTOR, 'billing.payment_failed', accountId, meta, {
          grace_until: until.toISOString(),
          provider_event: event.id,
        });
        return 'applied';
      }
      case 'payment_succeeded':
        if (link.grace_until) await this.billing.setGrace(accountId, null);
        return 'applied';
      default:
        return 'ignored';
    }
  }

  private async changePlan(accountId: string, plan: PlanId, meta: RequestMeta, summary: Record<string, unknown>) {
    const from = await this.billing.setPlan(accountId, plan, this.clock.now());
    if (from !== plan)
      await this.audit.record(accountId, SYSTEM_ACTOR, 'account.plan_changed', accountId, meta, {
        from,
        to: plan,
        ...summary,
      });
  }
}
