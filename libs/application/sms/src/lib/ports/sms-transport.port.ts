/** One outgoing text message, in domain terms (no provider options). */
export interface OutgoingSms {
  /** The recipient in E.164 (`+420601234567`); anything else is refused as `invalid_recipient`. */
  to: string;
  /** The text as the client reads it; not empty, at most SMS_MAX_BODY_LENGTH characters. */
  body: string;
}

export interface SentSms {
  /** The provider's message id (Twilio's `SM…` sid), used to match delivery reports later. */
  messageId: string;
}

/**
 * Which implementation is bound: an SMS provider's HTTP API, a directory of JSON files
 * (development), the in-memory twin (tests) or none (SMS switched off; sending fails).
 */
export type SmsDriver = 'twilio' | 'outbox-dir' | 'memory' | 'none';

/**
 * Sends text messages (SMS chases). Adapters: Twilio's Messages API (production), one JSON file
 * per message in a directory (development) and `none` (the default: SMS is not configured).
 *
 * `send` resolves once the provider has accepted the message (accepted, not delivered: delivery
 * is reported later against `messageId`). It rejects only with `SmsTransportError`, whose
 * `permanent` flag says whether sending the same message again can ever succeed and whose
 * message is safe to show an operator (no credential, no message text).
 */
export abstract class SmsTransport {
  abstract readonly driver: SmsDriver;
  abstract send(sms: OutgoingSms): Promise<SentSms>;
  /**
   * Resolves when the transport can accept messages; rejects with an operator-safe message.
   * The `none` driver resolves: SMS switched off is a configuration, not an outage.
   */
  abstract check(): Promise<void>;
}
