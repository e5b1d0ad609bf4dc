import { SMS_MAX_BODY_LENGTH, type SmsTransport, SmsTransportError } from '@intake/application-sms';

/** A message as it reached the other side (the provider, the directory, the twin's list). */
export interface DeliveredSms {
  messageId: string;
  to: string;
  body: string;
}

export interface SmsTransportFixture {
  transport: SmsTransport;
  /** Everything that reached the other side so far, oldest first. */
  delivered(): Promise<DeliveredSms[]>;
  /** Breaks the other side the way an outage would (5xx, unwritable directory) until `restore`. */
  breakTemporarily(): Promise<void>;
  restore(): Promise<void>;
  /** Values that must never appear in an error's message (credentials). */
  secrets: string[];
  teardown(): Promise<void>;
}

async function refusal(promise: Promise<unknown>): Promise<SmsTransportError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(SmsTransportError);
    return error as SmsTransportError;
  }
  throw new Error('expected the transport to refuse');
}

/** The behaviour every SmsTransport that can send must have, run against each of them. */
export function describeSmsTransportContract(name: string, setup: () => Promise<SmsTransportFixture>): void {
  describe(`SmsTransport contract: ${name}`, () => {
    let f: SmsTransportFixture;
    const to = '+420601234567';

    beforeAll(async () => {
      f = await setup();
    });
    afterAll(async () => {
      await f?.teardown();
    });

    const deliveredSince = async (before: number) => (await f.delivered()).slice(before);

    it('names its driver and passes its check', async () => {
      expect(['twilio', 'outbox-dir', 'memory']).toContain(f.transport.driver);
      await expect(f.transport.check()).resolves.toBeUndefined();
    });

    it('sends a message and answers the id it is known by on the other side', async () => {
      const before = (await f.delivered()).length;
      const sent = await f.transport.send({ to, body: 'Dobrý den, chybí nám ještě 2 podklady.' });
      expect(typeof sent.messageId).toBe('string');
      expect(sent.messageId.length).toBeGreaterThan(0);
      expect(await deliveredSince(before)).toEqual([
        { messageId: sent.messageId, to, body: 'Dobrý den, chybí nám ještě 2 podklady.' },
      ]);
    });

    it('keeps the text exactly: diacritics, emoji, line breaks, form characters, the longest allowed', async () => {
      const bodies = [
        'Przypomnienie: prześlij proszę logo 📎\nhttps://portal.example.test/p/abc?x=1&y=2 +100% = ok',
        'x'.repeat(SMS_MAX_BODY_LENGTH),
      ];
      for (const body of bodies) {
        const before = (await f.delivered()).length;
        await f.transport.send({ to: '+48601234567', body });
        expect((await deliveredSince(before)).map((m) => m.body)).toEqual([body]);
      }
    });

    it('answers a different id for every message, also when sent at once', async () => {
      const before = (await f.delivered()).length;
      const sent = await Promise.all(
        Array.from({ length: 10 }, (_, i) => f.transport.send({ to: `+4206012345${10 + i}`, body: `message ${i}` })),
      );
      const ids = sent.map((s) => s.messageId);
      expect(new Set(ids).size).toBe(10);
      const delivered = await deliveredSince(before);
      expect(delivered.map((m) => m.messageId).sort()).toEqual([...ids].sort());
      expect(delivered.map((m) => m.body).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `message ${i}`).sort());
    });

    it.each([
      '',
      '420601234567',
      '+0420601234567',
      '+420 601 234 567',
      'tel:+420601234567',
      '+12345',
      '+1234567890123456',
    ])('refuses the number %j permanently as invalid_recipient and sends nothing', async (number) => {
      const before = (await f.delivered()).length;
      const error = await refusal(f.transport.send({ to: number, body: 'Hello' }));
      expect(error.reason).toBe('invalid_recipient');
      expect(error.permanent).toBe(true);
      expect(await deliveredSince(before)).toEqual([]);
    });

    it('refuses an empty or over-long text permanently as rejected and sends nothing', async () => {
      const before = (await f.delivered()).length;
      for (const body of ['', '  \n ', 'x'.repeat(SMS_MAX_BODY_LENGTH + 1)]) {
        const error = await refusal(f.transport.send({ to, body }));
        expect([error.reason, error.permanent]).toEqual(['rejected', true]);
      }
      expect(await deliveredSince(before)).toEqual([]);
    });

    it('fails temporarily during an outage, without a secret or the text in the error, and recovers', async () => {
      const body = 'Your portal code is 7f3a-secret-text';
      await f.breakTemporarily();
      try {
        const error = await refusal(f.transport.send({ to, body }));
        expect(error.permanent).toBe(false);
        expect(['unavailable', 'timeout']).toContain(error.reason);
        for (const text of [error.message, String(error.stack), JSON.stringify(error)]) {
          expect(text).not.toContain(body);
          for (const secret of f.secrets) expect(text).not.toContain(secret);
        }
        await expect(f.transport.check()).rejects.toBeInstanceOf(SmsTransportError);
      } finally {
        await f.restore();
      }
      await expect(f.transport.check()).resolves.toBeUndefined();
      const before = (await f.delivered()).length;
      const sent = await f.transport.send({ to, body: 'after the outage' });
      expect(await deliveredSince(before)).toEqual([{ messageId: sent.messageId, to, body: 'after the outage' }]);
    });
  });
}
