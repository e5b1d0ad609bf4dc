import { type ChaseStatus } from '@intake/application-intakes';

/** An e-mail chase that went out, as the mail provider's reports about it need it. */
export interface SentChase {
  id: string;
  intake_id: string;
  account_id: string;
  status: ChaseStatus;
  /** As the transport returned it when the chase was sent (nodemailer's `<…@…>`). */
  provider_message_id: string;
  /** Addresses the provider confirmed the message was delivered to. */
  delivered_to: string[];
  /** The provider reports already applied to it (`mailEventKey`), oldest first. */
  provider_events: string[];
}

/** What applying provider reports changed on a chase. */
export interface SentChaseChange {
  /** The status the chase had when read: the write is refused if it changed meanwhile. */
  from: ChaseStatus;
  status: ChaseStatus;
  delivered_to: readonly string[];
  /** The reports applied now; the write is refused if any of them was already recorded. */
  events: readonly string[];
}

/**
 * The chases table as the mail provider's reports (bounces, complaints, deliveries) see it: an
 * e-mail chase found by the message id it went out with, and what its reports changed.
 */
export abstract class SentChases {
  /**
   * The e-mail chase that went out with one of these message ids (given without angle brackets;
   * stored ids match with or without them); the most recently sent one should two share an id.
   */
  abstract findByMessageId(messageIds: readonly string[]): Promise<SentChase | undefined>;
  /**
   * Records applied reports: the new status and delivered addresses, the reports' keys appended.
   * False, and nothing written, when the status is no longer `change.from` or one of the reports
   * was recorded already (a concurrent delivery of the same notification).
   */
  abstract recordEvents(chaseId: string, change: SentChaseChange): Promise<boolean>;
}
