import { accessOf, type Principal } from '@intake/domain-accounts';
import { type Mode, MODES } from '@intake/domain-kernel';
import { originOf } from '@intake/domain-webhooks';
import { DomainError, type ErrorDetail, notFound } from '@intake/errors';
import { type EndpointModes, type WebhookEndpointRecord } from './ports/webhook-endpoint-store.port';

/**
 * The endpoints a caller sees, lists and changes: an API key only its own mode's (another mode's
 * endpoint is 404, as a test key on a live intake is); a dashboard session both modes, since the
 * team sets up and watches the test integration from the dashboard too.
 */
export const webhookModesOf = (principal: Principal): EndpointModes => accessOf(principal).mode;

/**
 * The mode of an endpoint a caller registers, or why it cannot have the one asked for. An API
 * key's endpoint has the key's mode (`mode` may be sent, but only as that mode: a key never makes
 * an endpoint it could not see); a session's has the `mode` asked for, live by default.
 */
export function registrationMode(principal: Principal, requested: unknown): { mode: Mode } | { detail: ErrorDetail } {
  if (requested !== undefined && !(MODES as readonly unknown[]).includes(requested)) {
    return { detail: { path: 'mode', message: `must be one of ${MODES.join(', ')}` } };
  }
  const asked = requested as Mode | undefined;
  if (principal.kind === 'session') return { mode: asked ?? 'live' };
  if (asked !== undefined && asked !== principal.mode) {
    return {
      detail: {
        path: 'mode',
        message: `a ${principal.mode} key registers ${principal.mode} endpoints only; sign in to the dashboard, or use a ${asked} key`,
      },
    };
  }
  return { mode: principal.mode };
}

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
