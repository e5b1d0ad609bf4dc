/** One outgoing e-mail, in domain terms (no transport options). */
export interface OutgoingMail {
  to: string[];
  subject: string;
  text: string;
  html?: string;
  from?: string;
  replyTo?: string;
  /** Extra headers, e.g. a list-unsubscribe or our own correlation id. */
  headers?: Record<string, string>;
}

export interface SentMail {
  /** The transport's message id, used to match provider events (bounces) later. */
  messageId: string;
}

/** Sends e-mail. Adapters: SMTP (production) and a directory of `.eml` files (development). */
export abstract class MailTransport {
  abstract readonly driver: 'smtp' | 'outbox-dir' | 'memory';
  abstract send(mail: OutgoingMail): Promise<SentMail>;
  /** Resolves when the transport can accept mail; rejects with an operator-safe message. */
  abstract check(): Promise<void>;
}
