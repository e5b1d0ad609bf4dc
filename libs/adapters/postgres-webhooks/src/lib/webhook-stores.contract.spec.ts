import { Client } from 'pg';
import { describePostgresContract, describeWebhookStoresContract, type WebhookDeliveryRow } from '@intake/testing';
import { DELIVERIES_CHANNEL, PostgresWebhookDeliveryLog } from './postgres.webhook-delivery-log';
import { PostgresWebhookEndpointStore } from './postgres.webhook-endpoint-store';
import { PostgresWebhookSubscriptions } from './postgres.webhook-subscriptions';

describePostgresContract((db) =>
  describeWebhookStoresContract('PostgreSQL', async () => {
    const stores = await db.intakeStores();
    const { sql } = stores;
    // A dispatcher's ear: counts the wake-ups PostgreSQL delivers (only committed ones are).
    const listener = new Client({ connectionString: db.url });
    await listener.connect();
    let heard = 0;
    listener.on('notification', (message) => {
      if (message.channel === DELIVERIES_CHANNEL) heard += 1;
    });
    await listener.query(`LISTEN ${DELIVERIES_CHANNEL}`);
    return {
      endpoints: new PostgresWebhookEndpointStore(sql),
      deliveries: new PostgresWebhookDeliveryLog(sql),
      subscriptions: new PostgresWebhookSubscriptions(sql),
      uow: stores.uow,
      createAccount: stores.createAccount,
      insertDelivery: async (row) => {
        await sql.query(
          `INSERT INTO webhook_deliveries (id, endpoint_id, account_id, outbox_id, event, payload, status, attempts,
             max_attempts, next_retry_at, lease_until, response_code, error, created_at, delivered_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
          [
            row.id,
            row.endpoint_id,
            row.account_id,
            row.outbox_id,
            row.event,
            JSON.stringify(row.payload),
            row.status,
            row.attempts,
            row.max_attempts,
            row.next_retry_at,
            row.lease_until,
            row.response_code,
            row.error,
            row.created_at,
            row.delivered_at,
          ],
        );
      },
      stored: async (deliveryId) => {
        const row = await sql.one<WebhookDeliveryRow & { outbox_id: string | null }>(
          `SELECT id, endpoint_id, account_id, outbox_id, event, payload, status, attempts, max_attempts, next_retry_at,
                  lease_until, response_code, error, created_at, delivered_at
             FROM webhook_deliveries WHERE id = $1`,
          [deliveryId],
        );
        return row && { ...row, outbox_id: row.outbox_id === null ? null : Number(row.outbox_id) };
      },
      wakeUps: async () => {
        // A notification travels on the listener's own connection: a round trip on it lets it arrive.
        await listener.query('SELECT 1');
        return heard;
      },
      teardown: async () => {
        await listener.end();
        await stores.teardown();
      },
    };
  }),
);
