import { Injectable } from '@nestjs/common';
import { type SentChase, type SentChaseChange, SentChases } from '@intake/application-chasing';
import { Sql } from '@intake/postgres';

/**
 * Sent e-mail chases by provider message id. The transport's ids wear angle brackets
 * (`<…@…>`), the provider's come bare: each id is looked for in both forms, so the lookup stays
 * an index scan (chases_provider_message_idx).
 */
@Injectable()
export class PostgresSentChases extends SentChases {
  constructor(private readonly sql: Sql) {
    super();
  }

  findByMessageId(messageIds: readonly string[]): Promise<SentChase | undefined> {
    const forms = messageIds.flatMap((id) => [id, `<${id}>`]);
    return this.sql.one<SentChase>(
      `SELECT c.id, c.intake_id, i.account_id, c.status, c.provider_message_id, c.delivered_to, c.provider_events
         FROM chases c JOIN intakes i ON i.id = c.intake_id
        WHERE c.provider_message_id = ANY ($1::text[]) AND c.channel = 'email'
        ORDER BY c.sent_at DESC NULLS LAST, c.id
        LIMIT 1`,
      [forms],
    );
  }

  async recordEvents(chaseId: string, change: SentChaseChange): Promise<boolean> {
    const rows = await this.sql.query(
      `UPDATE chases SET status = $3, delivered_to = $4, provider_events = provider_events || $5::text[]
        WHERE id = $1 AND status = $2 AND NOT (provider_events && $5::text[])
        RETURNING id`,
      [chaseId, change.from, change.status, [...change.delivered_to], [...change.events]],
    );
    return rows.length === 1;
  }
}
