import { type DataSource } from 'typeorm';
import { Sql } from './postgres.unit-of-work';

/** What re-keying needs of the SecretBox adapter (`AesGcmSecretBox` of @intake/secret-box). */
export interface Resealer {
  /** The value is in the first release's form or sealed under a key other than the current one. */
  isStale(sealed: string): boolean;
  /** The same plain text sealed under the current key. */
  reseal(sealed: string): string;
}

/** Every column that holds sealed values: the table, its key columns and the sealed text as SQL. */
const SEALED_COLUMNS = [
  {
    table: 'webhook_endpoints',
    keys: ['id'],
    read: `secret_sealed`,
    write: (p: number) => `secret_sealed = $${p}`,
    where: 'true',
  },
  {
    table: 'items',
    keys: ['intake_id', 'key'],
    read: `value ->> 'sealed'`,
    write: (p: number) => `value = jsonb_build_object('sealed', $${p}::text)`,
    where: `type = 'secret' AND value IS NOT NULL`,
  },
] as const;

const BATCH = 500;

/**
 * `npm run secrets:rekey`: seals every stored secret that is not under SECRETS_KEY's key (older
 * keys from SECRETS_KEYS, or the first release's `v1.` form) again under it, so an old key can
 * then be dropped from SECRETS_KEYS. Each value is replaced only if it is still the one read (a
 * value released, purged or answered anew meanwhile is left alone); safe to run while the apps
 * run, and again. Returns how many values of each table were re-sealed.
 */
export async function rekeySecrets(dataSource: DataSource, box: Resealer): Promise<Record<string, number>> {
  const sql = new Sql(dataSource);
  const counts: Record<string, number> = {};
  for (const column of SEALED_COLUMNS) {
    let resealed = 0;
    const keyList = column.keys.join(', ');
    let after: unknown[] | undefined;
    for (;;) {
      const params: unknown[] = [];
      let page = column.where;
      if (after) {
        params.push(...after);
        page += ` AND (${keyList}) > (${column.keys.map((_, i) => `$${i + 1}`).join(', ')})`;
      }
      const rows = await sql.query<Record<string, string>>(
        `SELECT ${keyList}, ${column.read} AS sealed FROM ${column.table} WHERE ${page} ORDER BY ${keyList} LIMIT ${BATCH}`,
        params,
      );
      for (const row of rows) {
        const sealed = row['sealed'];
        if (!sealed || !box.isStale(sealed)) continue;
        const keyValues = column.keys.map((k) => row[k]);
        const n = keyValues.length;
        const updated = await sql.query(
          `UPDATE ${column.table} SET ${column.write(n + 2)}
            WHERE (${keyList}) = (${column.keys.map((_, i) => `$${i + 1}`).join(', ')}) AND ${column.read} = $${n + 1}
        RETURNING 1`,
          [...keyValues, sealed, box.reseal(sealed)],
        );
        resealed += updated.length;
      }
      if (rows.length < BATCH) break;
      const last = rows[rows.length - 1] as Record<string, string>;
      after = column.keys.map((k) => last[k]);
    }
    counts[column.table] = resealed;
  }
  return counts;
}
