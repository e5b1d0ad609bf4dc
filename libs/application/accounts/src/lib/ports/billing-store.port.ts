import { type PlanId, type SubscriptionState } from '@intake/domain-accounts';

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
