import { Injectable } from '@nestjs/common';
import { type EndpointModes, type WebhookEndpointRecord, WebhookEndpointStore } from '@intake/application-webhooks';
import { Sql } from '@intake/postgres';

const COLUMNS = 'id, account_id, mode, url, events, format, secret_sealed, active, deactivated_at, created_at';
/** `$2`: one mode, or null for both. */
const MODES = '($2::text IS NULL OR mode = $2::text)';

/**
 * webhook_endpoints; every query names the account and, for an API key, the mode
 * (webhook_endpoints_account_idx). A session's `null` reaches both modes.
 */
@Injectable()
export class PostgresWebhookEndpointStore extends WebhookEndpointStore {
  constructor(private readonly sql: Sql) {
    super();
  }

  /**
   * Call inside a unit of work: a transaction-scoped advisory lock per account serialises
   * registrations, so that the count and the insert see the same endpoints.
   */
  async insert(endpoint: WebhookEndpointRecord, limit: number): Promise<boolean> {
    await this.sql.query(`SELECT pg_advisory_xact_lock(hashtextextended('webhook_endpoints:' || $1, 0))`, [
      endpoint.account_id,
    ]);
    const rows = await this.sql.query(
      `INSERT INTO webhook_endpoints (${COLUMNS})
       SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10
        WHERE (SELECT count(*) FROM webhook_endpoints WHERE account_id = $2 AND mode = $3) < $11
       RETURNING id`,
      [
        endpoint.id,
        endpoint.account_id,
        endpoint.mode,
        endpoint.url,
        endpoint.events,
        endpoint.format,
        endpoint.secret_sealed,
        endpoint.active,
        endpoint.deactivated_at,
        endpoint.created_at,
        limit,
      ],
    );
    return rows.length === 1;
  }

  list(accountId: string, modes: EndpointModes): Promise<WebhookEndpointRecord[]> {
    return this.sql.query<WebhookEndpointRecord>(
      `SELECT ${COLUMNS} FROM webhook_endpoints WHERE account_id = $1 AND ${MODES} ORDER BY created_at, id`,
      [accountId, modes],
    );
  }

  get(accountId: string, modes: EndpointModes, endpointId: string): Promise<WebhookEndpointRecord | undefined> {
    return this.sql.one<WebhookEndpointRecord>(
      `SELECT ${COLUMNS} FROM webhook_endpoints WHERE id = $3 AND account_id = $1 AND ${MODES}`,
      [accountId, modes, endpointId],
    );
  }

  /** Its deliveries go with it (ON DELETE CASCADE). */
  async delete(accountId: string, modes: EndpointModes, endpointId: string): Promise<boolean> {
    const rows = await this.sql.query(
      `DELETE FROM webhook_endpoints WHERE id = $3 AND account_id = $1 AND ${MODES} RETURNING id`,
      [accountId, modes, endpointId],
    );
    return rows.length === 1;
  }
}
