import { type ChaseSchedule, type IntakeStatus } from '@intake/domain-intake';

/** The mail provider's bounce types (docs/contract.md "Event kinds", `bounce_type`). */
export const BOUNCE_TYPES = ['Permanent', 'Transient', 'Undetermined'] as const;
export type BounceType = (typeof BOUNCE_TYPES)[number];

/**
 * Temporary bounces in a row, without a delivery to the address in between, that retire it
 * (docs/contract.md "Bounce handling rules": the third in a row retires the address). Transient and
 * Undetermined both count.
 */
export const TEMPORARY_BOUNCES_TO_RETIRE = 3;

/**
 * One address the intake's reminders go to: the primary client or an `also_notify` recipient.
 * Other fields (name, a primary flag) ride along untouched.
 */
export interface RecipientState {
  email: string;
  /** When the address was retired by a bounce or complaint; null while it is chased. */
  bounced_at: Date | null;
  /** Temporary bounces in a row since the last delivery of any message to this address. */
  temporary_bounces: number;
}

/** What the mail provider reported for one recipient of one message. */
export type MailEvent =
  | { type: 'bounce'; recipient: string; bounce_type: BounceType; at: Date }
  | { type: 'complaint'; recipient: string; at: Date }
  | { type: 'delivery'; recipient: string; at: Date };

/** The parts of an intake that decide whether reminders go out at all. */
export interface IntakeChasing {
  status: IntakeStatus;
  stalled_at: Date | null;
  chase_schedule: ChaseSchedule;
}

/** The chase.bounced fields the rules decide; @intake/domain-webhooks' `chaseBouncedPayload` adds the ids and the time. */
export interface BounceAnnouncement {
  event_type: 'bounced' | 'complained';
  /** The address as the intake stores it. */
  recipient: string;
  still_chasing: boolean;
  /** null for a complaint. */
  bounce_type: BounceType | null;
  /** The same message had been confirmed delivered to this address before. */
  delivered_before: boolean;
}

/** Addresses compare case-insensitively, as everywhere in the service. */
export function sameAddress(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/** Reminders go out: the intake is sent or in progress, not stalled, and its schedule is not off. */
export function isChasing(intake: IntakeChasing): boolean {
  return (
    (intake.status === 'sent' || intake.status === 'in_progress') &&
    intake.stalled_at === null &&
    intake.chase_schedule !== 'off'
  );
}

/** Nobody is left to chase: every recipient (the primary client included) is retired. */
export function nobodyLeft(recipients: readonly RecipientState[]): boolean {
  return recipients.every((recipient) => recipient.bounced_at !== null);
}

/** What a chase's status becomes when an event reports `bounced` or `complained` (null: no change). */
export function chaseStatusAfter<S extends string>(
  current: S,
  reported: 'bounced' | 'complained' | null,
): S | 'bounced' | 'complained' {
  // A complaint outranks a bounce: a chase one recipient bounced and another complained about is `complained`.
  if (reported === null || current === 'complained') return current;
  return reported;
}

/**
 * Names one provider report about one message, so that a notification delivered twice (SES and SNS
 * retry until they get a 2xx) is applied once: the kind of report, the bounce type and the address
 * (case-insensitively). The provider reports each of these once per message and address.
 */
export function mailEventKey(event: MailEvent): string {
  const address = event.recipient.toLowerCase();
  return event.type === 'bounce' ? `bounce:${event.bounce_type}:${address}` : `${event.type}:${address}`;
}
