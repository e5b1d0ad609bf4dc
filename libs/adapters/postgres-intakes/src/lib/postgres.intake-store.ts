import { Injectable } from '@nestjs/common';
import {
  IdempotencyClaim,
  IdempotencyStore,
  IntakeStore,
  ListFilter,
  listScope,
  ListIntake,
  ListRow,
} from '@intake/application-intakes';
import { AccessContext } from '@intake/domain-accounts';
import { UnitOfWork } from '@intake/kernel';
import { Sql } from '@intake/postgres';
import { accessClause } from './access-sql';
import { filterClauses, IntakeSearch } from './intake-search';
import { type IntakeRecord, type ItemRecord } from '@intake/domain-intake';

/** Every intake column, with the date read as text (node-pg would shift a `date` into local time). */
const INTAKE_COLUMNS = `i.id, i.account_id, i.mode, i.created_by_key_id, i.created_by_user_id, i.slug, i.project_name, i.status,
  i.client_email, i.client_name, i.client_phone, i.client_language, i.client_timezone, i.client_bounced_at, i.client_temporary_bounces,
  i.also_notify,
  i.email_copy, i.branding, i.folder_id, i.chase_schedule, i.chase_interval_minutes, i.respect_quiet_hours, i.send_thank_you,
  i.max_reminders, i.chase_at_time, i.due_date::text AS due_date, i.retention_mode, i.retention_days, i.retention_anonymize, i.client_note,
  i.owner_note, i.client_brief, i.created_at, i.sent_at, i.completed_at, i.delivered_at, i.anonymized_at, i.client_last_seen,
  i.stalled_at, i.purge_at, i.overdue_at, i.test_clock_id, i.version`;

/** The list object's columns: a page of 20 reads 7 columns a row, not 40. */
const LIST_COLUMNS = `i.id, i.slug, i.project_name, i.status, i.mode, i.client_email, i.client_name, i.created_at`;

/** Columns written by insert and update, in order (id first). */
const WRITABLE = [
  'id',
  'account_id',
  'mode',
  'created_by_key_id',
  'created_by_user_id',
  'slug',
  'project_name',
  'status',
  'client_email',
  'client_name',
  'client_phone',
  'client_language',
  'client_timezone',
  'client_bounced_at',
  'client_temporary_bounces',
  'also_notify',
  'email_copy',
  'branding',
  'folder_id',
  'chase_schedule',
  'chase_interval_minutes',
  'respect_quiet_hours',
  'send_thank_you',
  'max_reminders',
  'chase_at_time',
  'due_date',
  'retention_mode',
  'retention_days',
  'retention_anonymize',
  'client_note',
  'owner_note',
  'client_brief',
  'created_at',
  'sent_at',
  'completed_at',
  'delivered_at',
  'anonymized_at',
  'client_last_seen',
  'stalled_at',
  'purge_at',
  'overdue_at',
  'test_clock_id',
] as const satisfies ReadonlyArray<keyof IntakeRecord>;

const JSON_COLUMNS = new Set(['also_notify', 'email_copy', 'branding']);

const ITEM_COLUMNS = [
  'intake_id',
  'key',
  'position',
  'type',
  'label',
  'help',
  'required',
  'assignee',
  'constraints',
  'schema',
  'options',
  'pattern',
  'proposed',
  'status',
  'value',
  'submitted_at',
  'approved_at',
  'revision_note',
  'revision_count',
  'waiver',
  'client_note',
  'owner_note',
  'received_outside',
  'received_outside_note',
  'decided_by',
] as const satisfies ReadonlyArray<keyof ItemRecord>;

const ITEM_JSON = new Set(['constraints', 'schema', 'options', 'proposed', 'value', 'waiver']);

function intakeValues(intake: IntakeRecord): unknown[] {
  return WRITABLE.map((column) =>
    JSON_COLUMNS.has(column) && intake[column] !== null ? JSON.stringify(intake[column]) : intake[column],
  );
}

