import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SmtpSink } from '@intake/testing';
import { createMailTransport, OutboxDirMailTransport, SmtpMailTransport } from './nodemailer.mail-transport';

describe('mail transports', () => {
  describe('SMTP (in-process sink)', () => {
    let sink: SmtpSink;
    beforeAll(async () => {
      sink = await new SmtpSink().start();
    });
    afterAll(async () => {
      await sink.stop();
    });

    it('verifies and delivers a message', async () => {
      const transport = createMailTransport({
        smtpUrl: sink.url,
        outboxDir: '/nonexistent',
        from: 'Intake <no-reply@example.test>',
      });
      expect(transport).toBeInstanceOf(SmtpMailTransport);
      await expect(transport.check()).resolves.toBeUndefined();
      const sent = await transport.send({
        to: ['client@example.test'],
        subject: 'Podklady k projektu',
        text: 'Dobrý den',
      });
      await sink.waitFor(1);
      expect(sent.messageId).toMatch(/@/);
      expect(sink.messages[0]?.to).toEqual(['client@example.test']);
      expect(sink.messages[0]?.headers['message-id']).toBe(sent.messageId);
      expect(sink.messages[0]?.headers['from']).toContain('no-reply@example.test');
      (transport as SmtpMailTransport).close();
    });

    it('lets no line break in a name, subject or address add a header or a recipient, on either build path', async () => {
      const transport = new SmtpMailTransport(sink.url, 'Intake <no-reply@example.test>');
      try {
        const before = sink.messages.length;
        const hostile = {
          from: '"Jana\r\nBcc: a@evil.example" <no-reply@example.test>',
          replyTo: 'Owner\r\nBcc: c@evil.example <owner@studio.example>',
          subject: 'Site\r\nBcc: d@evil.example\r\n\r\nforged body',
          text: 'x',
        };
        // ASCII recipients: our own builder; a quoted CR LF local part: nodemailer's composer.
        await transport.send({ ...hostile, to: ['client@example.test'] });
        await transport.send({ ...hostile, to: ['client@example.test', '"x\r\nBcc: b@evil.example"@studio.example'] });
        await sink.waitFor(before + 2);
        const [built, composed] = sink.messages.slice(before);
        expect(built?.to).toEqual(['client@example.test']);
        // The quoted local part stays one (odd) address of studio.example, never a new recipient.
        expect(composed?.to.filter((address) => address.endsWith('@evil.example'))).toEqual([]);
        expect(composed?.to[0]).toBe('client@example.test');
        for (const message of [built, composed]) {
          const head = message?.raw.slice(0, message.raw.indexOf('\r\n\r\n')) ?? '';
          expect(head.split('\r\n').filter((line) => /^bcc:/i.test(line))).toEqual([]);
          expect(message?.headers['bcc']).toBeUndefined();
          expect(message?.subject.replace(/\s+/g, ' ')).toMatch(/^Site Bcc: d@evil\.example ?forged body$/);
        }
      } finally {
        transport.close();
      }
    });

    it('fails the check when the server is unreachable', async () => {
      const transport = new SmtpMailTransport('smtp://127.0.0.1:1', 'x@example.test');
      await expect(transport.check()).rejects.toThrow();
      transport.close();
    });
  });

  describe('outbox directory', () => {
    let dir: string;
    beforeEach(async () => {
      dir = await mkdtemp(join(tmpdir(), 'mail-outbox-'));
    });
    afterEach(async () => {
      await rm(dir, { recursive: true, force: true });
    });

    it('writes each message as an .eml file', async () => {
      const transport = createMailTransport({
        outboxDir: join(dir, 'out'),
        from: 'Intake <no-reply@example.test>',
      });
      expect(transport).toBeInstanceOf(OutboxDirMailTransport);
      await transport.check();
      await transport.send({
        to: ['a@example.test'],
        subject: 'Hello',
        text: 'Body text',
      });
      const files = await readdir(join(dir, 'out'));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      const raw = await readFile(join(dir, 'out', files[0] as string), 'utf8');
      expect(raw).toContain('Subject: Hello');
      expect(raw).toContain('To: a@example.test');
      expect(raw).toContain('Body text');
    });
  });
});
