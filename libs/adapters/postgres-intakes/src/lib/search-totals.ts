import { type ListFilter } from '@intake/application-intakes';
import { type AccessContext } from '@intake/domain-accounts';
import { type Sql } from '@intake/postgres';
import { clientScope } from './access-sql';

/** Remembered totals kept per account (the least recently asked go first). */
export const SEARCH_TOTALS_PER_ACCOUNT = 20;

/** The advisory lock class of migration 1795003700000: writers hold an account's lock shared. */
const LOCK_CLASS = 1795003700;

/** Tries for the exclusive lock this often, this long apart, before counting without remembering. */
const LOCK_TRIES = 10;
const LOCK_RETRY_MS = 20;

/** One search as `search_totals` keys it (migration 1795003700000): `''` where a filter is absent. */
export interface SearchTotalKey {
  accountId: string;
  scope: string;
  pattern: string;
  status: string;
  folder: string;
  clientEmail: string;
}

export function searchTotalKey(access: AccessContext, filter: ListFilter, pattern: string): SearchTotalKey {
  return {
    accountId: access.accountId,
    scope: clientScope(access),
    pattern,
    status: filter.status ?? '',
    folder: filter.folderId ?? '',
    clientEmail: filter.clientEmail?.toLowerCase() ?? '',
  };
}

const KEY = `account_id = $1 AND scope = $2 AND pattern = $3 AND status = $4 AND folder = $5 AND client_email = $6`;

const keyValues = (k: SearchTotalKey): unknown[] => [
  k.accountId,
  k.scope,
  k.pattern,
  k.status,
  k.folder,
  k.clientEmail,
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The totals of broad searches, counted once and kept by a trigger on `intake_search` (migration
 * 1795003700000). A total is counted and saved inside a transaction that holds the account's
 * advisory lock exclusively (`lock`): every write of the account holds it shared from its
 * `intake_search` change to its commit, so a write is either committed before the count (and
 * counted) or waits and finds the saved row (and adds itself).
 */
export class SearchTotals {
  constructor(private readonly sql: Sql) {}

  /** The remembered total, its `asked_at` renewed when it is over an hour old (what eviction orders by). */
  async find(key: SearchTotalKey): Promise<number | undefined> {
    const row = await this.sql.one<{ total: number }>(
      `WITH touched AS (
         UPDATE search_totals SET asked_at = clock_timestamp()
          WHERE ${KEY} AND asked_at < clock_timestamp() - interval '1 hour')
       SELECT total FROM search_totals WHERE ${KEY}`,
      keyValues(key),
    );
    return row?.total;
  }

  /**
   * Takes the account's lock exclusively for the rest of the transaction, false when writers kept
   * it for LOCK_TRIES × LOCK_RETRY_MS. Tried, not waited for: a waiting exclusive request would
   * queue every new write of the account behind it.
   */
  async lock(accountId: string): Promise<boolean> {
    for (let attempt = 1; ; attempt += 1) {
      const row = await this.sql.one<{ locked: boolean }>(
        `SELECT pg_try_advisory_xact_lock(${LOCK_CLASS}, hashtext($1)) AS locked`,
        [accountId],
      );
      if (row?.locked) return true;
      if (attempt >= LOCK_TRIES) return false;
      await sleep(LOCK_RETRY_MS);
    }
  }

  /** Saves a total counted under `lock`, and lets the account's least recently asked beyond the limit go. */
  async save(key: SearchTotalKey, total: number): Promise<void> {
    await this.sql.query(
      `INSERT INTO search_totals (account_id, scope, pattern, status, folder, client_email, total, asked_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, clock_timestamp())
       ON CONFLICT (account_id, scope, pattern, status, folder, client_email)
       DO UPDATE SET total = EXCLUDED.total, asked_at = EXCLUDED.asked_at`,
      [...keyValues(key), total],
    );
    await this.sql.query(
      `DELETE FROM search_totals WHERE ctid IN (
         SELECT ctid FROM search_totals WHERE account_id = $1 ORDER BY asked_at DESC OFFSET $2)`,
      [key.accountId, SEARCH_TOTALS_PER_ACCOUNT],
    );
  }
}
