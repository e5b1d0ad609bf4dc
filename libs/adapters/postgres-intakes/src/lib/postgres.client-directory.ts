import { Injectable } from '@nestjs/common';
import { ClientDirectory, ClientView } from '@intake/application-intakes';
import { AccessContext } from '@intake/domain-accounts';
import { Sql } from '@intake/postgres';
import { clientScope, likePattern } from './access-sql';

/**
 * The client list from `client_stats` (one row per account, scope and client, kept by triggers on
 * intakes), each client described by their latest intake. A page walks client_stats_order_idx;
 * `q` goes through the trigram index; `total` without `q` is one row of `client_totals`.
 */
@Injectable()
export class PostgresClientDirectory extends ClientDirectory {
  constructor(private readonly sql: Sql) {
    super();
  }

  async list(
    access: AccessContext,
    q: string | undefined,
    limit: number,
    offset: number,
  ): Promise<{ clients: ClientView[]; total: number }> {
    const params: unknown[] = [access.accountId, clientScope(access)];
    let search = '';
    if (q) {
      params.push(likePattern(q));
      search = `AND c.search LIKE $${params.length}`;
    }
    const [clients, total] = await Promise.all([
      this.sql.query<ClientView>(
        `SELECT i.client_email AS email, i.client_name AS name, i.client_language AS language, i.client_phone AS phone,
                i.client_timezone AS timezone, i.folder_id, i.id AS last_intake_id, i.created_at AS last_intake_at,
                c.intake_count
           FROM (SELECT c.intake_count, c.last_intake_at, c.last_intake_id FROM client_stats c
                  WHERE c.account_id = $1 AND c.scope = $2 ${search}
                  ORDER BY c.intake_count DESC, c.last_intake_at DESC, c.last_intake_id DESC
                  LIMIT $${params.length + 1} OFFSET $${params.length + 2}) c
           JOIN intakes i ON i.id = c.last_intake_id
          ORDER BY c.intake_count DESC, c.last_intake_at DESC, c.last_intake_id DESC`,
        [...params, limit, offset],
      ),
      q
        ? this.sql.one<{ total: number }>(
            `SELECT count(*)::int AS total FROM client_stats c WHERE c.account_id = $1 AND c.scope = $2 ${search}`,
            params,
          )
        : this.sql.one<{ total: number }>(
            `SELECT clients AS total FROM client_totals WHERE account_id = $1 AND scope = $2`,
            params,
          ),
    ]);
    return { clients, total: total?.total ?? 0 };
  }
}
