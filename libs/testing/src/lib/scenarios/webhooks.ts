import { type WebhookEndpointRecord } from '@intake/application-webhooks';
import { newWebhookSecret } from '@intake/domain-webhooks';
import { newId } from '@intake/ids';
import { type GivenAccount, type InMemoryContext } from '../in-memory/container';
import { type WebhookDeliveryRow } from '../in-memory/database';
import { copy } from '../in-memory/unit-of-work';

/** An endpoint of the account (live, raw, both follow-up events unless said otherwise), with its secret. */
export function givenWebhook(
  context: InMemoryContext,
  given: GivenAccount,
  overrides: Partial<WebhookEndpointRecord> = {},
): WebhookEndpointRecord & { secret: string } {
  const secret = newWebhookSecret();
  const endpoint: WebhookEndpointRecord = {
    id: newId('webhookEndpoint'),
    account_id: given.account.id,
    mode: 'live',
    url: 'https://hooks.example.com/intake',
    events: ['item.submitted', 'intake.completed'],
    format: 'raw',
    secret_sealed: context.secretBox.seal(secret),
    active: true,
    deactivated_at: null,
    created_at: context.clock.now(),
    ...overrides,
  };
  context.db.webhookEndpoints.rows.push(copy(endpoint));
  return { ...endpoint, secret };
}

/** A delivery to the endpoint as the relay and the dispatcher leave it (pending, nothing tried, unless said otherwise). */
export function givenDelivery(
  context: InMemoryContext,
  endpoint: Pick<WebhookEndpointRecord, 'id' | 'account_id'>,
  overrides: Partial<WebhookDeliveryRow> = {},
): WebhookDeliveryRow {
  const now = context.clock.now();
  const row: WebhookDeliveryRow = {
    id: newId('webhookDelivery'),
    endpoint_id: endpoint.id,
    account_id: endpoint.account_id,
    outbox_id: null,
    event: 'item.submitted',
    payload: { event: 'item.submitted', intake_id: 'in_1', timestamp: Math.floor(now.getTime() / 1000) },
    status: 'pending',
    attempts: 0,
    max_attempts: 6,
    next_retry_at: now,
    lease_until: null,
    response_code: null,
    error: null,
    created_at: now,
    delivered_at: null,
    ...overrides,
  };
  context.db.webhookDeliveries.rows.push(copy(row));
  return row;
}
