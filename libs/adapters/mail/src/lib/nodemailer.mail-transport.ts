import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { createTransport, type Transporter } from 'nodemailer';
import { MailTransport, type OutgoingMail, type SentMail } from '@intake/application-mail';
import { buildRawMessage } from './mime-message';

export interface MailSettings {
  /** smtp:// or smtps:// URL; unset means the outbox directory. */
  smtpUrl?: string;
  outboxDir: string;
  from: string;
}

/**
 * What nodemailer sends: the message we built ourselves when it has the usual shape (see
 * buildRawMessage), else the fields for nodemailer's composer.
 */
function toMessage(mail: OutgoingMail, defaultFrom: string) {
  const built = buildRawMessage(mail, defaultFrom);
  if (built) return { envelope: built.envelope, raw: built.raw, messageId: built.messageId };
  return {
    from: mail.from ?? defaultFrom,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    replyTo: mail.replyTo,
    headers: mail.headers,
  };
}

/** Sends through an SMTP server. */
export class SmtpMailTransport extends MailTransport {
  readonly driver = 'smtp' as const;
  private readonly transporter: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    super();
    const url = new URL(smtpUrl);
    this.transporter = createTransport({
      host: url.hostname,
      port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587,
      secure: url.protocol === 'smtps:',
      auth: url.username
        ? {
            user: decodeURIComponent(url.username),
            pass: decodeURIComponent(url.password),
          }
        : undefined,
      // Plain SMTP to a local relay or sink: do not insist on STARTTLS unless asked in the URL.
      ignoreTLS: url.searchParams.get('starttls') !== 'required',
      requireTLS: url.searchParams.get('starttls') === 'required',
      connectionTimeout: 5_000,
      greetingTimeout: 5_000,
      socketTimeout: 30_000,
      pool: true,
      maxConnections: 5,
    });
  }

  async send(mail: OutgoingMail): Promise<SentMail> {
    const info = await this.transporter.sendMail(toMessage(mail, this.from));
    return { messageId: info.messageId };
  }

  async check(): Promise<void> {
    await this.transporter.verify();
  }

  close(): void {
    this.transporter.close();
  }
}

/** Writes each message as an .eml file into a directory: the development default. */
export class OutboxDirMailTransport extends MailTransport {
  readonly driver = 'outbox-dir' as const;
  private readonly dir: string;
  private readonly transporter = createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'windows',
  });

  constructor(
    dir: string,
    private readonly from: string,
  ) {
    super();
    this.dir = resolve(dir);
  }

  async send(mail: OutgoingMail): Promise<SentMail> {
    await mkdir(this.dir, { recursive: true });
    const info = await this.transporter.sendMail(toMessage(mail, this.from));
    const file = join(this.dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`);
    await writeFile(file, info.message as Buffer);
    return { messageId: info.messageId };
  }

  async check(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await access(this.dir, constants.W_OK);
  }
}

export function createMailTransport(settings: MailSettings): MailTransport {
  return settings.smtpUrl
    ? new SmtpMailTransport(settings.smtpUrl, settings.from)
    : new OutboxDirMailTransport(settings.outboxDir, settings.from);
}
