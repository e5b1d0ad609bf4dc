import { type AccessContext, type Branding, type Language } from '@intake/domain-accounts';
import { type Mode } from '@intake/domain-kernel';
import { type ChaseSchedule, type IntakeStatus, type ItemStatus, type Waiver } from '@intake/domain-intake';
import { type Constraints, type ItemType, type Proposal, type StructuredSchema } from '@intake/domain-items';

export interface Recipient {
  email: string;
  name: string | null;
  bounced_at: Date | null;
  /** Temporary bounces in a row since the last delivery (the bounce rules); absent means 0. Not in the API. */
  temporary_bounces?: number;
}

/** One intake as stored (snake_case like the API). */
export interface IntakeRecord {
  id: string;
  account_id: string;
  mode: Mode;
  created_by_key_id: string | null;
  created_by_user_id: string | null;
  slug: string;
  project_name: string;
  status: IntakeStatus;
  client_email: string;
  client_name: string;
  client_phone: string | null;
  client_language: Language;
  client_timezone: string;
  client_bounced_at: Date | null;
  /** The client address's temporary bounces in a row since the last delivery (the bounce rules). Not in the API. */
  client_temporary_bounces: number;
  also_notify: Recipient[];
  email_copy: { subject?: string; intro?: string } | null;
  /** The intake's own branding, replacing the account's default as a whole; null: the account's. */
  branding: Branding | null;
  folder_id: string | null;
  chase_schedule: ChaseSchedule;
  chase_interval_minutes: number | null;
  respect_quiet_hours: boolean;
  /** Whether the client is thanked by e-mail on completion; null follows the account's `send_thank_you`. */
  send_thank_you: boolean | null;
  /** null means unlimited. */
  max_reminders: number | null;
  chase_at_time: string | null;
  /** YYYY-MM-DD */
  due_date: string | null;
  retention_mode: 'days' | 'on_delivery';
  retention_days: number | null;
  retention_anonymize: boolean;
  client_note: string | null;
  owner_note: string | null;
  client_brief: string | null;
  created_at: Date;
  sent_at: Date | null;
  completed_at: Date | null;
  delivered_at: Date | null;
  anonymized_at: Date | null;
  client_last_seen: Date | null;
  stalled_at: Date | null;
  purge_at: Date | null;
  /**
   * Not shown: when the due date has passed (the end of that day in the client's zone), kept by the
   * write path from `due_date` and `client_timezone` for the overdue sweep.
   */
  overdue_at: Date | null;
  /**
   * The test clock the intake lives on (a test intake created with `test_clock`), null on real
   * time: its times (events, chases, sweeps) are the clock's frozen time. Set at creation only.
   */
  test_clock_id: string | null;
  version: number;
}

export interface ItemRecord {
  intake_id: string;
  key: string;
  position: number;
  type: ItemType;
  label: string;
  help: string | null;
  required: boolean;
  assignee: 'client' | 'owner';
  constraints: Constraints;
  schema: StructuredSchema | null;
  options: string[] | null;
  pattern: string | null;
  proposed: Proposal | null;
  status: ItemStatus;
  value: unknown;
  submitted_at: Date | null;
  approved_at: Date | null;
  revision_note: string | null;
  revision_count: number;
  waiver: Waiver;
  client_note: string | null;
  owner_note: string | null;
  received_outside: boolean;
  received_outside_note: string | null;
  decided_by: 'agent' | 'owner' | null;
}

export type ChaseStatus = 'scheduled' | 'sent' | 'failed' | 'bounced' | 'complained' | 'cancelled' | 'skipped';

/** The chases of the API contract (the status endpoint's `chases[]`). */
export const CONTRACT_CHASE_KINDS = ['invite', 'reminder', 'revision', 'manual'] as const;
/**
 * Mails to the client that travel as chases (queue, lease, retries, test mode, bounces) but are no
 * reminders: the thank-you on completion and the notice of items added. Not in `chases[]`.
 */
export const CLIENT_MAIL_KINDS = ['thank_you', 'items_added'] as const;
export type ContractChaseKind = (typeof CONTRACT_CHASE_KINDS)[number];
export type ChaseKind = ContractChaseKind | (typeof CLIENT_MAIL_KINDS)[number];

/** A chase the API shows (`chases[]`, a manual chase's response). */
export type ContractChase = ChaseRecord & { kind: ContractChaseKind };

export const isContractChase = (chase: ChaseRecord): chase is ContractChase =>
  (CONTRACT_CHASE_KINDS as readonly string[]).includes(chase.kind);

export interface ChaseRecord {
  id: string;
  intake_id: string;
  channel: 'email' | 'sms';
  kind: ChaseKind;
  status: ChaseStatus;
  scheduled_at: Date | null;
  sent_at: Date | null;
  attempt_no: number;
  missing_items_count: number | null;
  error: string | null;
  created_at: Date;
  /** An `items_added` mail's items, by key; null (or absent) for every other kind. */
  item_keys?: string[] | null;
}

export interface ListFilter {
  status?: IntakeStatus;
  clientEmail?: string;
  /** A folder id, or 'none' for Unfiled. */
  folderId?: string;
  q?: string;
  /**
   * Only intakes of this mode. Narrows the caller's access (sessions see both modes): for an API
   * key asking for the other mode the list is empty (listScope).
   */
  mode?: Mode;
}

/**
 * The access a list with `filter` reads with: the caller's, narrowed to `filter.mode`; null when
 * the caller cannot see that mode at all (an API key asking for the other mode): an empty list.
 */
export function listScope(access: AccessContext, filter: Pick<ListFilter, 'mode'>): AccessContext | null {
  if (!filter.mode || access.mode === filter.mode) return access;
  if (access.mode !== null) return null;
  return { ...access, mode: filter.mode };
}

/** What GET /v1/intakes shows of an intake (the list object). */
export type ListIntake = Pick<
  IntakeRecord,
  'id' | 'slug' | 'project_name' | 'status' | 'mode' | 'client_email' | 'client_name' | 'created_at'
>;

export interface ListRow {
  intake: ListIntake;
  items: Array<Pick<ItemRecord, 'key' | 'assignee' | 'required' | 'status'>>;
}
