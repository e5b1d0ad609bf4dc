import { Injectable } from '@nestjs/common';
import { ClientDirectory, ClientView } from '@intake/application-intakes';
import { AccessContext } from '@intake/domain-accounts';
import { Sql } from '@intake/postgres';
import { accessClause } from './access-sql';

/** The derived client list: intakes grouped case-insensitively by client e-mail. */
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
    const params: unknown[] = [];
    const visible = accessClause(access, params);
    let search = '';
    if (q) {
      params.push(`%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      search = `WHERE lower(v.client_name || ' ' || v.client_email) LIKE $${params.length}`;
    }
    params.push(limit, offset);
    const rows = await this.sql.query<ClientView & { total: number }>(
      `WITH visible AS (SELECT i.* FROM intakes i WHERE ${visible} AND i.anonymized_at IS NULL),
            grouped AS (
              SELECT count(*)::int AS intake_count, (array_agg(id ORDER BY created_at DESC, id DESC))[1] AS last_id
                FROM visible GROUP BY lower(client_email))
       SELECT v.client_email AS email, v.client_name AS name, v.client_language AS language, v.client_phone AS phone,
              v.client_timezone AS timezone, v.folder_id, v.id AS last_intake_id, v.created_at AS last_intake_at,
              g.intake_count, count(*) OVER ()::int AS total
         FROM grouped g JOIN visible v ON v.id = g.last_id
         ${search}
        ORDER BY g.intake_count DESC, v.created_at DESC, v.id DESC
        LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    let total = rows[0]?.total;
    if (total === undefined) {
      // An offset past the end returns no rows, and so no window count: count separately.
      // The same client rows as above (each client's latest intake), so `q` matches what the page does.
      const counted = await this.sql.one<{ total: number }>(
        `WITH visible AS (SELECT i.* FROM intakes i WHERE ${visible} AND i.anonymized_at IS NULL),
              grouped AS (
                SELECT (array_agg(id ORDER BY created_at DESC, id DESC))[1] AS last_id
                  FROM visible GROUP BY lower(client_email))
         SELECT count(*)::int AS total FROM grouped g JOIN visible v ON v.id = g.last_id ${search}`,
        params.slice(0, params.length - 2),
      );
      total = counted?.total ?? 0;
    }
    return { clients: rows.map(({ total: _total, ...client }) => client), total };
  }
}
