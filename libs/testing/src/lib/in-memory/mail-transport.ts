import { MailTransport, type OutgoingMail, type SentMail } from '@intake/application-mail';

/** A mail transport that keeps what it was given to send, from its default sender unless the mail names one. */
export class InMemoryMailTransport extends MailTransport {
  readonly driver = 'memory' as const;
  readonly sent: Array<OutgoingMail & SentMail & { from: string }> = [];
  /** Set to make sending fail as an unreachable SMTP server would. */
  failing = false;

  constructor(readonly from = 'Intake <no-reply@example.test>') {
    super();
  }

  async send(mail: OutgoingMail): Promise<SentMail> {
    if (this.failing) throw new Error('SMTP server unreachable');
    const sent = { ...mail, from: mail.from ?? this.from, messageId: `<${this.sent.length + 1}@memory>` };
    this.sent.push(sent);
    return { messageId: sent.messageId };
  }

  async check(): Promise<void> {
    if (this.failing) throw new Error('SMTP server unreachable');
  }
}
