import { inspect } from 'node:util';
import { SmsTransportError } from '@intake/application-sms';
import { FakeSmsProvider } from '@intake/testing';
import { TWILIO_DEFAULT_TIMEOUT_MS, TwilioSmsTransport } from './twilio.sms-transport';

async function refusal(promise: Promise<unknown>): Promise<SmsTransportError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(SmsTransportError);
    return error as SmsTransportError;
  }
  throw new Error('expected a refusal');
}

describe('TwilioSmsTransport', () => {
  let fake: FakeSmsProvider;
  const to = '+420601234567';
  const body = 'Dobrý den, pošlete prosím logo: https://portal.example.test/p/x';

  beforeAll(async () => {
    fake = await new FakeSmsProvider().start();
  });
  afterAll(async () => {
    await fake.stop();
  });
  beforeEach(() => fake.reset());

  /** Every rendering of an error an operator might see holds no credential and no message text. */
  const expectNothingSecret = (error: SmsTransportError) => {
    const renderings = [error.message, String(error.stack), JSON.stringify(error), inspect(error)];
    for (const text of renderings) {
      expect(text).not.toContain(fake.authToken);
      expect(text).not.toContain(Buffer.from(`${fake.accountSid}:${fake.authToken}`).toString('base64'));
      expect(text).not.toContain(body);
      expect(text).not.toContain(to);
    }
  };

  describe('the request', () => {
    it('POSTs To, From and Body form-encoded to the account Messages.json with Basic auth', async () => {
      const transport = new TwilioSmsTransport(fake.settings({ from: '+15005550006' }));
      const sent = await transport.send({ to, body });
      expect(fake.requests).toHaveLength(1);
      const request = fake.requests[0];
      expect(request?.method).toBe('POST');
      expect(request?.path).toBe(`/2010-04-01/Accounts/${fake.accountSid}/Messages.json`);
      expect(request?.contentType).toMatch(/^application\/x-www-form-urlencoded/);
      expect(request?.fields).toEqual({ To: to, From: '+15005550006', Body: body });
      expect(request?.auth).toEqual({ username: fake.accountSid, password: fake.authToken });
      expect(sent.messageId).toMatch(/^SM[0-9a-f]{32}$/);
      expect(fake.messages).toEqual([expect.objectContaining({ sid: sent.messageId, to, body, from: '+15005550006' })]);
    });

    it('sends MessagingServiceSid instead of From when a messaging service is set', async () => {
      const service = `MG${'0'.repeat(32)}`;
      const transport = new TwilioSmsTransport({ ...fake.settings({ messagingServiceSid: service }) });
      await transport.send({ to, body: 'Hi' });
      expect(fake.requests[0]?.fields).toEqual({ To: to, MessagingServiceSid: service, Body: 'Hi' });
    });

    it('keeps a path in the base URL and ignores a trailing slash', async () => {
      const transport = new TwilioSmsTransport({ ...fake.settings(), baseUrl: `${fake.url}/` });
      await transport.send({ to, body: 'Hi' });
      expect(fake.requests[0]?.path).toBe(`/2010-04-01/Accounts/${fake.accountSid}/Messages.json`);
      const prefixed = new TwilioSmsTransport({ ...fake.settings(), baseUrl: `${fake.url}/proxy/twilio` });
      await expect(prefixed.send({ to, body: 'Hi' })).rejects.toMatchObject({
        reason: 'rejected',
        provider: { status: 404 },
      });
      expect(fake.requests[1]?.path).toBe(`/proxy/twilio/2010-04-01/Accounts/${fake.accountSid}/Messages.json`);
    });

    it('asks nothing of the provider for a number that is not E.164 or an empty text', async () => {
      const transport = new TwilioSmsTransport(fake.settings());
      await expect(transport.send({ to: '601234567', body })).rejects.toMatchObject({ reason: 'invalid_recipient' });
      await expect(transport.send({ to, body: '' })).rejects.toMatchObject({ reason: 'rejected' });
      expect(fake.requests).toEqual([]);
    });

    it('needs a sender and waits 10 s by default', () => {
      expect(() => new TwilioSmsTransport({ ...fake.settings({}) })).toThrow(/sender/);
      expect(new TwilioSmsTransport(fake.settings()).timeoutMs).toBe(TWILIO_DEFAULT_TIMEOUT_MS);
      expect(TWILIO_DEFAULT_TIMEOUT_MS).toBe(10_000);
    });

    it('never shows the token when the transport itself is printed', () => {
      const transport = new TwilioSmsTransport(fake.settings());
      expect(inspect(transport, { depth: 5, showHidden: true })).not.toContain(fake.authToken);
      expect(JSON.stringify(transport)).not.toContain(fake.authToken);
    });
  });

  describe('refusals', () => {
    it.each([
      ['+15005550001', 21211],
      ['+15005550002', 21612],
      ['+15005550004', 21610],
      ['+15005550009', 21614],
    ])('%s (Twilio %i) is a permanent invalid_recipient', async (number, code) => {
      const error = await refusal(new TwilioSmsTransport(fake.settings()).send({ to: number, body }));
      expect(error).toMatchObject({ reason: 'invalid_recipient', permanent: true, provider: { status: 400, code } });
      expect(error.message).toContain(`Twilio error ${code} (HTTP 400)`);
      expect(error.message).not.toContain(number);
      expect(error.message).not.toContain(body);
    });

    it('another 4xx (no permission for the region) is a permanent rejection, not the number’s fault', async () => {
      const error = await refusal(new TwilioSmsTransport(fake.settings()).send({ to: '+15005550003', body }));
      expect(error).toMatchObject({ reason: 'rejected', permanent: true, provider: { status: 400, code: 21408 } });
    });

    it('an invalid number reported by the provider is permanent and its message keeps no secret', async () => {
      fake.fail('invalid-number', 1);
      const error = await refusal(new TwilioSmsTransport(fake.settings()).send({ to, body }));
      expect(error).toMatchObject({ reason: 'invalid_recipient', permanent: true });
      expect(error.message).toMatch(/Invalid 'To' Phone Number: \[number\]/);
      expectNothingSecret(error);
    });

    it('a wrong token is unauthorized: temporary (an operator can fix it) and the token is not echoed', async () => {
      const transport = new TwilioSmsTransport({ ...fake.settings(), authToken: 'wrong-token-0123456789' });
      const error = await refusal(transport.send({ to, body }));
      expect(error).toMatchObject({ reason: 'unauthorized', permanent: false, provider: { status: 401, code: 20003 } });
      expect(error.message).not.toContain('wrong-token-0123456789');
      expectNothingSecret(error);
      await expect(transport.check()).rejects.toMatchObject({ reason: 'unauthorized' });
    });

    it.each([
      ['server-error', 500],
      ['rate-limited', 429],
      ['html-bad-gateway', 502],
    ] as const)('%s (HTTP %i) is a temporary unavailable', async (mode, status) => {
      fake.fail(mode, 1);
      const transport = new TwilioSmsTransport(fake.settings());
      const error = await refusal(transport.send({ to, body }));
      expect(error).toMatchObject({ reason: 'unavailable', permanent: false, provider: { status } });
      expectNothingSecret(error);
      await transport.send({ to, body });
      expect(fake.messages).toHaveLength(1);
    });

    it('gives up after its time-out when the provider does not answer, as a temporary timeout', async () => {
      fake.fail('hang', 1);
      const transport = new TwilioSmsTransport({ ...fake.settings(), timeoutMs: 300 });
      const started = Date.now();
      const error = await refusal(transport.send({ to, body }));
      const waited = Date.now() - started;
      expect(error).toMatchObject({ reason: 'timeout', permanent: false });
      expect(error.message).toBe('SMS provider did not answer within 300 ms');
      expect(waited).toBeGreaterThanOrEqual(250);
      expect(waited).toBeLessThan(3_000);
      expect(fake.requests).toHaveLength(1);
      expectNothingSecret(error);
    });

    it('an unreachable provider is a temporary unavailable naming the network error only', async () => {
      const closed = await new FakeSmsProvider().start();
      await closed.stop();
      const transport = new TwilioSmsTransport({ ...fake.settings(), baseUrl: closed.url });
      const error = await refusal(transport.send({ to, body }));
      expect(error).toMatchObject({ reason: 'unavailable', permanent: false });
      expect(error.message).toBe('SMS provider unreachable (ECONNREFUSED)');
      await expect(transport.check()).rejects.toMatchObject({ reason: 'unavailable' });
    });
  });

  describe('check', () => {
    it('fetches the account with the same credentials', async () => {
      await expect(new TwilioSmsTransport(fake.settings()).check()).resolves.toBeUndefined();
      expect(fake.requests).toEqual([
        expect.objectContaining({
          method: 'GET',
          path: `/2010-04-01/Accounts/${fake.accountSid}.json`,
          auth: { username: fake.accountSid, password: fake.authToken },
        }),
      ]);
    });

    it('fails while the provider fails', async () => {
      fake.fail('server-error', 1);
      await expect(new TwilioSmsTransport(fake.settings()).check()).rejects.toMatchObject({
        reason: 'unavailable',
        message: expect.stringContaining('HTTP 500'),
      });
    });
  });
});
