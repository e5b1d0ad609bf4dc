import { type Principal } from '@intake/domain-accounts';
import { type WebhookDeliveryRecord, WebhookDeliveryLog } from '../ports/webhook-delivery-log';
import { WebhookEndpointStore } from '../ports/webhook-endpoint.store';
import { DELIVERY_HISTORY } from '../webhook-settings';
import { endpointNotFound, webhookModeOf } from '../webhook-rules';

export interface ListDeliveriesInput {
  principal: Principal;
  endpointId: string;
}

/** GET /v1/webhooks/:id/deliveries: the endpoint's last 100 deliveries, newest first, without payloads. */
export class ListDeliveries {
  static readonly inject = [WebhookEndpointStore, WebhookDeliveryLog] as const;

  constructor(
    private readonly endpoints: WebhookEndpointStore,
    private readonly deliveries: WebhookDeliveryLog,
  ) {}

  async execute({ principal, endpointId }: ListDeliveriesInput): Promise<WebhookDeliveryRecord[]> {
    const endpoint = await this.endpoints.get(principal.accountId, webhookModeOf(principal), endpointId);
    if (!endpoint) throw endpointNotFound();
    return this.deliveries.recent(endpoint.id, DELIVERY_HISTORY);
  }
}
