import { type IntakeRecord, type ItemRecord } from '@intake/domain-intake';

/** What the account's people are told about an intake (item lists are keys; the notifier labels them). */
export type OwnerAlert =
  | { kind: 'intake_completed' }
  | { kind: 'intake_stalled'; missing_items: readonly string[] }
  | { kind: 'intake_overdue'; due_date: string; outstanding_items: readonly string[] }
  | { kind: 'client_bounced'; address: string; event_type: 'bounced' | 'complained'; still_chasing: boolean };

/**
 * Tells the account owner (and, by the account's setting, every member) by e-mail what happened to
 * an intake, when the account has that kind switched on. Called in the transaction of what it
 * reports: it only queues the mail, which the scheduler sends after the commit. The chasing
 * context binds it.
 */
export abstract class OwnerNotifier {
  abstract notify(intake: IntakeRecord, items: readonly ItemRecord[], alert: OwnerAlert, now: Date): Promise<void>;
}
