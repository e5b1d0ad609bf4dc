import { type ListFilter, type ListIntake } from '@intake/application-intakes';
import { type AccessContext } from '@intake/domain-accounts';
import { type UnitOfWork } from '@intake/kernel';
import { type Sql } from '@intake/postgres';
import { accessClause, likePattern } from './access-sql';
import { SearchTotals, searchTotalKey, type SearchTotalKey } from './search-totals';

/** How a page of `q` matches is found (searchPlan). */
export type SearchPlan = 'sparse' | 'dense';

/** A match found by index costs about this many rows walked in list order (a random read and the sort). */
const SPARSE_ROW_COST = 4;

/**
 * Sparse: look the matches up (the client pairs' intakes by the client e-mail index, projects by
 * trigram) and sort them, a cost that grows with the matches. Dense: walk `intake_search`'s list
 * index in order and keep the rows that match, a cost that grows with the rows walked, about
 * (offset + limit) × intakes in scope / matches. The cheaper one, from numbers known before.
 */
export function searchPlan(matches: number, scopeIntakes: number, offset: number, limit: number): SearchPlan {
  if (matches === 0) return 'sparse';
  const walked = ((offset + limit) * scopeIntakes) / matches;
  return matches * SPARSE_ROW_COST < walked ? 'sparse' : 'dense';
}

/**
 * The list's other filters (status, client e-mail, folder) on `intakes i`, or on `intake_search s`
 * (whose client e-mail is kept lower-cased).
 */
export function filterClauses(filter: ListFilter, params: unknown[], alias: 'i' | 's' = 'i'): string[] {
  const where: string[] = [];
  if (filter.status) {
    params.push(filter.status);
    where.push(`${alias}.status = $${params.length}`);
  }
  if (filter.clientEmail) {
    params.push(filter.clientEmail);
    where.push(`${alias === 'i' ? 'lower(i.client_email)' : 's.client_email'} = lower($${params.length})`);
  }
  if (filter.folderId === 'none') where.push(`${alias}.folder_id IS NULL`);
  else if (filter.folderId) {
    params.push(filter.folderId);
    where.push(`${alias}.folder_id = $${params.length}`);
  }
  return where;
}

/**
 * Enough matches to know the plan: searchPlan walks the list at this many or more (4 m² ≥ (offset +
 * limit) × intakes), so a count that only decides the plan can stop here.
 */
export function planDecidedAt(scopeIntakes: number, offset: number, limit: number): number {
  return Math.ceil(Math.sqrt(((offset + limit) * scopeIntakes) / SPARSE_ROW_COST)) + 1;
}

/** A page of the list and its total. */
export interface SearchPage {
  intakes: ListIntake[];
  total: number;
}

/** What `q` matches: its LIKE pattern, and whether any client pair in scope matches it. */
interface Match {
  pattern: string;
  clients: boolean;
}

/**
 * A total whose count visits at least this many rows is remembered (`search_totals`): counting
 * it again would cost more than the trigger that keeps it costs the account's writes.
 */
export const REMEMBER_FROM = 10_000;

export interface IntakeSearchOptions {
  /** Tests: take this plan whatever the numbers say. */
  plan?: SearchPlan;
  /** Tests: remember totals from this many rows counted (REMEMBER_FROM). */
  rememberFrom?: number;
}

/**
 * `q` on GET /v1/intakes at any account size (issue #19; migrations 1795003500000 to
 * 1795003700000): an intake matches when its project name, client name or client e-mail contains
 * `q` (case-insensitive). The client pairs are counted first (`intake_client_texts`): when the
 * matching ones hold every intake in scope, `q` changes nothing and the list without it is the
 * answer; when none matches, only the project is tested. Without other filters the exact total
 * is the matching pairs' intakes, summed, plus the intakes whose project alone matches, and no
 * page is read past it. With status, folder or client e-mail the total is counted over the
 * filtered matches. A total whose count visits REMEMBER_FROM rows or more is counted once and
 * then read from `search_totals`, which a trigger keeps (SearchTotals).
 */
export class IntakeSearch {
  private readonly totals: SearchTotals;
  private readonly forcedPlan?: SearchPlan;
  private readonly rememberFrom: number;

  constructor(
    private readonly sql: Sql,
    private readonly uow: UnitOfWork,
    options: IntakeSearchOptions = {},
  ) {
    this.totals = new SearchTotals(sql);
    this.forcedPlan = options.plan;
    this.rememberFrom = options.rememberFrom ?? REMEMBER_FROM;
  }

