import { type MailTransport } from '@intake/application-mail';

/** A message as it arrived (at the SMTP server, in the outbox directory, in memory). */
export interface DeliveredMail {
  from: string;
  to: string[];
  subject: string;
  /** The message's text as it arrived (MIME-encoded for a wire transport): assert with toContain. */
  body: string;
  headers: Record<string, string>;
  messageId: string;
}

export interface MailTransportFixture {
  transport: MailTransport;
  /** The sender a mail without `from` is sent as. */
  defaultFrom: string;
  /** Every message delivered so far, oldest first (waits for `count` when a wire transport needs it). */
  delivered(count: number): Promise<DeliveredMail[]>;
  /** The same transport pointed at a server (or place) that cannot take mail. */
  unreachable(): MailTransport;
  teardown(): Promise<void>;
}

/**
 * The behaviour every MailTransport must have, run against SMTP (the in-process sink), the outbox
 * directory and the in-memory twin: what is sent arrives as given, each message with its own id,
 * and a transport that cannot deliver says so.
 */
export function describeMailTransportContract(name: string, setup: () => Promise<MailTransportFixture>): void {
  describe(`MailTransport contract: ${name}`, () => {
    let fixture: MailTransportFixture;
    let sent = 0;
    /** Sends, and returns what arrived of it. */
    const deliver = async (mail: Parameters<MailTransport['send']>[0]) => {
      const { messageId } = await fixture.transport.send(mail);
      sent += 1;
      const arrived = (await fixture.delivered(sent)).at(-1);
      return { messageId, arrived: arrived as DeliveredMail };
    };

    beforeAll(async () => {
      fixture = await setup();
    }, 60_000);
    afterAll(async () => {
      await fixture?.teardown();
    }, 60_000);

    it('accepts mail when it can deliver', async () => {
      await expect(fixture.transport.check()).resolves.toBeUndefined();
    });

    it('delivers the message as given, from the default sender', async () => {
      const { messageId, arrived } = await deliver({
        to: ['client@example.test', 'colleague@example.test'],
        subject: 'Materials for your website',
        text: 'Hello, please upload the logo.',
      });
      expect(arrived.to).toEqual(['client@example.test', 'colleague@example.test']);
      expect(arrived.subject).toBe('Materials for your website');
      expect(arrived.body).toContain('Hello, please upload the logo.');
      expect(arrived.from).toContain(fixture.defaultFrom);
      expect(arrived.messageId).toBe(messageId);
    });

    it('honours a sender, a reply-to address and extra headers', async () => {
      const { arrived } = await deliver({
        to: ['client@example.test'],
        subject: 'Reminder',
        text: 'Still waiting for the logo.',
        from: 'Studio <studio@example.test>',
        replyTo: 'owner@example.test',
        headers: { 'X-Intake-Id': 'in_123' },
      });
      expect(arrived.from).toContain('studio@example.test');
      expect(arrived.headers['reply-to']).toContain('owner@example.test');
      expect(arrived.headers['x-intake-id']).toBe('in_123');
    });

    it('gives every message its own id', async () => {
      const ids = [];
      for (const subject of ['one', 'two', 'three']) {
        ids.push((await deliver({ to: ['a@example.test'], subject, text: subject })).messageId);
      }
      expect(new Set(ids).size).toBe(3);
      expect(ids.every((id) => id.length > 0)).toBe(true);
    });

    it('fails the check and the send when it cannot deliver', async () => {
      const transport = fixture.unreachable();
      await expect(transport.check()).rejects.toThrow();
      await expect(transport.send({ to: ['a@example.test'], subject: 'lost', text: 'lost' })).rejects.toThrow();
    });
  });
}
