import { type PaidPlanId, type PlanId, type SmsPack, type SubscriptionState } from '@intake/domain-accounts';

/** A provider event, verified and reduced to what billing acts on. */
export type PaymentEvent = { id: string; type: string; created: Date } & (
  | {
      kind: 'checkout_completed';
      customerId: string | null;
      /** The checkout's client reference: the account that started it. */
      accountId: string | null;
      mode: 'subscription' | 'payment' | 'setup';
      paid: boolean;
      /** For a credit pack: how many SMS credits it bought (from the checkout's metadata). */
      smsCredits: number | null;
    }
  | {
      kind: 'subscription';
      customerId: string;
      subscriptionId: string;
      subscriptionCreated: Date;
      status: string;
      priceId: string | null;
      deleted: boolean;
    }
  | { kind: 'payment_failed'; customerId: string; subscriptionId: string | null }
  | { kind: 'payment_succeeded'; customerId: string; subscriptionId: string | null }
  | { kind: 'other' }
);

export interface CheckoutInput {
  customerId: string;
  accountId: string;
  mode: 'subscription' | 'payment';
  priceId: string;
  successUrl: string;
  cancelUrl: string;
  metadata: Record<string, string>;
}

/** The payment provider (Stripe, in @intake/payments-stripe). */
export abstract class PaymentsProvider {
  /** The account's customer, created once: the account id is the idempotency key. */
  abstract createCustomer(input: { accountId: string; email: string; name: string }): Promise<string>;
  abstract createCheckout(input: CheckoutInput): Promise<{ url: string }>;
  abstract createPortal(input: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
  /**
   * Verifies the signature over the exact body (with the provider's tolerance) and decodes the
   * event; throws PaymentSignatureError when it does not verify.
   */
  abstract verifyEvent(rawBody: Buffer, signature: string | undefined): PaymentEvent;
}

export class PaymentSignatureError extends Error {
  override name = 'PaymentSignatureError';
}

/** Billing as configured; `undefined` settings mean billing is off (503). */
export interface BillingConfiguration {
  prices: Record<PaidPlanId, string>;
  smsPacks: Record<SmsPack, string>;
  /** Where the provider sends the owner back: `<APP_URL>/billing`. */
  returnUrl: string;
}

/** The monthly price each paid plan is sold for, shown in /pricing.json (configuration too). */
export interface PlanPrices {
  monthly: Record<PaidPlanId, number>;
  currency: string;
}

export class BillingSettings {
  constructor(
    readonly configuration: BillingConfiguration | undefined,
    readonly prices: PlanPrices,
  ) {}

  /** The plan a configured subscription price is for. */
  planOfPrice(priceId: string | null): PlanId | undefined {
    const prices = this.configuration?.prices;
    if (!prices || !priceId) return undefined;
    return (Object.keys(prices) as PaidPlanId[]).find((plan) => prices[plan] === priceId);
  }
}

export interface BillingLink {
  account_id: string;
  customer_id: string;
  subscription: SubscriptionState | undefined;
  grace_until: Date | null;
}

/** The account's link to the provider, its subscription state, and the events applied. */
export abstract class BillingStore {
  abstract get(accountId: string): Promise<BillingLink | undefined>;
  /** Links the account to a customer unless it already is; resolves the link that holds. */
  abstract link(accountId: string, customerId: string, now: Date): Promise<BillingLink>;
  /** The link of a customer, locked until the unit of work ends (events of one customer in turn). */
  abstract lockByCustomer(customerId: string): Promise<BillingLink | undefined>;
  abstract saveSubscription(accountId: string, state: SubscriptionState): Promise<void>;
  abstract setGrace(accountId: string, until: Date | null): Promise<void>;
  /** Records an event id; false when it was already recorded (then the event changes nothing). */
  abstract recordEvent(id: string, type: string, accountId: string | null, now: Date): Promise<boolean>;
  /** Sets the account's plan; resolves the plan it had. */
  abstract setPlan(accountId: string, plan: PlanId, now: Date): Promise<PlanId>;
  abstract addSmsCredits(accountId: string, credits: number): Promise<number>;
  /** Clears a grace period that ended by `now`; false when there is none (any more). */
  abstract endGrace(accountId: string, now: Date): Promise<boolean>;
  /** Accounts whose grace period ended by `now`. */
  abstract graceEnded(now: Date): Promise<string[]>;
}
