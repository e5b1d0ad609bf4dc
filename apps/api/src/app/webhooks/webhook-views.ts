import { shownUrl, type WebhookDeliveryRecord, type WebhookEndpointRecord } from '@intake/application-webhooks';
import { type DeliveryView, type WebhookEndpointView } from './webhooks.dto';

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** An endpoint as every response shows it: no secret, a chat URL as its origin. */
export const endpointView = (endpoint: WebhookEndpointRecord): WebhookEndpointView => ({
  id: endpoint.id,
  url: shownUrl(endpoint),
  events: endpoint.events,
  format: endpoint.format,
  active: endpoint.active,
  created_at: new Date(endpoint.created_at).toISOString(),
});

/** A delivery (SPEC.md "Webhook delivery"): no payload. */
export const deliveryView = (delivery: WebhookDeliveryRecord): DeliveryView => ({
  id: delivery.id,
  event: delivery.event,
  status: delivery.status,
  attempts: delivery.attempts,
  response_code: delivery.response_code,
  error: delivery.error,
  next_retry_at: iso(delivery.next_retry_at),
  created_at: new Date(delivery.created_at).toISOString(),
  delivered_at: iso(delivery.delivered_at),
});
