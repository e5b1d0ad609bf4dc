import { type PlanId } from './plans';

/** The paid plans a checkout can sell (Free is what an account has without a subscription). */
export const PAID_PLAN_IDS = ['solo', 'studio', 'agency'] as const satisfies readonly PlanId[];
export type PaidPlanId = (typeof PAID_PLAN_IDS)[number];

/** The SMS credit packs a checkout can sell (a one-time payment each). */
export const SMS_PACKS = [100, 500, 1000] as const;
export type SmsPack = (typeof SMS_PACKS)[number];

/**
 * How long an account keeps its paid plan after a failed subscription payment (the provider
 * retries meanwhile); then it is moved to Free unless a payment succeeded (ADR 0016).
 */
export const PAYMENT_GRACE_DAYS = 14;

/** What the account's subscription is, as the provider's events told it (newest event wins). */
export interface SubscriptionState {
  subscriptionId: string;
  /** When the provider created the subscription: a newer subscription supersedes an older one. */
  subscriptionCreated: Date;
  status: string;
  /** The plan its price is configured for; undefined for a price that is none of ours. */
  plan: PlanId | undefined;
  /** The provider's time of the change (the event's `created`): orders events of one subscription. */
  at: Date;
}

/** A subscription's statuses that keep the paid plan (past_due: within the grace period). */
const KEEPS_PLAN = new Set(['active', 'trialing', 'past_due']);
/** Statuses with no plan decided yet (the first payment is still under way): change nothing. */
const UNDECIDED = new Set(['incomplete']);
const ENDED = new Set(['canceled', 'incomplete_expired', 'unpaid']);

/**
 * Whether a subscription change applies over the state recorded: events of an older subscription
 * and older events of the same one are stale, and nothing revives a subscription once ended.
 */
export function supersedes(incoming: SubscriptionState, recorded: SubscriptionState | undefined): boolean {
  if (!recorded) return true;
  if (incoming.subscriptionId !== recorded.subscriptionId)
    return incoming.subscriptionCreated.getTime() > recorded.subscriptionCreated.getTime();
  if (ENDED.has(recorded.status)) return false;
  return incoming.at.getTime() >= recorded.at.getTime();
}

/** The plan a subscription in this state gives; undefined when the state decides nothing yet. */
export function planForSubscription(state: SubscriptionState): PlanId | undefined {
  if (UNDECIDED.has(state.status)) return undefined;
  if (KEEPS_PLAN.has(state.status)) return state.plan;
  return 'free';
}

/** Whether this status means the subscription is over (no later event of it changes anything). */
export function subscriptionEnded(status: string): boolean {
  return ENDED.has(status);
}

/** The end of the grace period a payment failure at `failedAt` opens. */
export function graceEnd(failedAt: Date): Date {
  return new Date(failedAt.getTime() + PAYMENT_GRACE_DAYS * 24 * 3600 * 1000);
}
