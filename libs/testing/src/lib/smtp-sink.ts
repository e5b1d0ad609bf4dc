import { type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  subject: string;
  headers: Record<string, string>;
  /** The body as sent (not MIME-decoded; enough for text assertions on our plain mails). */
  body: string;
}

function parseHeaders(raw: string): {
  headers: Record<string, string>;
  body: string;
} {
  const split = raw.indexOf('\r\n\r\n');
  const head = split === -1 ? raw : raw.slice(0, split);
  const body = split === -1 ? '' : raw.slice(split + 4);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

export interface SmtpSinkOptions {
  /**
   * A slow server: each message is kept as soon as its data has arrived, and acknowledged (250)
   * only this many milliseconds later, so a sender has messages in flight for a while.
   */
  acceptDelayMs?: number;
}

/** An in-process SMTP server on loopback that keeps every message it receives. */
export class SmtpSink {
  readonly messages: ReceivedMail[] = [];
  /**
   * Connection errors the server reported, such as the reset a killed sender leaves mid-message.
   * smtp-server emits them on the server, where an unheard 'error' would crash the test process.
   */
  readonly connectionErrors: Error[] = [];
  private server?: SMTPServer;
  private waiters: Array<{ count: number; resolve: () => void }> = [];
  port = 0;

  constructor(private readonly options: SmtpSinkOptions = {}) {}

  async start(): Promise<this> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const { headers, body } = parseHeaders(raw);
          this.messages.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            subject: headers['subject'] ?? '',
            headers,
            body,
          });
          this.notify();
          if (this.options.acceptDelayMs) setTimeout(callback, this.options.acceptDelayMs);
          else callback();
        });
      },
    });
    this.server.on('error', (error: Error) => this.connectionErrors.push(error));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
    return this;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Resolves once at least `count` messages have arrived (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs = 5_000): Promise<void> {
    if (this.messages.length >= count) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`only ${this.messages.length} of ${count} mails arrived`)),
        timeoutMs,
      );
      this.waiters.push({
        count,
        resolve: () => (clearTimeout(timer), resolve()),
      });
    });
  }

  /** How many messages arrived for each value of a header (say `x-intake-chase`). */
  countBy(header: string): Map<string, number> {
    const counts = new Map<string, number>();
    for (const mail of this.messages) {
      const value = mail.headers[header.toLowerCase()];
      if (value !== undefined) counts.set(value, (counts.get(value) ?? 0) + 1);
    }
    return counts;
  }

  private notify(): void {
    this.waiters = this.waiters.filter((w) => (this.messages.length >= w.count ? (w.resolve(), false) : true));
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

const utf8 = (bytes: number[]): string => Buffer.from(bytes).toString('utf8');

/** A header value with its RFC 2047 encoded words (`=?UTF-8?Q?…?=` or `?B?`) decoded. */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?') // white space between two encoded words is not text
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, text: string) => {
      if (encoding.toUpperCase() === 'B') return Buffer.from(text, 'base64').toString('utf8');
      const bytes: number[] = [];
      for (let i = 0; i < text.length; i += 1) {
        const c = text[i] as string;
        if (c === '_') bytes.push(0x20);
        else if (c === '=' && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
          bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
          i += 2;
        } else bytes.push(c.charCodeAt(0));
      }
      return utf8(bytes);
    });
}

/** A mail's body with quoted-printable undone (both parts of a text + HTML mail, as one text). */
export function decodeBody(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const c = joined[i] as string;
    if (c === '=' && /^[0-9A-F]{2}$/.test(joined.slice(i + 1, i + 3))) {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(c, 'utf8'));
  }
  return utf8(bytes);
}