  /** `withoutQ`: the same page without `q`, asked for when `q` matches every intake in scope. */
  async page(
    access: AccessContext,
    filter: ListFilter & { q: string },
    limit: number,
    offset: number,
    columns: string,
    withoutQ: () => Promise<SearchPage>,
  ): Promise<SearchPage> {
    const pattern = likePattern(filter.q);
    const key = searchTotalKey(access, filter, pattern);
    const [pairs, scope, remembered] = await Promise.all([
      this.pairs(access, pattern),
      this.scopeIntakes(access),
      this.totals.find(key),
    ]);
    if (pairs.intakes >= scope) return withoutQ();
    const match: Match = { pattern, clients: pairs.pairs > 0 };
    const filtered = Boolean(filter.status || filter.clientEmail || filter.folderId);
    if (!filtered) {
      const matches = remembered ?? (await this.matches(access, match, pairs.intakes, key));
      const plan = this.forcedPlan ?? searchPlan(matches, scope, offset, limit);
      const intakes = offset >= matches ? [] : await this.rows(plan, access, filter, match, columns, limit, offset);
      return { intakes, total: matches };
    }
    // The filtered matches are no more than the unfiltered ones: when they already call for the
    // walk, so would those (searchPlan walks sooner the more match).
    const walk = remembered !== undefined && searchPlan(remembered, scope, offset, limit) === 'dense';
    const plan =
      this.forcedPlan ?? (walk ? 'dense' : await this.filteredPlan(access, match, pairs.intakes, scope, offset, limit));
    const counted = () => this.count(plan, access, filter, match);
    // The walk's count tests every filtered intake in scope.
    const total =
      remembered ?? (plan === 'dense' && scope >= this.rememberFrom ? this.remember(key, counted) : counted());
    const [intakes, found] = await Promise.all([this.rows(plan, access, filter, match, columns, limit, offset), total]);
    return { intakes, total: found };
  }

  /**
   * The matches without other filters: counted up to rememberFrom; past it, counted whole and
   * remembered.
   */
  private async matches(
    access: AccessContext,
    match: Match,
    pairIntakes: number,
    key: SearchTotalKey,
  ): Promise<number> {
    if (pairIntakes < this.rememberFrom) {
      const counted = pairIntakes + (await this.projectsAlone(access, match, this.rememberFrom - pairIntakes));
      if (counted < this.rememberFrom) return counted;
    }
    return this.remember(key, async () => {
      const pairs = await this.pairs(access, match.pattern);
      return pairs.intakes + (await this.projectsAlone(access, { pattern: match.pattern, clients: pairs.pairs > 0 }));
    });
  }

  /**
   * The plan with other filters, from the matches without them: counted no further than it takes
   * to decide (planDecidedAt).
   */
  private async filteredPlan(
    access: AccessContext,
    match: Match,
    pairIntakes: number,
    scope: number,
    offset: number,
    limit: number,
  ): Promise<SearchPlan> {
    const decided = planDecidedAt(scope, offset, limit);
    const projects = pairIntakes >= decided ? 0 : await this.projectsAlone(access, match, decided - pairIntakes);
    return searchPlan(pairIntakes + projects, scope, offset, limit);
  }

  /**
   * `count` run in a transaction holding the account's lock, and saved: from then on the trigger
   * keeps it. Counted without saving when writers hold the lock, or inside a caller's transaction
   * (whose lock would last until it ends).
   */
  private async remember(key: SearchTotalKey, count: () => Promise<number>): Promise<number> {
    if (this.sql.inTransaction) return count();
    return this.uow.run(async () => {
      if (!(await this.totals.lock(key.accountId))) return count();
      const total = await count();
      await this.totals.save(key, total);
      return total;
    });
  }

  /** The client pairs in scope whose name or e-mail contains `q`, and how many intakes they have. */
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

