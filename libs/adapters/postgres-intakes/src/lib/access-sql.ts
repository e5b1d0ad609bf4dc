import { type AccessContext } from '@intake/domain-accounts';

/**
 * The WHERE clause every intake query starts from: the account always; the mode for API keys;
 * for test keys only the intakes that key created. Parameters are appended to `params`, so the
 * caller cannot forget any of them.
 */
export function accessClause(access: AccessContext, params: unknown[], alias = 'i'): string {
  params.push(access.accountId);
  const clauses = [`${alias}.account_id = $${params.length}`];
  if (access.mode) {
    params.push(access.mode);
    clauses.push(`${alias}.mode = $${params.length}`);
  }
  if (access.createdByKeyId) {
    params.push(access.createdByKeyId);
    clauses.push(`${alias}.created_by_key_id = $${params.length}`);
  }
  return clauses.join(' AND ');
}

/**
 * The read models' scope for what a caller sees (migration 1795002500000, kept in step with
 * accessClause): `*` for a session, `key:<id>` for a test key (its own intakes), else the mode.
 */
export function clientScope(access: AccessContext): string {
  if (access.createdByKeyId) return `key:${access.createdByKeyId}`;
  return access.mode ?? '*';
}

/** A LIKE pattern for "contains `q`", case-insensitive against lower-cased text, wildcards taken literally. */
export function likePattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
