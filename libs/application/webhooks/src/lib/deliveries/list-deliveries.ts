import { type Principal } from '@intake/domain-accounts';
import { type WebhookDeliveryRecord, WebhookDeliveryLog } from '../ports/webhook-delivery-log.port';
import { type WebhookEndpointRecord, WebhookEndpointStore } from '../ports/webhook-endpoint-store.port';
import { DELIVERY_HISTORY } from '../webhook-settings';
import { endpointNotFound, webhookModesOf } from '../webhook-rules';

export interface ListDeliveriesInput {
  principal: Principal;
  endpointId: string;
}

/** An endpoint's delivery log: the endpoint (its mode is every delivery's) and its newest deliveries. */
export interface DeliveryHistory {
  endpoint: WebhookEndpointRecord;
  deliveries: WebhookDeliveryRecord[];
}

/**
 * GET /v1/webhooks/:id/deliveries: the endpoint's last 100 deliveries, newest first, without
 * payloads, with the endpoint they belong to. A session reaches either mode's endpoint, an API
 * key only its own mode's (another is 404).
 */
export class ListDeliveries {
  static readonly inject = [WebhookEndpointStore, WebhookDeliveryLog] as const;

  constructor(
    private readonly endpoints: WebhookEndpointStore,
    private readonly deliveries: WebhookDeliveryLog,
  ) {}

  async execute({ principal, endpointId }: ListDeliveriesInput): Promise<DeliveryHistory> {
    const endpoint = await this.endpoints.get(principal.accountId, webhookModesOf(principal), endpointId);
    if (!endpoint) throw endpointNotFound();
    return { endpoint, deliveries: await this.deliveries.recent(endpoint.id, DELIVERY_HISTORY) };
  }
}
