import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DeliveredMail, describeMailTransportContract, SmtpSink } from '@intake/testing';
import { OutboxDirMailTransport, SmtpMailTransport } from './nodemailer.mail-transport';

const FROM = 'Intake <no-reply@example.test>';

/** The header block of a raw message, unfolded, with lower-case names. */
function headersOf(raw: string): Record<string, string> {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n'));
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

describeMailTransportContract('SMTP (in-process sink)', async () => {
  const sink = await new SmtpSink().start();
  const transports = [new SmtpMailTransport(sink.url, FROM)];
  return {
    transport: transports[0] as SmtpMailTransport,
    defaultFrom: 'no-reply@example.test',
    delivered: async (count) => {
      await sink.waitFor(count);
      return sink.messages.map(
        (m): DeliveredMail => ({
          from: m.headers['from'] ?? '',
          to: m.to,
          subject: m.subject,
          body: m.body,
          headers: m.headers,
          messageId: m.headers['message-id'] ?? '',
        }),
      );
    },
    unreachable: () => {
      const transport = new SmtpMailTransport('smtp://127.0.0.1:1', FROM);
      transports.push(transport);
      return transport;
    },
    teardown: async () => {
      for (const transport of transports) transport.close();
      await sink.stop();
    },
  };
});

describeMailTransportContract('outbox directory', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'mail-contract-'));
  const outbox = join(dir, 'outbox');
  const blocker = join(dir, 'not-a-directory');
  await writeFile(blocker, 'x');
  // Each call finds the files written since the last one: the contract reads after every send.
  const seen: string[] = [];
  const delivered: DeliveredMail[] = [];
  return {
    transport: new OutboxDirMailTransport(outbox, FROM),
    defaultFrom: 'no-reply@example.test',
    delivered: async () => {
      for (const file of (await readdir(outbox)).filter((f) => !seen.includes(f)).sort()) {
        seen.push(file);
        const raw = await readFile(join(outbox, file), 'utf8');
        const headers = headersOf(raw);
        delivered.push({
          from: headers['from'] ?? '',
          to: (headers['to'] ?? '').split(/,\s*/),
          subject: headers['subject'] ?? '',
          body: raw.slice(raw.indexOf('\r\n\r\n') + 4),
          headers,
          messageId: headers['message-id'] ?? '',
        });
      }
      return delivered;
    },
    // A directory that cannot be made: its parent is a file.
    unreachable: () => new OutboxDirMailTransport(join(blocker, 'outbox'), FROM),
    teardown: () => rm(dir, { recursive: true, force: true }),
  };
});
