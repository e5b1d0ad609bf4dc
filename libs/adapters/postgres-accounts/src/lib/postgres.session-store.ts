import { Injectable } from '@nestjs/common';
import { SessionRecord, SessionStore, UserRecord } from '@intake/application-accounts';
import { PlanId } from '@intake/domain-accounts';
import { Sql } from '@intake/postgres';

@Injectable()
export class PostgresSessionStore extends SessionStore {
  constructor(private readonly sql: Sql) {
    super();
  }

  async create(s: SessionRecord): Promise<void> {
    await this.sql.query(
      `INSERT INTO sessions (token_hash, user_id, account_id, created_at, expires_at, revoked_at) VALUES ($1, $2, $3, $4, $5, $6)`,
      [s.token_hash, s.user_id, s.account_id, s.created_at, s.expires_at, s.revoked_at],
    );
  }

  async findActive(
    tokenHash: Buffer,
    now: Date,
  ): Promise<{ session: SessionRecord; user: UserRecord; plan: PlanId } | undefined> {
    const row = await this.sql.one<Record<string, unknown>>(
      `SELECT s.token_hash, s.user_id, s.account_id, s.created_at AS s_created_at, s.expires_at, s.revoked_at,
              u.email, u.name, u.role, u.password_hash, u.created_at AS u_created_at, a.plan
         FROM sessions s JOIN users u ON u.id = s.user_id JOIN accounts a ON a.id = s.account_id
        WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > $2`,
      [tokenHash, now],
    );
    if (!row) return undefined;
    return {
      plan: row['plan'] as PlanId,
      session: {
        token_hash: row['token_hash'] as Buffer,
        user_id: row['user_id'] as string,
        account_id: row['account_id'] as string,
        created_at: row['s_created_at'] as Date,
        expires_at: row['expires_at'] as Date,
        revoked_at: null,
      },
      user: {
        id: row['user_id'] as string,
        account_id: row['account_id'] as string,
        email: row['email'] as string,
        name: row['name'] as string,
        role: row['role'] as UserRecord['role'],
        password_hash: row['password_hash'] as string,
        created_at: row['u_created_at'] as Date,
      },
    };
  }

  async revoke(tokenHash: Buffer, now: Date): Promise<void> {
    await this.sql.query(`UPDATE sessions SET revoked_at = $2 WHERE token_hash = $1 AND revoked_at IS NULL`, [
      tokenHash,
      now,
    ]);
  }

  async revokeAllOfUser(userId: string, now: Date): Promise<void> {
    await this.sql.query(`UPDATE sessions SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL`, [
      userId,
      now,
    ]);
  }
}
