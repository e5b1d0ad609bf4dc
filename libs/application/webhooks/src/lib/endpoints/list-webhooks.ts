import { type Principal } from '@intake/domain-accounts';
import { type WebhookEndpointRecord, WebhookEndpointStore } from '../ports/webhook-endpoint-store.port';
import { webhookModesOf } from '../webhook-rules';

/**
 * GET /v1/webhooks: the endpoints of the caller's account, oldest first: an API key's own mode's,
 * a session's of both modes (each says its `mode`). The views hide the secret and show a chat URL
 * as its origin (`shownUrl`).
 */
export class ListWebhooks {
  static readonly inject = [WebhookEndpointStore] as const;

  constructor(private readonly endpoints: WebhookEndpointStore) {}

  execute(principal: Principal): Promise<WebhookEndpointRecord[]> {
    return this.endpoints.list(principal.accountId, webhookModesOf(principal));
  }
}
