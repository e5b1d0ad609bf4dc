import { shownUrl, type WebhookDeliveryRecord, type WebhookEndpointRecord } from '@intake/application-webhooks';
import { type DeliveryView, type WebhookEndpointView } from './webhooks.dto';

/** How modes reach endpoints, said in every webhook operation's description. */
export const MODE_RULE =
  'An endpoint has a mode: an API key’s endpoints have the key’s, a session registers either (mode, live by default). A session sees and manages both modes’ endpoints; an API key only its own mode’s (another mode’s endpoint is 404).';

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** An endpoint as every response shows it: no secret, a chat URL as its origin. */
export const endpointView = (endpoint: WebhookEndpointRecord): WebhookEndpointView => ({
  id: endpoint.id,
  url: shownUrl(endpoint),
  events: endpoint.events,
  format: endpoint.format,
  active: endpoint.active,
  created_at: new Date(endpoint.created_at).toISOString(),
  mode: endpoint.mode,
});

/** A delivery (the OpenAPI document's delivery object; docs/guide.md, "Webhooks"): no payload. */
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
