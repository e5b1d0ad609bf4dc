import { type Branding, type Language } from '@intake/domain-accounts';
import { type Mode } from '@intake/domain-kernel';
import { type Constraints, type ItemType, type Proposal, type StructuredSchema } from '@intake/domain-items';
import { type ChaseSchedule } from './chase-settings';
import { type IntakeStatus, type ItemStatus, type Waiver } from './model';

// The intake and its items as stored: the intakes context's published language. Every context reads
// them (through ports of its own, ADR 0031); only the intakes context writes them.

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
