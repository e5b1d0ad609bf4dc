import {
  type ChaseRecord,
  type FolderRecord,
  type IntakeFile,
  newItemRecord,
  type TemplateRecord,
  withDerivedTimes,
} from '@intake/application-intakes';
import { DEFAULT_TIMEZONE, type Principal, type Scope } from '@intake/domain-accounts';
import { DEFAULT_CHASE_SETTINGS, NO_WAIVER, type IntakeRecord, type ItemRecord } from '@intake/domain-intake';
import { type Mode } from '@intake/domain-kernel';
import { newId, randomToken } from '@intake/ids';
import { type GivenAccount, type InMemoryContext } from '../in-memory/container';
import { copy } from '../in-memory/unit-of-work';

/**
 * Scenarios of the intakes context for unit tests on the in-memory adapters: each puts the state
 * a test starts from straight into the in-memory database (no use case runs, so no audit entry,
 * outbox message, chase or quota count is left behind), and reads back what was stored.
 */

/** An item as a test describes it: its key, and any field of the stored item it cares about. */
export type GivenItem = { key: string } & Partial<Omit<ItemRecord, 'intake_id' | 'key' | 'position'>>;

/** An intake as a test describes it: any stored field, who created it, and its items. */
export interface GivenIntake extends Partial<IntakeRecord> {
  /** Its creator, whose mode it takes: the account's live key unless said otherwise. */
  by?: Principal;
  /** A required client text item `brief` unless said otherwise. */
  items?: GivenItem[];
}

export interface StoredIntake {
  intake: IntakeRecord;
  items: ItemRecord[];
}

/** A stored item from a test's description: a required client text item, in a consistent state. */
function itemRecord(intakeId: string, given: GivenItem, position: number, now: Date): ItemRecord {
  const { key, ...fields } = given;
  const fresh = newItemRecord(
    intakeId,
    {
      key,
      type: fields.type ?? 'text',
      label: fields.label ?? key,
      help: null,
      required: true,
      assignee: 'client',
      constraints: {},
      schema: null,
      options: null,
      pattern: null,
      proposed: null,
    },
    position,
  );
  const status = fields.status ?? 'pending';
  const submitted = status === 'submitted' || status === 'approved' || status === 'needs_revision';
  return {
    ...fresh,
    submitted_at: submitted ? now : null,
    approved_at: status === 'approved' ? now : null,
    waiver:
      status === 'waived'
        ? { state: 'accepted', reason: null, requested_by: 'owner', requested_at: now, decided_at: now }
        : NO_WAIVER,
    ...fields,
  };
}

/**
 * An intake of the given account, stored as it would be after its creation and whatever the test
 * describes: sent by the account's live key (so live) unless said otherwise, with consistent
 * `sent_at`/`completed_at` for its status, `purge_at` and `overdue_at` as the write path keeps
 * them (unless the test gives them), and one required client text item `brief`.
 */
export async function givenIntake(
  context: InMemoryContext,
  given: GivenAccount,
  overrides: GivenIntake = {},
): Promise<StoredIntake> {
  const { by = given.liveKey, items = [{ key: 'brief' }], ...fields } = overrides;
  const now = context.clock.now();
  const status = fields.status ?? 'sent';
  const record: IntakeRecord = {
    id: newId('intake'),
    account_id: given.account.id,
    mode: by.kind === 'api_key' ? by.mode : 'live',
    created_by_key_id: by.kind === 'api_key' ? by.keyId : null,
    created_by_user_id: by.kind === 'session' ? by.userId : null,
    slug: randomToken(16),
    project_name: 'New website',
    status,
    client_email: 'jan@client.example',
    client_name: 'Jan',
    client_phone: null,
    client_language: 'en',
    client_timezone: DEFAULT_TIMEZONE,
    client_bounced_at: null,
    client_temporary_bounces: 0,
    also_notify: [],
    email_copy: null,
    branding: null,
    folder_id: null,
    ...DEFAULT_CHASE_SETTINGS,
    send_thank_you: null,
    due_date: null,
    retention_mode: 'days',
    retention_days: 90,
    retention_anonymize: false,
    client_note: null,
    owner_note: null,
    client_brief: null,
    created_at: now,
    sent_at: status === 'draft' ? null : now,
    completed_at: status === 'completed' ? now : null,
    delivered_at: null,
    anonymized_at: null,
    client_last_seen: null,
    stalled_at: null,
    purge_at: null,
    overdue_at: null,
    test_clock_id: null,
    version: 0,
    ...fields,
  };
  const derived = withDerivedTimes(record);
  const intake: IntakeRecord = {
    ...derived,
    purge_at: 'purge_at' in fields ? record.purge_at : derived.purge_at,
    overdue_at: 'overdue_at' in fields ? record.overdue_at : derived.overdue_at,
  };
  await context.intakes.insert(
    intake,
    items.map((item, position) => itemRecord(intake.id, item, position, now)),
  );
  const stored = storedIntake(context, intake.id);
  return { intake: stored.intake, items: stored.items };
}

