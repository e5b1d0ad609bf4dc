import { type Mode } from '@intake/domain-kernel';
import { type WebhookEvent } from '@intake/domain-webhooks';

/** What an account's active endpoints of one mode listen to. */
export interface ActiveSubscriptions {
  active_endpoints: number;
  /** The union of their events, in the catalogue's order. */
  events: WebhookEvent[];
}

/** One cheap read for the follow-up advice of POST /v1/intakes (an index scan of the account's endpoints). */
export abstract class WebhookSubscriptions {
  abstract active(accountId: string, mode: Mode): Promise<ActiveSubscriptions>;
}