  /**
   * Intakes in scope whose project contains `q` and whose client does not (trigram index on
   * `intake_search.project`), or `atMost` of them. When `q` matches most project names this scans
   * the account's `intake_search` rows; with no matching client it tests only the project (one
   * LIKE a row, not three).
   */
  private async projectsAlone(access: AccessContext, match: Match, atMost?: number): Promise<number> {
    const params: unknown[] = [match.pattern];
    const where = [accessClause(access, params, 's'), 's.project LIKE $1'];
    if (match.clients) where.push('NOT (s.client_name LIKE $1 OR s.client_email LIKE $1)');
    const found = `SELECT 1 FROM intake_search s WHERE ${where.join(' AND ')}`;
    if (atMost !== undefined) params.push(atMost);
    const row = await this.sql.one<{ total: number }>(
      `SELECT count(*)::int AS total FROM (${found}${atMost === undefined ? '' : ` LIMIT $${params.length}`}) m`,
      params,
    );
    return row?.total ?? 0;
  }

  /**
   * The page. Sparse: the matches looked up, then sorted. Dense: `intake_search` walked in list
   * order through its list index, the match and the filters tested on each narrow row (their
   * columns have statistics, so PostgreSQL sees how many rows match and walks; on `intakes` it
   * guessed a few and sorted every filtered row), then the page's intakes read by id.
   */
  private rows(
    plan: SearchPlan,
    access: AccessContext,
    filter: ListFilter,
    match: Match,
    columns: string,
    limit: number,
    offset: number,
  ): Promise<ListIntake[]> {
    const { sql, params } = plan === 'sparse' ? this.sparse(access, filter, match) : this.dense(access, filter, match);
    params.push(limit, offset);
    const page = `LIMIT $${params.length - 1} OFFSET $${params.length}`;
    const order = 'ORDER BY i.created_at DESC, i.id DESC';
    return this.sql.query<ListIntake>(
      plan === 'sparse'
        ? `${sql.replace('$COLUMNS', columns)} ${order} ${page}`
        : `SELECT ${columns} FROM (${sql.replace('$COLUMNS', 's.intake_id')}
             ORDER BY s.created_at DESC, s.intake_id DESC ${page}) m
           JOIN intakes i ON i.id = m.intake_id ${order}`,
      params,
    );
  }

  /**
   * The total with other filters: by the sparse plan, the matches looked up; by the dense one,
   * every filtered intake in scope tested on the narrow `intake_search` rows (migration
   * 1795003600000), not on `intakes`.
   */
  private async count(plan: SearchPlan, access: AccessContext, filter: ListFilter, match: Match): Promise<number> {
    const { sql, params } = plan === 'sparse' ? this.sparse(access, filter, match) : this.dense(access, filter, match);
    const row = await this.sql.one<{ total: number }>(sql.replace('$COLUMNS', 'count(*)::int AS total'), params);
    return row?.total ?? 0;
  }

  /**
   * The matches looked up: the intakes of the matching client pairs (by the client e-mail
   * index) and those whose project matches (trigram), then the other filters.
   */
  private sparse(access: AccessContext, filter: ListFilter, match: Match): { sql: string; params: unknown[] } {
    const params: unknown[] = [match.pattern];
    const projects = accessClause(access, params, 's');
    const projectMatches = `SELECT s.intake_id AS id FROM intake_search s WHERE ${projects} AND s.project LIKE $1`;
    const matched = match.clients
      ? `SELECT i.id FROM (
           SELECT DISTINCT c.client_name, c.client_email FROM intake_client_texts c
            WHERE ${accessClause(access, params, 'c')} AND (c.client_name LIKE $1 OR c.client_email LIKE $1)) pairs
         JOIN intakes i ON lower(i.client_email) = pairs.client_email AND lower(i.client_name) = pairs.client_name
          WHERE ${accessClause(access, params, 'i')}
         UNION
         ${projectMatches}`
      : projectMatches;
    const where = ['TRUE', ...filterClauses(filter, params)];
    return {
      sql: `WITH matched AS (${matched})
            SELECT $COLUMNS FROM matched m JOIN intakes i ON i.id = m.id WHERE ${where.join(' AND ')}`,
      params,
    };
  }

  /** Every intake in scope that matches and passes the filters, tested on `intake_search`. */
  private dense(access: AccessContext, filter: ListFilter, match: Match): { sql: string; params: unknown[] } {
    const params: unknown[] = [match.pattern];
    const where = [accessClause(access, params, 's'), ...filterClauses(filter, params, 's')];
    const test = match.clients
      ? '(s.project LIKE $1 OR s.client_name LIKE $1 OR s.client_email LIKE $1)'
      : 's.project LIKE $1';
    return { sql: `SELECT $COLUMNS FROM intake_search s WHERE ${where.join(' AND ')} AND ${test}`, params };
  }
}
