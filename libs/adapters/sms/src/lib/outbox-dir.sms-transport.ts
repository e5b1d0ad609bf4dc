import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import {
  assertSendableSms,
  type OutgoingSms,
  type SentSms,
  SmsTransport,
  SmsTransportError,
} from '@intake/application-sms';

/** What one file in the outbox holds. */
export interface OutboxSms {
  messageId: string;
  to: string;
  body: string;
  /** ISO 8601, when the message was written. */
  createdAt: string;
}

/** Orders files written in the same millisecond by this process. */
let sequence = 0;

function fsCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : 'error';
}

/**
 * Writes each message as one JSON file (OutboxSms) into a directory: the development driver, so
 * a developer can read what a client would have received. File names sort in the order written.
 */
export class OutboxDirSmsTransport extends SmsTransport {
  readonly driver = 'outbox-dir' as const;
  readonly dir: string;

  constructor(dir: string) {
    super();
    this.dir = resolve(dir);
  }

  async send(sms: OutgoingSms): Promise<SentSms> {
    assertSendableSms(sms);
    const createdAt = new Date().toISOString();
    const messageId = `outbox-${randomUUID()}`;
    sequence = (sequence + 1) % 1_000_000;
    const stamp = `${createdAt.replace(/[:.]/g, '-')}-${String(sequence).padStart(6, '0')}`;
    const file = join(this.dir, `${stamp}-${messageId}.json`);
    const content: OutboxSms = { messageId, to: sms.to, body: sms.body, createdAt };
    try {
      await mkdir(this.dir, { recursive: true });
      // Written aside and renamed, so whoever watches the directory never reads half a file.
      await writeFile(`${file}.tmp`, `${JSON.stringify(content, null, 2)}\n`);
      await rename(`${file}.tmp`, file);
    } catch (error) {
      throw new SmsTransportError('unavailable', `cannot write to the SMS outbox directory (${fsCode(error)})`);
    }
    return { messageId };
  }

  async check(): Promise<void> {
    try {
      await mkdir(this.dir, { recursive: true });
      await access(this.dir, constants.W_OK);
    } catch (error) {
      throw new SmsTransportError('unavailable', `the SMS outbox directory is not writable (${fsCode(error)})`);
    }
  }
}
