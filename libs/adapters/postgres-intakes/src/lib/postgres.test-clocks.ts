import { Injectable } from '@nestjs/common';
import { type ClockLease, TestClockAdvances, type TestClockRecord, TestClockStore } from '@intake/application-intakes';
import { Sql } from '@intake/postgres';

const COLUMNS = 'id, account_id, name, frozen_time, status, advancing_to, created_at';

/** The test_clocks table for the routes (and the frozen time the per-intake Clock reads). */
@Injectable()
export class PostgresTestClockStore extends TestClockStore {
  constructor(private readonly sql: Sql) {
    super();
  }

  async insert(c: TestClockRecord): Promise<void> {
    await this.sql.query(`INSERT INTO test_clocks (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
      c.id,
      c.account_id,
      c.name,
      c.frozen_time,
      c.status,
      c.advancing_to,
      c.created_at,
    ]);
  }

  get(accountId: string, clockId: string): Promise<TestClockRecord | undefined> {
    return this.sql.one<TestClockRecord>(`SELECT ${COLUMNS} FROM test_clocks WHERE id = $1 AND account_id = $2`, [
      clockId,
      accountId,
    ]);
  }

  getForUpdate(accountId: string, clockId: string): Promise<TestClockRecord | undefined> {
    return this.sql.one<TestClockRecord>(
      `SELECT ${COLUMNS} FROM test_clocks WHERE id = $1 AND account_id = $2 FOR UPDATE`,
      [clockId, accountId],
    );
  }

  list(accountId: string): Promise<TestClockRecord[]> {
    return this.sql.query<TestClockRecord>(
      `SELECT ${COLUMNS} FROM test_clocks WHERE account_id = $1 ORDER BY created_at, id`,
      [accountId],
    );
  }

  async startAdvance(clockId: string, to: Date): Promise<void> {
    await this.sql.query(
      `UPDATE test_clocks SET status = 'advancing', advancing_to = $2, claimed_until = NULL, claimed_by = NULL
        WHERE id = $1`,
      [clockId, to],
    );
  }

  async delete(clockId: string): Promise<void> {
    await this.sql.query(`DELETE FROM test_clocks WHERE id = $1`, [clockId]);
  }

  async intakeIds(clockId: string): Promise<string[]> {
    const rows = await this.sql.query<{ id: string }>(
      `SELECT id FROM intakes WHERE test_clock_id = $1 ORDER BY id COLLATE "C"`,
      [clockId],
    );
    return rows.map((r) => r.id);
  }

  async frozenTime(clockId: string): Promise<Date | undefined> {
    return (await this.sql.one<{ frozen_time: Date }>(`SELECT frozen_time FROM test_clocks WHERE id = $1`, [clockId]))
      ?.frozen_time;
  }
}

/**
 * The test clocks as the scheduler's work: a claim is one statement (the advancing row picked with
 * FOR UPDATE SKIP LOCKED and leased in the same UPDATE); every later write is guarded by the lease.
 */
@Injectable()
export class PostgresTestClockAdvances extends TestClockAdvances {
  constructor(private readonly sql: Sql) {
    super();
  }

  claim(now: Date, lease: ClockLease): Promise<TestClockRecord | undefined> {
    return this.sql.one<TestClockRecord>(
      `WITH free AS (
         SELECT id FROM test_clocks
          WHERE status = 'advancing' AND (claimed_until IS NULL OR claimed_until < $1)
          ORDER BY id
          LIMIT 1
          FOR UPDATE SKIP LOCKED)
       UPDATE test_clocks t SET claimed_until = $2, claimed_by = $3 FROM free WHERE t.id = free.id
       RETURNING ${COLUMNS.split(', ')
         .map((c) => `t.${c}`)
         .join(', ')}`,
      [now, lease.until, lease.worker],
    );
  }

  async releaseClaims(clockId: string): Promise<void> {
    await this.sql.query(
      `UPDATE chases SET claimed_until = NULL, claimed_by = NULL
        WHERE status = 'scheduled' AND claimed_by IS NOT NULL
          AND intake_id IN (SELECT id FROM intakes WHERE test_clock_id = $1)`,
      [clockId],
    );
    await this.sql.query(
      `UPDATE owner_notifications SET claimed_until = NULL, claimed_by = NULL
        WHERE status = 'pending' AND claimed_by IS NOT NULL
          AND intake_id IN (SELECT id FROM intakes WHERE test_clock_id = $1)`,
      [clockId],
    );
  }

  async moveTo(clockId: string, worker: string, to: Date, until: Date): Promise<boolean> {
    const rows = await this.sql.query(
      `UPDATE test_clocks SET frozen_time = $3, claimed_until = $4
        WHERE id = $1 AND claimed_by = $2 AND status = 'advancing' AND $3 <= advancing_to
        RETURNING id`,
      [clockId, worker, to, until],
    );
    return rows.length === 1;
  }

  async finish(clockId: string, worker: string): Promise<boolean> {
    const rows = await this.sql.query(
      `UPDATE test_clocks SET status = 'ready', advancing_to = NULL, claimed_until = NULL, claimed_by = NULL
        WHERE id = $1 AND claimed_by = $2 AND status = 'advancing' AND frozen_time = advancing_to
        RETURNING id`,
      [clockId, worker],
    );
    return rows.length === 1;
  }

  async release(clockId: string, worker: string): Promise<void> {
    await this.sql.query(
      `UPDATE test_clocks SET claimed_until = NULL, claimed_by = NULL WHERE id = $1 AND claimed_by = $2`,
      [clockId, worker],
    );
  }

  async nextDue(clockId: string, after: Date): Promise<Date | undefined> {
    const row = await this.sql.one<{ at: Date | null }>(
      `WITH clocked AS (SELECT id FROM intakes WHERE test_clock_id = $1)
       SELECT min(at) AS at FROM (
         SELECT min(c.scheduled_at) AS at FROM chases c
          WHERE c.intake_id IN (SELECT id FROM clocked) AND c.status = 'scheduled' AND c.scheduled_at > $2
         UNION ALL
         SELECT min(o.due_at) FROM owner_notifications o
          WHERE o.intake_id IN (SELECT id FROM clocked) AND o.status = 'pending' AND o.due_at > $2
         UNION ALL
         SELECT min(i.overdue_at) FROM intakes i
          WHERE i.test_clock_id = $1 AND i.overdue_notified_at IS NULL AND i.overdue_at > $2
            AND i.status IN ('sent', 'in_progress')
         UNION ALL
         SELECT min(i.purge_at) FROM intakes i
          WHERE i.test_clock_id = $1 AND i.purge_at > $2 AND (i.purged_at IS NULL OR i.purged_at < i.purge_at)
       ) due`,
      [clockId, after],
    );
    return row?.at ?? undefined;
  }
}
