import { DomainError, notFound } from '@intake/errors';
import { type IntakeChasing, isChasing, nobodyLeft, type RecipientState, sameAddress } from './model';

export interface ReinstateState<R extends RecipientState = RecipientState> {
  intake: IntakeChasing;
  recipients: readonly R[];
}

export interface ReinstateOutcome<R extends RecipientState = RecipientState> {
  recipients: R[];
  /** The address as the intake stores it. */
  email: string;
  /** The response's `still_chasing`: false if the intake is not sent or in progress, stalled, or off. */
  still_chasing: boolean;
  /** Nobody was left to chase and the intake chases again: plan its reminders anew. */
  resume_chasing: boolean;
}

/**
 * POST /v1/intakes/:id/recipients/:email/reinstate for the primary client or an additional
 * recipient: clears the bounce flag and the run of temporary bounces, so the address starts afresh.
 * 404 `recipient_not_found` for an address the intake does not have, 409 `recipient_not_bounced`
 * for one that is not retired.
 */
export function reinstateRecipient<R extends RecipientState>(
  state: ReinstateState<R>,
  email: string,
): ReinstateOutcome<R> {
  const recipient = state.recipients.find((candidate) => sameAddress(candidate.email, email));
  if (!recipient) throw notFound('Recipient', 'recipient_not_found');
  if (recipient.bounced_at === null) {
    throw new DomainError('conflict', 'This address has not bounced.', { reason: 'recipient_not_bounced' });
  }
  const chasing = isChasing(state.intake);
  return {
    recipients: state.recipients.map((r) =>
      sameAddress(r.email, email) ? { ...r, bounced_at: null, temporary_bounces: 0 } : r,
    ),
    email: recipient.email,
    still_chasing: chasing,
    resume_chasing: chasing && nobodyLeft(state.recipients),
  };
}