/** The intake as stored now (with its version), its items by position and its chases, oldest first. */
export function storedIntake(
  context: InMemoryContext,
  intakeId: string,
): StoredIntake & { chases: ChaseRecord[]; item: (key: string) => ItemRecord } {
  const intake = context.db.intakes.rows.find((i) => i.id === intakeId);
  if (!intake) throw new Error(`no stored intake ${intakeId}`);
  const items = copy(context.db.items.rows.filter((i) => i.intake_id === intakeId)).sort(
    (a, b) => a.position - b.position,
  );
  return {
    intake: copy(intake),
    items,
    chases: copy(context.db.chases.rows.filter((c) => c.intake_id === intakeId)),
    item: (key) => {
      const item = items.find((i) => i.key === key);
      if (!item) throw new Error(`intake ${intakeId} has no item ${key}`);
      return item;
    },
  };
}

/** A chase of the intake (a sent reminder unless said otherwise). */
export async function givenChase(
  context: InMemoryContext,
  intake: Pick<IntakeRecord, 'id'>,
  overrides: Partial<ChaseRecord> = {},
): Promise<ChaseRecord> {
  const now = context.clock.now();
  const chase: ChaseRecord = {
    id: newId('chase'),
    intake_id: intake.id,
    channel: 'email',
    kind: 'reminder',
    status: 'sent',
    scheduled_at: now,
    sent_at: overrides.status && overrides.status !== 'sent' ? null : now,
    attempt_no: 1,
    missing_items_count: null,
    error: null,
    created_at: now,
    ...overrides,
  };
  await context.chases.insertChase(chase);
  return chase;
}

/**
 * A clean file of the intake with its bytes in the object storage under the files context's key:
 * an upload to the file item `itemKey`, or with `itemKey` null one of the owner's brief files
 * (a 1000-byte PNG unless said otherwise).
 */
export async function givenStoredFile(
  context: InMemoryContext,
  intake: Pick<IntakeRecord, 'id' | 'account_id'>,
  itemKey: string | null,
  overrides: Partial<IntakeFile> = {},
): Promise<IntakeFile> {
  const brief = itemKey === null;
  const id = newId(brief ? 'briefFile' : 'file');
  const file: IntakeFile = {
    id,
    account_id: intake.account_id,
    intake_id: intake.id,
    kind: brief ? 'brief' : 'upload',
    item_key: itemKey,
    filename: 'logo.png',
    mime: 'image/png',
    extension: 'png',
    size: 1000,
    width: 800,
    height: 600,
    has_alpha: false,
    checksum_sha256: '0'.repeat(64),
    storage_key: `intakes/${intake.id}/${brief ? 'brief' : 'files'}/${id}`,
    av_status: 'clean',
    av_signature: null,
    scanned_at: context.clock.now(),
    scan_attempts: 0,
    created_at: context.clock.now(),
    ...overrides,
  };
  await context.files.insert(file);
  context.storage.objects.set(file.storage_key, { bytes: Buffer.alloc(file.size), contentType: file.mime });
  return file;
}

