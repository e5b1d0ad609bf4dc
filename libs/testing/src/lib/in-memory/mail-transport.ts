import { MailTransport, type OutgoingMail, type SentMail } from '@intake/application-mail';

/** A mail transport that keeps what it was given to send. */
export class InMemoryMailTransport extends MailTransport {
  readonly driver = 'memory' as const;
  readonly sent: Array<OutgoingMail & SentMail> = [];
  /** Set to make sending fail as an unreachable SMTP server would. */
  failing = false;

  async send(mail: OutgoingMail): Promise<SentMail> {
    if (this.failing) throw new Error('SMTP server unreachable');
    const sent = { ...mail, messageId: `<${this.sent.length + 1}@memory>` };
    this.sent.push(sent);
    return { messageId: sent.messageId };
  }

  async check(): Promise<void> {
    if (this.failing) throw new Error('SMTP server unreachable');
  }
}
