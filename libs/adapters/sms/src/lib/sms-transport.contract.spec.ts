import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeSmsTransportContract, FakeSmsProvider } from '@intake/testing';
import { OutboxDirSmsTransport, type OutboxSms } from './outbox-dir.sms-transport';
import { TwilioSmsTransport } from './twilio.sms-transport';

describeSmsTransportContract('Twilio (fake provider on loopback)', async () => {
  const fake = await new FakeSmsProvider().start();
  return {
    transport: new TwilioSmsTransport(fake.settings()),
    delivered: async () => fake.messages.map(({ sid, to, body }) => ({ messageId: sid, to, body })),
    breakTemporarily: async () => fake.fail('server-error'),
    restore: async () => fake.heal(),
    secrets: [fake.authToken, Buffer.from(`${fake.accountSid}:${fake.authToken}`).toString('base64')],
    teardown: () => fake.stop(),
  };
});

describeSmsTransportContract('outbox directory', async () => {
  const root = await mkdtemp(join(tmpdir(), 'sms-outbox-'));
  const dir = join(root, 'sms');
  return {
    transport: new OutboxDirSmsTransport(dir),
    delivered: async () => {
      const files = (await readdir(dir).catch(() => [])).filter((name) => name.endsWith('.json')).sort();
      return Promise.all(
        files.map(async (name) => {
          const m = JSON.parse(await readFile(join(dir, name), 'utf8')) as OutboxSms;
          return { messageId: m.messageId, to: m.to, body: m.body };
        }),
      );
    },
    // A file where the directory should be: nothing can be written until it is gone.
    breakTemporarily: async () => {
      await rm(dir, { recursive: true, force: true });
      await writeFile(dir, 'not a directory');
    },
    restore: async () => rm(dir, { force: true }),
    secrets: [],
    teardown: () => rm(root, { recursive: true, force: true }),
  };
});
