import { type Mode } from '@intake/domain-kernel';
import { type WebhookEvent } from '@intake/domain-webhooks';
import { type ActiveSubscriptions, WebhookSubscriptions } from '../ports/webhook-subscriptions.port';

/**
 * The events that make webhooks a replacement for polling an intake: hearing of each submission
 * and of completion tells the caller everything the status endpoint would. The others (viewed,
 * bounced, stalled, overdue, archived) are useful but no substitute for polling.
 */
export const FOLLOW_UP_EVENTS: readonly WebhookEvent[] = ['item.submitted', 'intake.completed'];

export interface WebhookCoverage extends ActiveSubscriptions {
  /** The active endpoints together subscribe to every FOLLOW_UP_EVENTS event. */
  covered: boolean;
}

/**
 * `follow_up` of POST /v1/intakes: whether the account's active endpoints of the intake's mode
 * together cover FOLLOW_UP_EVENTS (one endpoint may take item.submitted, another intake.completed).
 */
export class GetWebhookCoverage {
  static readonly inject = [WebhookSubscriptions] as const;

  constructor(private readonly subscriptions: WebhookSubscriptions) {}

  async execute(accountId: string, mode: Mode): Promise<WebhookCoverage> {
    const active = await this.subscriptions.active(accountId, mode);
    return { ...active, covered: FOLLOW_UP_EVENTS.every((event) => active.events.includes(event)) };
  }
}
