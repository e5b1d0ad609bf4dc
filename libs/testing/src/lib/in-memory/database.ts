import { type OwnerNotice, type OwnerNoticeOutcome } from '@intake/application-chasing';
import {
  type AccountRecord,
  type ApiKeyRecord,
  type InvitationRecord,
  type SessionRecord,
  type UserRecord,
} from '@intake/application-accounts';
import { type FileRecord } from '@intake/application-files';
import {
  type ChaseRecord,
  type FolderRecord,
  type IdempotencyClaim,
  type TemplateRecord,
  type TestClockRecord,
} from '@intake/application-intakes';
import { type DeliveryStatus, type WebhookEndpointRecord } from '@intake/application-webhooks';
import { type AccessContext, type SubscriptionState } from '@intake/domain-accounts';
import { type WebhookEvent } from '@intake/domain-webhooks';
import { InMemoryAuditLog } from './audit-log';
import { InMemoryOutbox } from './outbox';
import { InMemoryUnitOfWork, Table } from './unit-of-work';
import { type IntakeRecord, type ItemRecord } from '@intake/domain-intake';

export interface UsageRow {
  account_id: string;
  period: string;
  intakes_created: number;
  sms_sent: number;
  sms_from_credits?: number;
}

/** billing_accounts, with the subscription state as the BillingStore sees it. */
export interface BillingRow {
  account_id: string;
  customer_id: string;
  subscription: SubscriptionState | undefined;
  grace_until: Date | null;
  created_at: Date;
}

export interface IdempotencyRow extends IdempotencyClaim {
  account_id: string;
  key: string;
  expires_at: Date;
}

/** A file row with the scan bookkeeping the port does not show. */
export interface FileRow extends FileRecord {
  scan_error: string | null;
  next_scan_at: Date | null;
}

/** The scheduler's columns of a chase row (ChaseRecord holds the API's). */
export interface ChaseDeliveryRow {
  chase_id: string;
  claimed_until: Date | null;
  claimed_by: string | null;
  provider_message_id: string | null;
  recipients: string[];
  delivered_to: string[];
  send_attempts: number;
  /** The provider reports applied to the chase (`mailEventKey`). */
  provider_events: string[];
}

/** The intakes table's columns only the sweeps read and write (IntakeRecord holds the rest). */
export interface IntakeSweepRow {
  intake_id: string;
  overdue_notified_at: Date | null;
  purged_at: Date | null;
}

/** A row of owner_notifications. */
export interface OwnerNoticeRow extends OwnerNotice {
  status: 'pending' | OwnerNoticeOutcome['status'];
  sent_at: Date | null;
  provider_message_id: string | null;
  send_attempts: number;
  error: string | null;
  claimed_until: Date | null;
  claimed_by: string | null;
}

/** A row of test_clocks: the record and the scheduler's lease while it advances. */
export interface TestClockRow extends TestClockRecord {
  claimed_until: Date | null;
  claimed_by: string | null;
}

/** A row of webhook_deliveries: the log's fields and what the dispatchers keep (payload, lease). */
export interface WebhookDeliveryRow {
  id: string;
  endpoint_id: string;
  account_id: string;
  /** The outbox row it fans out; null for a test delivery. */
  outbox_id: number | null;
  event: WebhookEvent;
  payload: Record<string, unknown>;
  status: DeliveryStatus;
  attempts: number;
  max_attempts: number;
  next_retry_at: Date | null;
  lease_until: Date | null;
  /** The token of the claim holding it (dispatchers); absent or null when none does. */
  lease_token?: string | null;
  response_code: number | null;
  error: string | null;
  created_at: Date;
  delivered_at: Date | null;
}

/** The items table's secret columns (secret_released_at, secret_purged_at), by intake and key. */
export interface ItemSecretRow {
  intake_id: string;
  key: string;
  released_at: Date | null;
  purged_at: Date | null;
}

/**
 * The in-memory twin of the PostgreSQL database: one table per table of the schema, all enlisted
 * in one unit of work, and the schema's own behaviour that crosses tables (cascading deletes,
 * `ON DELETE SET NULL`, the trigger that keeps an account's storage use exact). The in-memory
 * stores are views of it, as the Postgres stores are of the real one, so that a change through
 * one store is seen through another.
 */
export class InMemoryDatabase {
  readonly uow = new InMemoryUnitOfWork();
  readonly outbox = new InMemoryOutbox(this.uow);
  readonly auditLog = new InMemoryAuditLog(this.uow);
  readonly accounts = new Table<AccountRecord>(this.uow);
  readonly users = new Table<UserRecord>(this.uow);
  readonly invitations = new Table<InvitationRecord>(this.uow);
  readonly sessions = new Table<SessionRecord>(this.uow);
  readonly apiKeys = new Table<ApiKeyRecord>(this.uow);
  readonly usage = new Table<UsageRow>(this.uow);
  /** The accounts table's sms_credits column (bought SMS credits), by account id. */
  readonly smsCredits = new Table<{ account_id: string; balance: number }>(this.uow);
  readonly billing = new Table<BillingRow>(this.uow);
  readonly paymentEvents = new Table<{ id: string; type: string; account_id: string | null; received_at: Date }>(
    this.uow,
  );
  readonly folders = new Table<FolderRecord>(this.uow);
  readonly templates = new Table<TemplateRecord>(this.uow);
  readonly testClocks = new Table<TestClockRow>(this.uow);
  readonly intakes = new Table<IntakeRecord>(this.uow);
  readonly items = new Table<ItemRecord>(this.uow);
  /** The items table's release and purge markers of secret items. */
  readonly itemSecrets = new Table<ItemSecretRow>(this.uow);
  readonly resultCursors = new Table<{ api_key_id: string; intake_id: string; collected_at: Date }>(this.uow);
  readonly chases = new Table<ChaseRecord>(this.uow);
  /** The chases table's scheduler and bounce columns (lease, provider message, recipients, reports), by chase id. */
  readonly chaseDelivery = new Table<ChaseDeliveryRow>(this.uow);
  /** The intakes table's sweep columns (overdue_notified_at, purged_at), by intake id. */
  readonly intakeSweeps = new Table<IntakeSweepRow>(this.uow);
  readonly ownerNotices = new Table<OwnerNoticeRow>(this.uow);
  readonly idempotency = new Table<IdempotencyRow>(this.uow);
  readonly files = new Table<FileRow>(this.uow);
  readonly webhookEndpoints = new Table<WebhookEndpointRecord>(this.uow);
  readonly webhookDeliveries = new Table<WebhookDeliveryRow>(this.uow);
  /** NOTIFYs sent (a channel each), kept only when their unit of work commits, as PostgreSQL does. */
  readonly webhookWakeUps = new Table<{ channel: string }>(this.uow);

