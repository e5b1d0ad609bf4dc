import { Injectable } from '@nestjs/common';
import { type NewTestDelivery, type WebhookDeliveryRecord, WebhookDeliveryLog } from '@intake/application-webhooks';
import { Sql } from '@intake/postgres';

const COLUMNS =
  'id, endpoint_id, event, status, attempts, max_attempts, next_retry_at, response_code, error, created_at, delivered_at';

/** The dispatchers LISTEN on this channel; a notification sent in a transaction leaves when it commits. */
export const DELIVERIES_CHANNEL = 'webhook_deliveries';

/** webhook_deliveries as the API's log (webhook_deliveries_endpoint_idx), its manual retries and test deliveries. */
@Injectable()
export class PostgresWebhookDeliveryLog extends WebhookDeliveryLog {
  constructor(private readonly sql: Sql) {
    super();
  }

  recent(endpointId: string, limit: number): Promise<WebhookDeliveryRecord[]> {
    return this.sql.query<WebhookDeliveryRecord>(
      `SELECT ${COLUMNS} FROM webhook_deliveries WHERE endpoint_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
      [endpointId, limit],
    );
  }

  get(endpointId: string, deliveryId: string): Promise<WebhookDeliveryRecord | undefined> {
    return this.sql.one<WebhookDeliveryRecord>(
      `SELECT ${COLUMNS} FROM webhook_deliveries WHERE id = $2 AND endpoint_id = $1`,
      [endpointId, deliveryId],
    );
  }

  /**
   * One UPDATE, so a delivery a dispatcher records as delivered meanwhile is never put back. The
   * lease is left alone: an attempt in flight finishes and records its outcome as usual.
   */
  async requeue(
    endpointId: string,
    deliveryId: string,
    now: Date,
  ): Promise<WebhookDeliveryRecord | 'delivered' | undefined> {
    const requeued = await this.sql.one<WebhookDeliveryRecord>(
      `UPDATE webhook_deliveries
          SET status = 'pending', next_retry_at = $3, max_attempts = greatest(max_attempts, attempts + 1)
        WHERE id = $2 AND endpoint_id = $1 AND status <> 'delivered'
        RETURNING ${COLUMNS}`,
      [endpointId, deliveryId, now],
    );
    if (requeued) {
      await this.wake();
      return requeued;
    }
    return (await this.get(endpointId, deliveryId)) ? 'delivered' : undefined;
  }

  async insertTest(delivery: NewTestDelivery): Promise<void> {
    await this.sql.query(
      `INSERT INTO webhook_deliveries (id, endpoint_id, account_id, outbox_id, event, payload, status, attempts, next_retry_at, created_at)
       VALUES ($1, $2, $3, NULL, $4, $5, 'pending', 0, $6, $6)`,
      [
        delivery.id,
        delivery.endpoint_id,
        delivery.account_id,
        delivery.event,
        JSON.stringify(delivery.payload),
        delivery.at,
      ],
    );
    await this.wake();
  }

  private async wake(): Promise<void> {
    await this.sql.query(`SELECT pg_notify($1, '')`, [DELIVERIES_CHANNEL]);
  }
}
