import { type AccessContext } from '@intake/domain-accounts';
import { type Mode } from '@intake/domain-kernel';
import { type IntakeRecord, type IntakeStatus, type ItemRecord } from '@intake/domain-intake';

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
