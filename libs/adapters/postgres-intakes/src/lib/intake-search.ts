import { type ListFilter, type ListIntake } from '@intake/application-intakes';
import { type AccessContext } from '@intake/domain-accounts';
import { type Sql } from '@intake/postgres';
import { accessClause, likePattern } from './access-sql';

/** How a page of `q` matches is found (searchPlan). */
export type SearchPlan = 'sparse' | 'dense';

/** A match found by index costs about this many rows walked in list order (a random read and the sort). */
const SPARSE_ROW_COST = 4;

/**
 * Sparse: look the matches up (the client pairs' intakes by the client e-mail index, projects by
 * trigram) and sort them, a cost that grows with the matches. Dense: walk the list index in
 * order and keep the rows that match, a cost that grows with the rows walked, about
 * (offset + limit) × intakes in scope / matches. The cheaper one, from numbers known before.
 */
export function searchPlan(matches: number, scopeIntakes: number, offset: number, limit: number): SearchPlan {
  if (matches === 0) return 'sparse';
  const walked = ((offset + limit) * scopeIntakes) / matches;
  return matches * SPARSE_ROW_COST < walked ? 'sparse' : 'dense';
}

/** The list's other filters on `intakes i` (status, client e-mail, folder). */
export function filterClauses(filter: ListFilter, params: unknown[]): string[] {
  const where: string[] = [];
  if (filter.status) {
    params.push(filter.status);
    where.push(`i.status = $${params.length}`);
  }
  if (filter.clientEmail) {
    params.push(filter.clientEmail);
    where.push(`lower(i.client_email) = lower($${params.length})`);
  }
  if (filter.folderId === 'none') where.push('i.folder_id IS NULL');
  else if (filter.folderId) {
    params.push(filter.folderId);
    where.push(`i.folder_id = $${params.length}`);
  }
  return where;
}

/**
 * `q` on GET /v1/intakes at any account size (issue #19; migration 1795003500000): an intake
 * matches when its project name, client name or client e-mail contains `q` (case-insensitive).
 * Without other filters the exact total comes from `intake_client_texts` (the intakes of every
 * matching client pair, summed) plus the intakes whose project alone matches (trigram index on
 * `intake_search.project`), and no page is read past it. With status, folder or client e-mail
 * the total is counted over the filtered matches.
 */
export class IntakeSearch {
  constructor(
    private readonly sql: Sql,
    /** Tests: take this plan whatever the numbers say. */
    private readonly forcedPlan?: SearchPlan,
  ) {}

  async page(
    access: AccessContext,
    filter: ListFilter & { q: string },
    limit: number,
    offset: number,
    columns: string,
  ): Promise<{ intakes: ListIntake[]; total: number }> {
    const pattern = likePattern(filter.q);
    const { matches, scope: scopeIntakes } = await this.matches(access, pattern);
    const plan = this.forcedPlan ?? searchPlan(matches, scopeIntakes, offset, limit);
    const filtered = Boolean(filter.status || filter.clientEmail || filter.folderId);
    if (!filtered) {
      const intakes = offset >= matches ? [] : await this.rows(plan, access, filter, pattern, columns, limit, offset);
      return { intakes, total: matches };
    }
    const [intakes, total] = await Promise.all([
      this.rows(plan, access, filter, pattern, columns, limit, offset),
      this.count(plan, access, filter, pattern),
    ]);
    return { intakes, total };
  }

  /**
   * Intakes in scope matching `pattern` (no other filter): those of the matching client pairs,
   * summed, plus those whose project alone matches. The second part is the costly one when `q`
   * matches most project names (a scan of the account's `intake_search` rows), so it is not
   * asked when the pairs already hold every intake in scope, and when no pair matches it skips
   * testing each row's client fields (no intake can have a matching client then).
   */
  private async matches(access: AccessContext, pattern: string): Promise<{ matches: number; scope: number }> {
    const [pairs, scope] = await Promise.all([this.pairs(access, pattern), this.scopeIntakes(access)]);
    if (pairs.intakes >= scope) return { matches: pairs.intakes, scope };
    const params: unknown[] = [pattern];
    const clientsDiffer = pairs.pairs === 0 ? '' : 'AND NOT (s.client_name LIKE $1 OR s.client_email LIKE $1)';
    const row = await this.sql.one<{ total: number }>(
      `SELECT count(*)::int AS total FROM intake_search s
        WHERE ${accessClause(access, params, 's')} AND s.project LIKE $1 ${clientsDiffer}`,
      params,
    );
    return { matches: pairs.intakes + (row?.total ?? 0), scope };
  }

