import {
  type BounceAnnouncement,
  type IntakeChasing,
  isChasing,
  type MailEvent,
  nobodyLeft,
  type RecipientState,
  sameAddress,
  TEMPORARY_BOUNCES_TO_RETIRE,
} from './model';

/** The message (one chase's e-mail) a provider event is about. */
export interface MessageState {
  /** Addresses the provider confirmed this message was delivered to. */
  delivered_to: readonly string[];
}

export interface MailEventState<R extends RecipientState = RecipientState> {
  intake: IntakeChasing;
  recipients: readonly R[];
  message: MessageState;
}

export interface MailEventOutcome<R extends RecipientState = RecipientState> {
  recipients: R[];
  message: { delivered_to: string[] };
  /** The address (as stored) this event retired, or null. */
  retired: string | null;
  /** The chase's new status, or null to leave it as it is. */
  chase_status: 'bounced' | 'complained' | null;
  /** This event retired the last address: cancel the intake's scheduled reminders. */
  cancel_future_reminders: boolean;
  /** The chase.bounced event to publish, or null (a delivery, an address the intake does not have). */
  announcement: BounceAnnouncement | null;
}

/**
 * Applies one provider event for one recipient of one message (docs/contract.md "Bounce handling rules"):
 * - a complaint retires the address, also after the message was delivered;
 * - a permanent bounce retires it, unless this same message was confirmed delivered to it;
 * - a temporary bounce (Transient or Undetermined) without that delivery counts one more in a
 *   row; the third in a row retires the address;
 * - a delivery (of any message) resets the address's run of temporary bounces and is remembered
 *   on the message, so a later bounce of that message retires nothing and is not counted.
 * An address the intake does not have (removed meanwhile, or never on it) changes nothing.
 */
export function applyMailEvent<R extends RecipientState>(
  state: MailEventState<R>,
  event: MailEvent,
): MailEventOutcome<R> {
  const deliveredTo = [...state.message.delivered_to];
  const unchanged: MailEventOutcome<R> = {
    recipients: [...state.recipients],
    message: { delivered_to: deliveredTo },
    retired: null,
    chase_status: null,
    cancel_future_reminders: false,
    announcement: null,
  };
  const recipient = state.recipients.find((candidate) => sameAddress(candidate.email, event.recipient));
  if (!recipient) return unchanged;
  const update = (change: (r: R) => R): R[] =>
    state.recipients.map((r) => (sameAddress(r.email, recipient.email) ? change(r) : r));

  if (event.type === 'delivery') {
    const known = deliveredTo.some((address) => sameAddress(address, recipient.email));
    return {
      ...unchanged,
      recipients: update((r) => ({ ...r, temporary_bounces: 0 })),
      message: { delivered_to: known ? deliveredTo : [...deliveredTo, recipient.email] },
    };
  }

  const deliveredBefore = deliveredTo.some((address) => sameAddress(address, recipient.email));
  const temporary = event.type === 'bounce' && event.bounce_type !== 'Permanent';
  const runOfBounces = recipient.temporary_bounces + (temporary && !deliveredBefore ? 1 : 0);
  const retires =
    recipient.bounced_at === null &&
    (event.type === 'complaint' || (!deliveredBefore && (!temporary || runOfBounces >= TEMPORARY_BOUNCES_TO_RETIRE)));

  const recipients = update((r) => ({
    ...r,
    temporary_bounces: runOfBounces,
    bounced_at: retires ? event.at : r.bounced_at,
  }));
  const nobody = nobodyLeft(recipients);
  const complaint = event.type === 'complaint';
  return {
    ...unchanged,
    recipients,
    retired: retires ? recipient.email : null,
    chase_status: complaint ? 'complained' : deliveredBefore ? null : 'bounced',
    cancel_future_reminders: retires && nobody,
    announcement: {
      event_type: complaint ? 'complained' : 'bounced',
      recipient: recipient.email,
      still_chasing: !nobody && isChasing(state.intake),
      bounce_type: complaint ? null : event.bounce_type,
      delivered_before: deliveredBefore,
    },
  };
}
