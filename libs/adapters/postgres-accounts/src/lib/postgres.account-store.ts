import { Injectable } from '@nestjs/common';
import { AccountPatch, AccountRecord, AccountStore, InvitationRecord, UserRecord } from '@intake/application-accounts';
import { isUniqueViolation, Sql } from '@intake/postgres';

const ACCOUNT_COLUMNS = `id, name, plan, default_language, default_timezone, sender_name, branding,
  notify_on_completed, notify_on_stalled, notify_on_overdue, notify_on_bounced, notify_members, send_thank_you,
  storage_bytes_used::float8 AS storage_bytes_used, created_at, updated_at`;
const USER_COLUMNS = `id, account_id, email, name, role, password_hash, created_at`;

/** A jsonb parameter: written as JSON text (the driver would write an array as a PostgreSQL array). */
const jsonOrNull = (value: unknown): string | null =>
  value === null || value === undefined ? null : JSON.stringify(value);

@Injectable()
export class PostgresAccountStore extends AccountStore {
  constructor(private readonly sql: Sql) {
    super();
  }

  async createAccount(a: AccountRecord): Promise<void> {
    await this.sql.query(
      `INSERT INTO accounts (id, name, plan, default_language, default_timezone, sender_name, storage_bytes_used, created_at, updated_at,
         notify_on_completed, notify_on_stalled, notify_on_overdue, notify_on_bounced, notify_members, send_thank_you, branding)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
      [
        a.id,
        a.name,
        a.plan,
        a.default_language,
        a.default_timezone,
        a.sender_name,
        a.storage_bytes_used,
        a.created_at,
        a.updated_at,
        a.notify_on_completed,
        a.notify_on_stalled,
        a.notify_on_overdue,
        a.notify_on_bounced,
        a.notify_members,
        a.send_thank_you,
        jsonOrNull(a.branding),
      ],
    );
  }

  getAccount(accountId: string): Promise<AccountRecord | undefined> {
    return this.sql.one<AccountRecord>(`SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE id = $1`, [accountId]);
  }

  async updateAccount(accountId: string, patch: AccountPatch, now: Date): Promise<AccountRecord> {
    const sets: string[] = [];
    const params: unknown[] = [accountId, now];
    for (const [column, value] of Object.entries(patch)) {
      if (value === undefined) continue;
      params.push(column === 'branding' ? jsonOrNull(value) : value);
      sets.push(`${column} = $${params.length}`);
    }
    const row = await this.sql.one<AccountRecord>(
      `UPDATE accounts SET ${[...sets, 'updated_at = $2'].join(', ')} WHERE id = $1 RETURNING ${ACCOUNT_COLUMNS}`,
      params,
    );
    if (!row) throw new Error(`account ${accountId} vanished during an update`);
    return row;
  }

  async createUser(u: UserRecord): Promise<boolean> {
    try {
      // A savepoint, so that a taken e-mail does not abort the surrounding transaction.
      await this.sql.query('SAVEPOINT create_user');
      await this.sql.query(
        `INSERT INTO users (id, account_id, email, name, role, password_hash, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [u.id, u.account_id, u.email, u.name, u.role, u.password_hash, u.created_at],
      );
      await this.sql.query('RELEASE SAVEPOINT create_user');
      return true;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      await this.sql.query('ROLLBACK TO SAVEPOINT create_user');
      return false;
    }
  }

  findUserByEmail(email: string): Promise<UserRecord | undefined> {
    return this.sql.one<UserRecord>(`SELECT ${USER_COLUMNS} FROM users WHERE lower(email) = lower($1)`, [email]);
  }

  getUser(accountId: string, userId: string): Promise<UserRecord | undefined> {
    return this.sql.one<UserRecord>(`SELECT ${USER_COLUMNS} FROM users WHERE account_id = $1 AND id = $2`, [
      accountId,
      userId,
    ]);
  }

  getAccounts(accountIds: readonly string[]): Promise<AccountRecord[]> {
    return this.sql.query<AccountRecord>(
      `SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE id = ANY($1::text[]) ORDER BY id COLLATE "C"`,
      [[...accountIds]],
    );
  }

  ownersOf(accountIds: readonly string[]): Promise<UserRecord[]> {
    return this.sql.query<UserRecord>(
      `SELECT DISTINCT ON (account_id COLLATE "C") ${USER_COLUMNS} FROM users
        WHERE account_id = ANY($1::text[]) AND role = 'owner'
        ORDER BY account_id COLLATE "C", created_at, id`,
      [[...accountIds]],
    );
  }

  listUsers(accountId: string): Promise<UserRecord[]> {
    return this.sql.query<UserRecord>(
      `SELECT ${USER_COLUMNS} FROM users WHERE account_id = $1 ORDER BY created_at, id`,
      [accountId],
    );
  }

  async deleteUser(accountId: string, userId: string): Promise<boolean> {
    const rows = await this.sql.query(`DELETE FROM users WHERE account_id = $1 AND id = $2 RETURNING id`, [
      accountId,
      userId,
    ]);
    return rows.length === 1;
  }

  async createInvitation(i: InvitationRecord): Promise<void> {
    await this.sql.query(
      `INSERT INTO invitations (id, account_id, email, name, token_hash, invited_by, created_at, expires_at, accepted_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [i.id, i.account_id, i.email, i.name, i.token_hash, i.invited_by, i.created_at, i.expires_at, i.accepted_at],
    );
  }

  findInvitation(tokenHash: Buffer): Promise<InvitationRecord | undefined> {
    return this.sql.one<InvitationRecord>(`SELECT * FROM invitations WHERE token_hash = $1`, [tokenHash]);
  }

  async acceptInvitation(invitationId: string, now: Date): Promise<boolean> {
    const rows = await this.sql.query(
      `UPDATE invitations SET accepted_at = $2 WHERE id = $1 AND accepted_at IS NULL AND expires_at > $2 RETURNING id`,
      [invitationId, now],
    );
    return rows.length === 1;
  }
}
