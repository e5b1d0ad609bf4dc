import {
  ClientDirectory,
  type ClientView,
  type FolderRecord,
  FolderStore,
  type FolderWithCount,
  type IdempotencyClaim,
  IdempotencyStore,
  IntakeStore,
  type ListFilter,
  listScope,
  type ListRow,
  type TemplateRecord,
  TemplateStore,
} from '@intake/application-intakes';
import { type AccessContext } from '@intake/domain-accounts';
import { containsText, type InMemoryDatabase, newestFirst, visibleTo } from './database';
import { copy } from './unit-of-work';
import { type IntakeRecord, type ItemRecord } from '@intake/domain-intake';

/** Intakes and their items in memory, with the Postgres store's semantics (chases: InMemoryChaseStore). */
export class InMemoryIntakeStore extends IntakeStore {
  constructor(private readonly db: InMemoryDatabase) {
    super();
  }

  async insert(intake: IntakeRecord, items: ItemRecord[]): Promise<void> {
    if (this.db.intakes.rows.some((i) => i.id === intake.id || i.slug === intake.slug)) {
      throw new Error(`duplicate intake ${intake.id}`);
    }
    this.db.intakes.rows.push(copy(intake));
    await this.saveItems(intake.id, items);
  }

  async get(access: AccessContext, intakeId: string): Promise<IntakeRecord | undefined> {
    return copy(this.db.intakes.rows.find((i) => i.id === intakeId && visibleTo(access)(i)));
  }

  getForUpdate(access: AccessContext, intakeId: string): Promise<IntakeRecord | undefined> {
    return this.get(access, intakeId);
  }

  async getBySlug(slug: string): Promise<IntakeRecord | undefined> {
    return copy(this.db.intakes.rows.find((i) => i.slug === slug && i.status !== 'draft'));
  }

  getForUpdateBySlug(slug: string): Promise<IntakeRecord | undefined> {
    return this.getBySlug(slug);
  }

  async markSeen(intakeId: string, now: Date): Promise<Date | null> {
    const intake = this.db.intakes.rows.find((i) => i.id === intakeId);
    if (!intake) return null;
    const previous = intake.client_last_seen;
    intake.client_last_seen = new Date(now);
    return previous;
  }

  async items(intakeId: string): Promise<ItemRecord[]> {
    return copy(this.db.items.rows.filter((i) => i.intake_id === intakeId).sort((a, b) => a.position - b.position));
  }

  async list(
    caller: AccessContext,
    filter: ListFilter,
    limit: number,
    offset: number,
  ): Promise<{ rows: ListRow[]; total: number }> {
    const access = listScope(caller, filter);
    if (!access) return { rows: [], total: 0 };
    const matching = this.db.intakes.rows
      .filter(visibleTo(access))
      .filter((i) => !filter.status || i.status === filter.status)
      .filter((i) => !filter.clientEmail || i.client_email.toLowerCase() === filter.clientEmail.toLowerCase())
      .filter((i) =>
        filter.folderId === 'none' ? i.folder_id === null : !filter.folderId || i.folder_id === filter.folderId,
      )
      .filter(
        (i) =>
          !filter.q ||
          [i.project_name, i.client_name, i.client_email].some((text) => containsText(text, filter.q ?? '')),
      )
      .sort(newestFirst);
    const rows = matching.slice(offset, offset + limit).map((i) => ({
      intake: {
        id: i.id,
        slug: i.slug,
        project_name: i.project_name,
        status: i.status,
        mode: i.mode,
        client_email: i.client_email,
        client_name: i.client_name,
        created_at: new Date(i.created_at),
      },
      items: this.db.items.rows
        .filter((item) => item.intake_id === i.id)
        .sort((a, b) => a.position - b.position)
        .map(({ key, assignee, required, status }) => ({ key, assignee, required, status })),
    }));
    return { rows, total: matching.length };
  }

  async update(intake: IntakeRecord): Promise<boolean> {
    const index = this.db.intakes.rows.findIndex((i) => i.id === intake.id && i.version === intake.version);
    if (index < 0) return false;
    this.db.intakes.rows[index] = { ...copy(intake), version: intake.version + 1 };
    return true;
  }

