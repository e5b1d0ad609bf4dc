import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Test } from '@nestjs/testing';
import { SmsTransport, SmsTransportError, SmsTransportProbe } from '@intake/application-sms';
import { DisabledSmsTransport } from './disabled.sms-transport';
import { OutboxDirSmsTransport } from './outbox-dir.sms-transport';
import { createSmsTransport } from './sms-settings';
import { SmsModule } from './sms.module';
import { TwilioSmsTransport } from './twilio.sms-transport';

describe('SMS drivers', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'sms-drivers-'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('chooses the driver the settings name', () => {
    expect(createSmsTransport({ driver: 'none' })).toBeInstanceOf(DisabledSmsTransport);
    expect(createSmsTransport({ driver: 'outbox-dir', outboxDir: root })).toBeInstanceOf(OutboxDirSmsTransport);
    const twilio = createSmsTransport({
      driver: 'twilio',
      baseUrl: 'https://api.twilio.com',
      accountSid: `AC${'1'.repeat(32)}`,
      authToken: 'token',
      from: '+15005550006',
    });
    expect(twilio).toBeInstanceOf(TwilioSmsTransport);
    expect(twilio.driver).toBe('twilio');
  });

  it('none: every send fails with a clear, temporary not_configured; its check passes', async () => {
    const transport = createSmsTransport({ driver: 'none' });
    expect(transport.driver).toBe('none');
    const sending = transport.send({ to: '+420601234567', body: 'Hello' });
    await expect(sending).rejects.toBeInstanceOf(SmsTransportError);
    await expect(sending).rejects.toMatchObject({
      reason: 'not_configured',
      permanent: false,
      message: 'SMS is not configured',
    });
    await expect(transport.check()).resolves.toBeUndefined();
  });

  it('outbox-dir: one readable JSON file per message, created with its directory', async () => {
    const dir = join(root, 'var', 'sms');
    const transport = new OutboxDirSmsTransport(dir);
    const { messageId } = await transport.send({ to: '+420601234567', body: 'Dobrý den\nřádek 2' });
    const files = await readdir(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(new RegExp(`^\\d{4}-\\d\\d-\\d\\dT[\\d-]+Z-\\d{6}-${messageId}\\.json$`));
    const content = JSON.parse(await readFile(join(dir, files[0] as string), 'utf8'));
    expect(content).toEqual({
      messageId,
      to: '+420601234567',
      body: 'Dobrý den\nřádek 2',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('SmsModule binds the configured driver and its readiness probe', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [SmsModule.forRoot({ driver: 'outbox-dir', outboxDir: root })],
    }).compile();
    expect(moduleRef.get(SmsTransport)).toBeInstanceOf(OutboxDirSmsTransport);
    const probe = moduleRef.get(SmsTransportProbe);
    expect(probe.dependency).toBe('sms_transport');
    await expect(probe.check()).resolves.toBeUndefined();
    await moduleRef.close();
  });
});