  /** The client pairs in scope whose name or e-mail matches `pattern`, and their intakes. */
  private async pairs(access: AccessContext, pattern: string): Promise<{ pairs: number; intakes: number }> {
    const params: unknown[] = [pattern];
    const row = await this.sql.one<{ pairs: number; intakes: number }>(
      `SELECT count(*)::int AS pairs, coalesce(sum(c.n), 0)::int AS intakes FROM intake_client_texts c
        WHERE ${accessClause(access, params, 'c')} AND (c.client_name LIKE $1 OR c.client_email LIKE $1)`,
      params,
    );
    return { pairs: row?.pairs ?? 0, intakes: row?.intakes ?? 0 };
  }

  /** Intakes the caller sees at all (the trigger-kept counts). */
  private async scopeIntakes(access: AccessContext): Promise<number> {
    const params: unknown[] = [];
    const row = await this.sql.one<{ total: number }>(
      `SELECT coalesce(sum(n), 0)::int AS total FROM intake_counts c WHERE ${accessClause(access, params, 'c')}`,
      params,
    );
    return row?.total ?? 0;
  }

  private rows(
    plan: SearchPlan,
    access: AccessContext,
    filter: ListFilter,
    pattern: string,
    columns: string,
    limit: number,
    offset: number,
  ): Promise<ListIntake[]> {
    const { sql, params } =
      plan === 'sparse' ? this.sparse(access, filter, pattern) : this.dense(access, filter, pattern);
    params.push(limit, offset);
    return this.sql.query<ListIntake>(
      `${sql.replace('$COLUMNS', columns)} ORDER BY i.created_at DESC, i.id DESC LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
  }

  private async count(plan: SearchPlan, access: AccessContext, filter: ListFilter, pattern: string): Promise<number> {
    const { sql, params } =
      plan === 'sparse' ? this.sparse(access, filter, pattern) : this.dense(access, filter, pattern);
    const row = await this.sql.one<{ total: number }>(sql.replace('$COLUMNS', 'count(*)::int AS total'), params);
    return row?.total ?? 0;
  }

  /**
   * The matches looked up: the intakes of the matching client pairs (by the client e-mail
   * index) and those whose project matches (trigram), then the other filters.
   */
  private sparse(access: AccessContext, filter: ListFilter, pattern: string): { sql: string; params: unknown[] } {
    const params: unknown[] = [pattern];
    const pairs = accessClause(access, params, 'c');
    const intakes = accessClause(access, params, 'i');
    const projects = accessClause(access, params, 's');
    const where = ['TRUE', ...filterClauses(filter, params)];
    return {
      sql: `WITH pairs AS (
              SELECT DISTINCT c.client_name, c.client_email FROM intake_client_texts c
               WHERE ${pairs} AND (c.client_name LIKE $1 OR c.client_email LIKE $1)),
            matched AS (
              SELECT i.id FROM pairs JOIN intakes i
                ON lower(i.client_email) = pairs.client_email AND lower(i.client_name) = pairs.client_name
               WHERE ${intakes}
              UNION
              SELECT s.intake_id FROM intake_search s WHERE ${projects} AND s.project LIKE $1)
            SELECT $COLUMNS FROM matched m JOIN intakes i ON i.id = m.id WHERE ${where.join(' AND ')}`,
      params,
    };
  }

  /**
   * The list walked in its order, the match tested on each row of `intakes` (which has no
   * trigram index, so PostgreSQL cannot turn the match into a bitmap of every match): with the
   * page's LIMIT it walks the list index and stops as soon as the page is full.
   */
  private dense(access: AccessContext, filter: ListFilter, pattern: string): { sql: string; params: unknown[] } {
    const params: unknown[] = [pattern];
    const where = [accessClause(access, params, 'i'), ...filterClauses(filter, params)];
    return {
      sql: `SELECT $COLUMNS FROM intakes i WHERE ${where.join(' AND ')}
              AND (lower(i.project_name) LIKE $1 OR lower(i.client_name) LIKE $1 OR lower(i.client_email) LIKE $1)`,
      params,
    };
  }
}