/** A folder of the account, last in its order unless said otherwise. */
export async function givenFolder(
  context: InMemoryContext,
  given: GivenAccount,
  name: string,
  overrides: Partial<FolderRecord> = {},
): Promise<FolderRecord> {
  const orders = context.db.folders.rows.filter((f) => f.account_id === given.account.id).map((f) => f.sort_order);
  const folder: FolderRecord = {
    id: newId('folder'),
    account_id: given.account.id,
    name,
    sort_order: orders.length ? Math.max(...orders) + 1 : 0,
    created_at: context.clock.now(),
    ...overrides,
  };
  context.db.folders.rows.push(copy(folder));
  return folder;
}

/** A template of the account: one image item `logo` and no settings unless said otherwise. */
export async function givenTemplate(
  context: InMemoryContext,
  given: GivenAccount,
  overrides: Partial<TemplateRecord> = {},
): Promise<TemplateRecord> {
  const template: TemplateRecord = {
    id: newId('template'),
    account_id: given.account.id,
    slug: 'website',
    name: 'Website',
    items: [
      {
        key: 'logo',
        type: 'image',
        label: 'Logo',
        help: null,
        required: true,
        assignee: 'client',
        constraints: {},
        schema: null,
        options: null,
        pattern: null,
        proposed: null,
      },
    ],
    settings: {},
    created_at: context.clock.now(),
    ...overrides,
  };
  context.db.templates.rows.push(copy(template));
  return template;
}

/** A team member's session on the account (role member). */
export async function givenMember(
  context: InMemoryContext,
  given: GivenAccount,
): Promise<Principal & { kind: 'session' }> {
  const userId = newId('user');
  await context.accounts.createUser({
    id: userId,
    account_id: given.account.id,
    email: `${userId}@example.com`,
    name: 'Member',
    role: 'member',
    password_hash: 'not used',
    created_at: context.clock.now(),
  });
  return { kind: 'session', accountId: given.account.id, userId, role: 'member', sessionId: 'member-session' };
}

/** Another API key of the account (keys are checked at the edge; the use cases see its principal). */
export function anotherKey(
  given: GivenAccount,
  mode: Mode,
  scopes: Scope[] = ['admin'],
): Principal & { kind: 'api_key' } {
  return { kind: 'api_key', accountId: given.account.id, keyId: newId('apiKey'), mode, scopes };
}

/**
 * Another writer changes the next intake loaded for a change after it was read and before it is
 * saved, as a concurrent transaction would without the row lock: the version guard must notice.
 * (The bump happens inside the refused unit of work, so in memory it is undone with it.)
 */
export function givenConcurrentChange(context: InMemoryContext): void {
  const load = context.intakes.getForUpdate.bind(context.intakes);
  context.intakes.getForUpdate = async (access, intakeId) => {
    context.intakes.getForUpdate = load;
    const intake = await load(access, intakeId);
    const row = context.db.intakes.rows.find((i) => i.id === intakeId);
    if (row) row.version += 1;
    return intake;
  };
}

/**
 * Everything a use case of the intakes context may write, copied: compare it before and after a
 * refused call to see that nothing was written (the rate-limit counters are not transactional, as
 * in Redis, and are left out).
 */
export function writtenState(context: InMemoryContext): Record<string, unknown> {
  const { db } = context;
  return copy({
    accounts: db.accounts.rows,
    usage: db.usage.rows,
    folders: db.folders.rows,
    templates: db.templates.rows,
    intakes: db.intakes.rows,
    items: db.items.rows,
    chases: db.chases.rows,
    chaseDelivery: db.chaseDelivery.rows,
    idempotency: db.idempotency.rows,
    files: db.files.rows,
    webhookEndpoints: db.webhookEndpoints.rows,
    webhookDeliveries: db.webhookDeliveries.rows,
    webhookWakeUps: db.webhookWakeUps.rows,
    audit: db.auditLog.entries,
    outbox: db.outbox.messages,
    objects: [...context.storage.objects.keys()].sort(),
    mail: context.mail.sent.map((m) => ({ to: m.to, subject: m.subject })),
  });
}