function itemValues(item: ItemRecord): unknown[] {
  return ITEM_COLUMNS.map((column) =>
    ITEM_JSON.has(column) && item[column] !== null && item[column] !== undefined
      ? JSON.stringify(item[column])
      : (item[column] ?? null),
  );
}

/** Waiver timestamps come back from jsonb as strings. */
function reviveItem(row: ItemRecord): ItemRecord {
  const w = row.waiver;
  return {
    ...row,
    waiver: {
      ...w,
      requested_at: w.requested_at ? new Date(w.requested_at) : null,
      decided_at: w.decided_at ? new Date(w.decided_at) : null,
    },
  };
}

function reviveIntake(row: IntakeRecord): IntakeRecord {
  return {
    ...row,
    also_notify: row.also_notify.map((r) => ({ ...r, bounced_at: r.bounced_at ? new Date(r.bounced_at) : null })),
  };
}

@Injectable()
export class PostgresIntakeStore extends IntakeStore {
  private readonly search: IntakeSearch;

  constructor(
    private readonly sql: Sql,
    uow: UnitOfWork,
  ) {
    super();
    this.search = new IntakeSearch(sql, uow);
  }

  async insert(intake: IntakeRecord, items: ItemRecord[]): Promise<void> {
    const placeholders = WRITABLE.map((_, i) => `$${i + 1}`).join(', ');
    await this.sql.query(`INSERT INTO intakes (${WRITABLE.join(', ')}) VALUES (${placeholders})`, intakeValues(intake));
    await this.saveItems(intake.id, items);
  }

  async get(access: AccessContext, intakeId: string): Promise<IntakeRecord | undefined> {
    const params: unknown[] = [intakeId];
    const row = await this.sql.one<IntakeRecord>(
      `SELECT ${INTAKE_COLUMNS} FROM intakes i WHERE i.id = $1 AND ${accessClause(access, params)}`,
      params,
    );
    return row && reviveIntake(row);
  }

  async getForUpdate(access: AccessContext, intakeId: string): Promise<IntakeRecord | undefined> {
    const params: unknown[] = [intakeId];
    const row = await this.sql.one<IntakeRecord>(
      `SELECT ${INTAKE_COLUMNS} FROM intakes i WHERE i.id = $1 AND ${accessClause(access, params)} FOR UPDATE`,
      params,
    );
    return row && reviveIntake(row);
  }

  async getBySlug(slug: string): Promise<IntakeRecord | undefined> {
    const row = await this.sql.one<IntakeRecord>(
      `SELECT ${INTAKE_COLUMNS} FROM intakes i WHERE i.slug = $1 AND i.status <> 'draft'`,
      [slug],
    );
    return row && reviveIntake(row);
  }

  async getForUpdateBySlug(slug: string): Promise<IntakeRecord | undefined> {
    const row = await this.sql.one<IntakeRecord>(
      `SELECT ${INTAKE_COLUMNS} FROM intakes i WHERE i.slug = $1 AND i.status <> 'draft' FOR UPDATE`,
      [slug],
    );
    return row && reviveIntake(row);
  }

  async markSeen(intakeId: string, now: Date): Promise<Date | null> {
    const row = await this.sql.one<{ previous: Date | null }>(
      `UPDATE intakes i SET client_last_seen = $2
         FROM (SELECT id, client_last_seen AS previous FROM intakes WHERE id = $1 FOR UPDATE) p
        WHERE i.id = p.id RETURNING p.previous`,
      [intakeId, now],
    );
    return row?.previous ?? null;
  }

  async items(intakeId: string): Promise<ItemRecord[]> {
    const rows = await this.sql.query<ItemRecord>(
      `SELECT ${ITEM_COLUMNS.join(', ')} FROM items WHERE intake_id = $1 ORDER BY position`,
      [intakeId],
    );
    return rows.map(reviveItem);
  }