  async saveItems(intakeId: string, items: ItemRecord[]): Promise<void> {
    for (const item of items) {
      const row = { ...copy(item), intake_id: intakeId };
      const index = this.db.items.rows.findIndex((i) => i.intake_id === intakeId && i.key === item.key);
      const before = index < 0 ? undefined : this.db.items.rows[index];
      if (row.value !== null && JSON.stringify(row.value) !== JSON.stringify(before?.value ?? null)) {
        // A new answer: the old one's release or purge markers go (as the Postgres upsert does).
        this.db.itemSecrets.rows = this.db.itemSecrets.rows.filter(
          (s) => !(s.intake_id === intakeId && s.key === item.key),
        );
      }
      if (index < 0) this.db.items.rows.push(row);
      else this.db.items.rows[index] = row;
    }
  }

  async delete(access: AccessContext, intakeId: string): Promise<boolean> {
    if (!(await this.get(access, intakeId))) return false;
    this.db.deleteIntake(intakeId);
    return true;
  }

  async countCreated(accountId: string, period: string): Promise<number> {
    const usage = this.db.usageOf(accountId, period);
    usage.intakes_created += 1;
    return usage.intakes_created;
  }

  async getMany(intakeIds: readonly string[]): Promise<IntakeRecord[]> {
    return copy(this.db.intakes.rows.filter((i) => intakeIds.includes(i.id)).sort((a, b) => byId(a.id, b.id)));
  }

  getManyForUpdate(intakeIds: readonly string[]): Promise<IntakeRecord[]> {
    return this.getMany(intakeIds);
  }

  async itemsOfMany(intakeIds: readonly string[]): Promise<ItemRecord[]> {
    return copy(
      this.db.items.rows
        .filter((i) => intakeIds.includes(i.intake_id))
        .sort((a, b) => byId(a.intake_id, b.intake_id) || a.position - b.position),
    );
  }
}

/** Ids in code-unit order, as PostgreSQL's "C" collation has them. */
const byId = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Idempotency-Key claims in memory: a live claim wins; an expired one is taken over. */
export class InMemoryIdempotencyStore extends IdempotencyStore {
  constructor(private readonly db: InMemoryDatabase) {
    super();
  }

  async find(accountId: string, key: string, now: Date): Promise<IdempotencyClaim | undefined> {
    const row = this.db.idempotency.rows.find(
      (r) => r.account_id === accountId && r.key === key && r.expires_at.getTime() > now.getTime(),
    );
    return row && { request_hash: row.request_hash, intake_id: row.intake_id };
  }

  async claim(accountId: string, key: string, claim: IdempotencyClaim, now: Date, expiresAt: Date): Promise<boolean> {
    const existing = this.db.idempotency.rows.find((r) => r.account_id === accountId && r.key === key);
    if (existing && existing.expires_at.getTime() > now.getTime()) return false;
    const row = { account_id: accountId, key, ...claim, expires_at: new Date(expiresAt) };
    if (existing) Object.assign(existing, row);
    else this.db.idempotency.rows.push(row);
    return true;
  }
}

const byOrderNameId = (a: FolderRecord, b: FolderRecord) =>
  a.sort_order - b.sort_order || a.name.localeCompare(b.name) || (a.id < b.id ? -1 : 1);

/** Folders in memory: names unique per account case-insensitively; deleting one unfiles its intakes. */
export class InMemoryFolderStore extends FolderStore {
  constructor(private readonly db: InMemoryDatabase) {
    super();
  }

  async list(access: AccessContext): Promise<FolderWithCount[]> {
    const visible = this.db.intakes.rows.filter(visibleTo(access));
    return this.db.folders.rows
      .filter((f) => f.account_id === access.accountId)
      .sort(byOrderNameId)
      .map((f) => ({ ...copy(f), intake_count: visible.filter((i) => i.folder_id === f.id).length }));
  }

