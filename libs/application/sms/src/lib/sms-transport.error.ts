/** Why a message was not accepted. */
export type SmsFailureReason =
  | 'invalid_recipient'
  | 'rejected'
  | 'unauthorized'
  | 'unavailable'
  | 'timeout'
  | 'not_configured';

/**
 * Every failure reason, whether it is permanent (resending the same message can never succeed)
 * and what it means. A caller retries a temporary failure later and gives up on a permanent one;
 * only `invalid_recipient` says the number itself is at fault.
 */
export const SMS_FAILURES = {
  invalid_recipient: {
    permanent: true,
    meaning: 'the number cannot receive SMS: not E.164, not a mobile number, unreachable or opted out (STOP)',
  },
  rejected: {
    permanent: true,
    meaning:
      'the provider refused this message for another reason (empty or too long body, sender or account settings)',
  },
  unauthorized: {
    permanent: false,
    meaning: 'the provider refused our credentials; a retry succeeds once an operator has fixed the configuration',
  },
  unavailable: {
    permanent: false,
    meaning: 'the provider failed (5xx), limited our rate (429) or could not be reached',
  },
  timeout: {
    permanent: false,
    meaning: 'the provider did not answer in time; the message may or may not have been accepted',
  },
  not_configured: {
    permanent: false,
    meaning: 'no SMS driver is configured (SMS_DRIVER=none): nothing can be sent until one is',
  },
} as const satisfies Record<SmsFailureReason, { permanent: boolean; meaning: string }>;

/**
 * The one error an SmsTransport rejects with. Its message is safe for an operator's log: it never
 * holds a credential or the message text (and a provider's own message is cleaned of numbers).
 */
export class SmsTransportError extends Error {
  /** True when sending the same message again can never succeed. */
  readonly permanent: boolean;

  constructor(
    readonly reason: SmsFailureReason,
    message: string,
    /** What the provider answered, when it answered: HTTP status and its own error code. */
    readonly provider: { status?: number; code?: number | string } = {},
  ) {
    super(message);
    this.name = 'SmsTransportError';
    this.permanent = SMS_FAILURES[reason].permanent;
  }
}
