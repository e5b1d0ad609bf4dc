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
