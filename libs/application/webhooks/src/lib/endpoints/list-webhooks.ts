import { type Principal } from '@intake/domain-accounts';
import { type WebhookEndpointRecord, WebhookEndpointStore } from '../ports/webhook-endpoint.store';
import { webhookModeOf } from '../webhook-rules';

/**
 * GET /v1/webhooks: the endpoints of the caller's account and mode, oldest first. The views hide
 * the secret and show a chat URL as its origin (`shownUrl`).
 */
export class ListWebhooks {
  static readonly inject = [WebhookEndpointStore] as const;

  constructor(private readonly endpoints: WebhookEndpointStore) {}

  execute(principal: Principal): Promise<WebhookEndpointRecord[]> {
    return this.endpoints.list(principal.accountId, webhookModeOf(principal));
  }
}
