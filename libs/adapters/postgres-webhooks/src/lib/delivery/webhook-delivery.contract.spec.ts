import { PostgresOutbox } from '@intake/postgres';
import {
  describeDeliveryQueueContract,
  describePostgresContract,
  describeWebhookRelayContract,
  listenTo,
  type PostgresContractDatabase,
  type WebhookDeliveryFixture,
  type WebhookDeliveryRow,
} from '@intake/testing';
import { DELIVERIES_CHANNEL } from '../postgres.webhook-delivery-log';
import { PostgresWebhookEndpointStore } from '../postgres.webhook-endpoint-store';
import { PostgresDeliveryQueue } from './postgres.delivery-queue';
import { PostgresWebhookRelayStore } from './postgres.webhook-relay-store';

async function postgres(db: PostgresContractDatabase): Promise<WebhookDeliveryFixture> {
  const stores = await db.intakeStores();
  const { sql } = stores;
  // A pool of its own for the second queue: it claims on other connections, as a second dispatcher does.
  const other = await db.connect();
  const listener = await listenTo(db.url, [DELIVERIES_CHANNEL]);
  return {
    uow: stores.uow,
    outbox: new PostgresOutbox(sql),
    endpoints: new PostgresWebhookEndpointStore(sql),
    relay: new PostgresWebhookRelayStore(sql),
    queue: new PostgresDeliveryQueue(sql),
    otherQueue: new PostgresDeliveryQueue(other.sql),
    createAccount: stores.createAccount,
    deliveriesOf: (endpointId) =>
      sql.query<WebhookDeliveryRow>(
        `SELECT id, endpoint_id, account_id, outbox_id, event, payload, status, attempts, max_attempts, next_retry_at,
                lease_until, lease_token, response_code, error, created_at, delivered_at
           FROM webhook_deliveries WHERE endpoint_id = $1 ORDER BY created_at, outbox_id`,
        [endpointId],
      ),
    wakeUps: () => listener.heard(DELIVERIES_CHANNEL),
    teardown: async () => {
      await listener.close();
      await other.close();
      await stores.teardown();
    },
  };
}

// A database of its own for each suite: a queue's claims take whatever is due in the database.
describePostgresContract((db) => describeWebhookRelayContract('PostgreSQL', () => postgres(db)));
describePostgresContract((db) => describeDeliveryQueueContract('PostgreSQL', () => postgres(db)));