  async list(
    caller: AccessContext,
    filter: ListFilter,
    limit: number,
    offset: number,
  ): Promise<{ rows: ListRow[]; total: number }> {
    const scope = listScope(caller, filter);
    if (!scope) return { rows: [], total: 0 };
    const access = scope;
    const withoutQ = () => this.listWithoutQ(access, filter, limit, offset);
    const { intakes, total } = filter.q
      ? await this.search.page(access, { ...filter, q: filter.q }, limit, offset, LIST_COLUMNS, withoutQ)
      : await withoutQ();
    const ids = intakes.map((i) => i.id);
    const items = ids.length
      ? await this.sql.query<Pick<ItemRecord, 'intake_id' | 'key' | 'assignee' | 'required' | 'status'>>(
          `SELECT intake_id, key, assignee, required, status FROM items WHERE intake_id = ANY($1) ORDER BY position`,
          [ids],
        )
      : [];
    const byIntake = new Map<string, ListRow['items']>();
    for (const item of items) byIntake.set(item.intake_id, [...(byIntake.get(item.intake_id) ?? []), item]);
    return {
      rows: intakes.map((intake) => ({ intake, items: byIntake.get(intake.id) ?? [] })),
      total,
    };
  }

  /** The list without `q`: the intakes in list order, the total from the counts (or counted, by client e-mail). */
  private async listWithoutQ(
    access: AccessContext,
    filter: ListFilter,
    limit: number,
    offset: number,
  ): Promise<{ intakes: ListIntake[]; total: number }> {
    const params: unknown[] = [];
    const clause = [accessClause(access, params, 'i'), ...filterClauses(filter, params)].join(' AND ');
    const [intakes, total] = await Promise.all([
      this.sql.query<ListIntake>(
        `SELECT ${LIST_COLUMNS} FROM intakes i WHERE ${clause} ORDER BY i.created_at DESC, i.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, limit, offset],
      ),
      filter.clientEmail ? this.count('intakes i', clause, params) : this.countFromCounts(access, filter),
    ]);
    return { intakes, total };
  }

  /** A total counted over the matching rows (client e-mail). */
  private async count(source: string, clause: string, params: unknown[]): Promise<number> {
    return (
      (await this.sql.one<{ total: number }>(`SELECT count(*)::int AS total FROM ${source} WHERE ${clause}`, params))
        ?.total ?? 0
    );
  }

  /** The list's total from the trigger-maintained counts (no `q`, no client e-mail). */
  private async countFromCounts(access: AccessContext, filter: ListFilter): Promise<number> {
    const countParams: unknown[] = [];
    const where = [accessClause(access, countParams, 'c')];
    if (filter.status) {
      countParams.push(filter.status);
      where.push(`c.status = $${countParams.length}`);
    }
    if (filter.folderId) {
      countParams.push(filter.folderId === 'none' ? '' : filter.folderId);
      where.push(`c.folder_id = $${countParams.length}`);
    }
    const row = await this.sql.one<{ total: number }>(
      `SELECT coalesce(sum(n), 0)::int AS total FROM intake_counts c WHERE ${where.join(' AND ')}`,
      countParams,
    );
    return row?.total ?? 0;
  }

  async update(intake: IntakeRecord): Promise<boolean> {
    const values = intakeValues(intake);
    const sets = WRITABLE.slice(1).map((column, i) => `${column} = $${i + 2}`);
    const rows = await this.sql.query(
      `UPDATE intakes SET ${sets.join(', ')}, version = version + 1 WHERE id = $1 AND version = $${values.length + 1} RETURNING id`,
      [...values, intake.version],
    );
    return rows.length === 1;
  }

  async saveItems(intakeId: string, items: ItemRecord[]): Promise<void> {
    for (const item of items) {
      const placeholders = ITEM_COLUMNS.map((_, i) => `$${i + 1}`).join(', ');
      const updates = ITEM_COLUMNS.filter((c) => c !== 'intake_id' && c !== 'key').map((c) => `${c} = EXCLUDED.${c}`);
      // A new answer to a secret item (a new sealed value) can be released again: the markers of
      // the old one's release or purge go (ItemSecrets, issue #14).
      for (const marker of ['secret_released_at', 'secret_purged_at']) {
        updates.push(
          `${marker} = CASE WHEN EXCLUDED.value IS NOT NULL AND EXCLUDED.value IS DISTINCT FROM items.value THEN NULL ELSE items.${marker} END`,
        );
      }
      await this.sql.query(
        `INSERT INTO items (${ITEM_COLUMNS.join(', ')}) VALUES (${placeholders}) ON CONFLICT (intake_id, key) DO UPDATE SET ${updates.join(', ')}`,
        itemValues({ ...item, intake_id: intakeId }),
      );
    }
  }

  async delete(access: AccessContext, intakeId: string): Promise<boolean> {
    const params: unknown[] = [intakeId];
    const rows = await this.sql.query(
      `DELETE FROM intakes i WHERE i.id = $1 AND ${accessClause(access, params)} RETURNING i.id`,
      params,
    );
    return rows.length === 1;
  }

  async countCreated(accountId: string, period: string): Promise<number> {
    const row = await this.sql.one<{ intakes_created: number }>(
      `INSERT INTO usage_counters (account_id, period, intakes_created) VALUES ($1, $2, 1)
       ON CONFLICT (account_id, period) DO UPDATE SET intakes_created = usage_counters.intakes_created + 1
       RETURNING intakes_created`,
      [accountId, period],
    );
    return row?.intakes_created ?? 1;
  }

  async getMany(intakeIds: readonly string[]): Promise<IntakeRecord[]> {
    const rows = await this.sql.query<IntakeRecord>(
      `SELECT ${INTAKE_COLUMNS} FROM intakes i WHERE i.id = ANY($1::text[]) ORDER BY i.id COLLATE "C"`,
      [[...intakeIds]],
    );
    return rows.map(reviveIntake);
  }

  async getManyForUpdate(intakeIds: readonly string[]): Promise<IntakeRecord[]> {
    const rows = await this.sql.query<IntakeRecord>(
      `SELECT ${INTAKE_COLUMNS} FROM intakes i WHERE i.id = ANY($1::text[]) ORDER BY i.id COLLATE "C" FOR UPDATE`,
      [[...intakeIds]],
    );
    return rows.map(reviveIntake);
  }

  async itemsOfMany(intakeIds: readonly string[]): Promise<ItemRecord[]> {
    const rows = await this.sql.query<ItemRecord>(
      `SELECT ${ITEM_COLUMNS.join(', ')} FROM items WHERE intake_id = ANY($1::text[]) ORDER BY intake_id COLLATE "C", position`,
      [[...intakeIds]],
    );
    return rows.map(reviveItem);
  }
}

@Injectable()
export class PostgresIdempotencyStore extends IdempotencyStore {
  constructor(private readonly sql: Sql) {
    super();
  }

  find(accountId: string, key: string, now: Date): Promise<IdempotencyClaim | undefined> {
    return this.sql.one<IdempotencyClaim>(
      `SELECT request_hash, intake_id FROM idempotency_keys WHERE account_id = $1 AND key = $2 AND expires_at > $3`,
      [accountId, key, now],
    );
  }

  async claim(accountId: string, key: string, claim: IdempotencyClaim, now: Date, expiresAt: Date): Promise<boolean> {
    // The primary key makes concurrent duplicates wait for and then lose to the first; an
    // expired claim is taken over.
    const rows = await this.sql.query(
      `INSERT INTO idempotency_keys (account_id, key, request_hash, intake_id, expires_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (account_id, key) DO UPDATE SET request_hash = EXCLUDED.request_hash, intake_id = EXCLUDED.intake_id,
         expires_at = EXCLUDED.expires_at
       WHERE idempotency_keys.expires_at <= $6
       RETURNING key`,
      [accountId, key, claim.request_hash, claim.intake_id, expiresAt, now],
    );
    return rows.length === 1;
  }
}
