import { type Principal } from '@intake/domain-accounts';
import { type Mode } from '@intake/domain-kernel';
import { originOf } from '@intake/domain-webhooks';
import { DomainError, notFound } from '@intake/errors';
import { type WebhookEndpointRecord } from './ports/webhook-endpoint.store';

/**
 * The mode whose endpoints a caller sees and registers: an API key's own; a dashboard session's is
 * live (the dashboard manages the live integration; test endpoints belong to test keys).
 */
export const webhookModeOf = (principal: Principal): Mode => (principal.kind === 'session' ? 'live' : principal.mode);

export const endpointNotFound = () => notFound('Webhook endpoint');
export const deliveryNotFound = () => notFound('Webhook delivery');

export const endpointInactive = () =>
  new DomainError(
    'conflict',
    'The webhook endpoint is switched off: its receiver answered 410 Gone. Register a new endpoint.',
    { reason: 'endpoint_inactive' },
  );

/**
 * The URL as the endpoint's listing, audit entries and logs show it: a Slack or Discord incoming
 * webhook's path is its credential, so those show the origin only; raw endpoints in full.
 */
export const shownUrl = (endpoint: Pick<WebhookEndpointRecord, 'url' | 'format'>): string =>
  endpoint.format === 'raw' ? endpoint.url : originOf(endpoint.url);

/** What the audit log says of an endpoint: never the secret, a chat URL as its origin. */
export const auditedEndpoint = (endpoint: WebhookEndpointRecord) => ({
  url: shownUrl(endpoint),
  events: endpoint.events,
  format: endpoint.format,
  mode: endpoint.mode,
});
