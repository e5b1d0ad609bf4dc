import { Injectable } from '@nestjs/common';
import { ApiKeyRecord, ApiKeyStore } from '@intake/application-accounts';
import { PlanId } from '@intake/domain-accounts';
import { Sql } from '@intake/postgres';

const COLUMNS = `id, account_id, name, mode, scopes, token_hash, prefix, last4, created_by_user_id, created_at, last_used_at, revoked_at`;
/** Record use of a key at most this often (a write per request would be waste). */
const TOUCH_EVERY_MS = 60_000;

@Injectable()
export class PostgresApiKeyStore extends ApiKeyStore {
  constructor(private readonly sql: Sql) {
    super();
  }

  async create(k: ApiKeyRecord): Promise<void> {
    await this.sql.query(
      `INSERT INTO api_keys (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        k.id,
        k.account_id,
        k.name,
        k.mode,
        k.scopes,
        k.token_hash,
        k.prefix,
        k.last4,
        k.created_by_user_id,
        k.created_at,
        k.last_used_at,
        k.revoked_at,
      ],
    );
  }

  list(accountId: string): Promise<ApiKeyRecord[]> {
    return this.sql.query<ApiKeyRecord>(
      `SELECT ${COLUMNS} FROM api_keys WHERE account_id = $1 ORDER BY created_at DESC, id DESC`,
      [accountId],
    );
  }

  get(accountId: string, keyId: string): Promise<ApiKeyRecord | undefined> {
    return this.sql.one<ApiKeyRecord>(`SELECT ${COLUMNS} FROM api_keys WHERE account_id = $1 AND id = $2`, [
      accountId,
      keyId,
    ]);
  }

  findByTokenHash(tokenHash: Buffer): Promise<(ApiKeyRecord & { plan: PlanId }) | undefined> {
    return this.sql.one<ApiKeyRecord & { plan: PlanId }>(
      `SELECT ${COLUMNS.split(', ')
        .map((c) => `k.${c}`)
        .join(', ')}, a.plan
         FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE k.token_hash = $1`,
      [tokenHash],
    );
  }

  async revoke(accountId: string, keyId: string, now: Date): Promise<boolean> {
    const rows = await this.sql.query(
      `UPDATE api_keys SET revoked_at = $3 WHERE account_id = $1 AND id = $2 AND revoked_at IS NULL RETURNING id`,
      [accountId, keyId, now],
    );
    return rows.length === 1;
  }

  async touch(keyId: string, now: Date): Promise<void> {
    await this.sql.query(
      `UPDATE api_keys SET last_used_at = $2 WHERE id = $1 AND (last_used_at IS NULL OR last_used_at <= $3)`,
      [keyId, now, new Date(now.getTime() - TOUCH_EVERY_MS)],
    );
  }
}