  /** The files_track_storage trigger: an account's storage use follows its files. */
  trackStorage(accountId: string, delta: number): void {
    const account = this.accounts.rows.find((a) => a.id === accountId);
    if (account) account.storage_bytes_used += delta;
  }

  /** Removes files (as DELETE FROM files does), keeping the storage use exact; returns the rows. */
  deleteFiles(match: (file: FileRow) => boolean): FileRow[] {
    const removed = this.files.rows.filter(match);
    this.files.rows = this.files.rows.filter((f) => !match(f));
    for (const file of removed) this.trackStorage(file.account_id, -file.size);
    return removed;
  }

  /** Deleting a user ends their sessions (ON DELETE CASCADE); false when there was no such user. */
  deleteUser(accountId: string, userId: string): boolean {
    const before = this.users.rows.length;
    this.users.rows = this.users.rows.filter((u) => !(u.account_id === accountId && u.id === userId));
    if (this.users.rows.length === before) return false;
    this.sessions.rows = this.sessions.rows.filter((s) => s.user_id !== userId);
    return true;
  }

  /** Deleting an intake cascades to its items, chases, files and owner notifications. */
  deleteIntake(intakeId: string): void {
    this.intakes.rows = this.intakes.rows.filter((i) => i.id !== intakeId);
    this.intakeSweeps.rows = this.intakeSweeps.rows.filter((i) => i.intake_id !== intakeId);
    this.ownerNotices.rows = this.ownerNotices.rows.filter((n) => n.intake_id !== intakeId);
    this.items.rows = this.items.rows.filter((i) => i.intake_id !== intakeId);
    this.itemSecrets.rows = this.itemSecrets.rows.filter((i) => i.intake_id !== intakeId);
    this.resultCursors.rows = this.resultCursors.rows.filter((c) => c.intake_id !== intakeId);
    this.chases.rows = this.chases.rows.filter((c) => c.intake_id !== intakeId);
    this.deleteFiles((f) => f.intake_id === intakeId);
  }

  /** The intakes on a test clock: the one a test clock claim, sweep or queue keeps to (null: real time). */
  onClock(intakeId: string, clock: string | null): boolean {
    const intake = this.intakes.rows.find((i) => i.id === intakeId);
    return (intake?.test_clock_id ?? null) === clock;
  }

  /** Deleting a webhook endpoint deletes its deliveries (ON DELETE CASCADE). */
  deleteWebhookEndpoint(endpointId: string): void {
    this.webhookEndpoints.rows = this.webhookEndpoints.rows.filter((e) => e.id !== endpointId);
    this.webhookDeliveries.rows = this.webhookDeliveries.rows.filter((d) => d.endpoint_id !== endpointId);
  }

  /** Deleting a folder leaves its intakes Unfiled (ON DELETE SET NULL). */
  deleteFolder(folderId: string): void {
    this.folders.rows = this.folders.rows.filter((f) => f.id !== folderId);
    for (const intake of this.intakes.rows) if (intake.folder_id === folderId) intake.folder_id = null;
  }

  /** An account's bought SMS credits, the row created on first use. */
  creditsOf(accountId: string): { account_id: string; balance: number } {
    let row = this.smsCredits.rows.find((c) => c.account_id === accountId);
    if (!row) {
      row = { account_id: accountId, balance: 0 };
      this.smsCredits.rows.push(row);
    }
    return row;
  }

  /** The usage counters of a period, created on first use. */
  usageOf(accountId: string, period: string): UsageRow {
    let row = this.usage.rows.find((u) => u.account_id === accountId && u.period === period);
    if (!row) {
      row = { account_id: accountId, period, intakes_created: 0, sms_sent: 0 };
      this.usage.rows.push(row);
    }
    return row;
  }
}

/** What an access context lets the caller see (accessClause of the Postgres stores). */
export function visibleTo(access: AccessContext): (intake: IntakeRecord) => boolean {
  return (intake) =>
    intake.account_id === access.accountId &&
    (!access.mode || intake.mode === access.mode) &&
    (!access.createdByKeyId || intake.created_by_key_id === access.createdByKeyId);
}

/** SQL's `lower(text) LIKE '%q%'` with the pattern's wildcards escaped: a plain substring match. */
export const containsText = (haystack: string, q: string) => haystack.toLowerCase().includes(q.toLowerCase());

/** ORDER BY created_at DESC, id DESC. */
export const newestFirst = (a: { created_at: Date; id: string }, b: { created_at: Date; id: string }) =>
  b.created_at.getTime() - a.created_at.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
