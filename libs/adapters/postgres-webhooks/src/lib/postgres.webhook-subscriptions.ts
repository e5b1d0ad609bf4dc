import { Injectable } from '@nestjs/common';
import { type ActiveSubscriptions, WebhookSubscriptions } from '@intake/application-webhooks';
import { type Mode } from '@intake/domain-kernel';
import { WEBHOOK_EVENTS } from '@intake/domain-webhooks';
import { Sql } from '@intake/postgres';

/** The account's active endpoints of a mode: one query on webhook_endpoints_account_idx. */
@Injectable()
export class PostgresWebhookSubscriptions extends WebhookSubscriptions {
  constructor(private readonly sql: Sql) {
    super();
  }

  async active(accountId: string, mode: Mode): Promise<ActiveSubscriptions> {
    const row = await this.sql.one<{ endpoints: number; events: string[] }>(
      `SELECT count(DISTINCT id)::int AS endpoints,
              coalesce(array_agg(DISTINCT event) FILTER (WHERE event IS NOT NULL), '{}') AS events
         FROM webhook_endpoints LEFT JOIN LATERAL unnest(events) AS event ON true
        WHERE account_id = $1 AND mode = $2 AND active`,
      [accountId, mode],
    );
    const subscribed = new Set(row?.events ?? []);
    return {
      active_endpoints: row?.endpoints ?? 0,
      events: WEBHOOK_EVENTS.filter((event) => subscribed.has(event)),
    };
  }
}