  async get(accountId: string, folderId: string): Promise<FolderRecord | undefined> {
    return copy(this.db.folders.rows.find((f) => f.account_id === accountId && f.id === folderId));
  }

  async insert(folder: FolderRecord): Promise<boolean> {
    if (this.nameTaken(folder.account_id, folder.name)) return false;
    this.db.folders.rows.push(copy(folder));
    return true;
  }

  async nextSortOrder(accountId: string): Promise<number> {
    const orders = this.db.folders.rows.filter((f) => f.account_id === accountId).map((f) => f.sort_order);
    return orders.length ? Math.max(...orders) + 1 : 0;
  }

  async update(
    accountId: string,
    folderId: string,
    patch: { name?: string; sort_order?: number },
  ): Promise<FolderRecord | 'duplicate' | undefined> {
    const folder = this.db.folders.rows.find((f) => f.account_id === accountId && f.id === folderId);
    if (!folder) return undefined;
    if (patch.name !== undefined && this.nameTaken(accountId, patch.name, folderId)) return 'duplicate';
    if (patch.name !== undefined) folder.name = patch.name;
    if (patch.sort_order !== undefined) folder.sort_order = patch.sort_order;
    return copy(folder);
  }

  async delete(accountId: string, folderId: string): Promise<boolean> {
    if (!(await this.get(accountId, folderId))) return false;
    this.db.deleteFolder(folderId);
    return true;
  }

  private nameTaken(accountId: string, name: string, except?: string): boolean {
    return this.db.folders.rows.some(
      (f) => f.account_id === accountId && f.id !== except && f.name.toLowerCase() === name.toLowerCase(),
    );
  }
}

/** Templates in memory: slugs unique per account. */
export class InMemoryTemplateStore extends TemplateStore {
  constructor(private readonly db: InMemoryDatabase) {
    super();
  }

  async list(accountId: string): Promise<TemplateRecord[]> {
    return copy(
      this.db.templates.rows
        .filter((t) => t.account_id === accountId)
        .sort((a, b) => a.name.localeCompare(b.name) || a.slug.localeCompare(b.slug)),
    );
  }

  async getBySlug(accountId: string, slug: string): Promise<TemplateRecord | undefined> {
    return copy(this.db.templates.rows.find((t) => t.account_id === accountId && t.slug === slug));
  }

  async insert(template: TemplateRecord): Promise<boolean> {
    if (this.db.templates.rows.some((t) => t.account_id === template.account_id && t.slug === template.slug)) {
      return false;
    }
    this.db.templates.rows.push(copy(template));
    return true;
  }
}

/** The derived client list in memory: visible intakes grouped by lower(client_email). */
export class InMemoryClientDirectory extends ClientDirectory {
  constructor(private readonly db: InMemoryDatabase) {
    super();
  }

  async list(
    access: AccessContext,
    q: string | undefined,
    limit: number,
    offset: number,
  ): Promise<{ clients: ClientView[]; total: number }> {
    const groups = new Map<string, IntakeRecord[]>();
    for (const intake of this.db.intakes.rows.filter(visibleTo(access))) {
      if (intake.anonymized_at) continue; // an anonymized intake has no client left to list
      const email = intake.client_email.toLowerCase();
      groups.set(email, [...(groups.get(email) ?? []), intake]);
    }
    const clients = [...groups.values()]
      .map((intakes) => ({ last: [...intakes].sort(newestFirst)[0] as IntakeRecord, count: intakes.length }))
      .filter(({ last }) => !q || containsText(`${last.client_name} ${last.client_email}`, q))
      .sort((a, b) => b.count - a.count || newestFirst(a.last, b.last))
      .map(({ last, count }) => ({
        email: last.client_email,
        name: last.client_name,
        language: last.client_language,
        phone: last.client_phone,
        timezone: last.client_timezone,
        folder_id: last.folder_id,
        last_intake_id: last.id,
        last_intake_at: new Date(last.created_at),
        intake_count: count,
      }));
    return { clients: clients.slice(offset, offset + limit), total: clients.length };
  }
}
