import { UsageStore } from '@intake/application-accounts';
import { ChaseStore, RecordManualChase } from '@intake/application-chasing';
import { CreateIntake } from '@intake/application-intakes';
import { type Principal } from '@intake/domain-accounts';
import { Sql } from '@intake/postgres';
import { construct, FakeSmsProvider, type TestApp, useTestEnvironment } from '@intake/testing';
import { type ClockedScheduler, startClockedScheduler } from './clocked-scheduler';
import { givenOwner } from './given-owner';

const NOW = new Date('2031-05-06T10:00:00Z');
const META = { ip: null, requestId: null };

describe('SMS chases: the scheduler texts the client through the Twilio adapter (real Postgres and Redis, fake Twilio)', () => {
  const harness = useTestEnvironment();
  const twilio = new FakeSmsProvider();
  let scheduler: ClockedScheduler;
  let t: TestApp;
  let owner: Extract<Principal, { kind: 'session' }>;

  beforeAll(async () => {
    await twilio.start();
    const settings = twilio.settings();
    scheduler = await startClockedScheduler({
      ...harness.environment.env,
      TWILIO_BASE_URL: settings.baseUrl,
      TWILIO_ACCOUNT_SID: settings.accountSid,
      TWILIO_AUTH_TOKEN: settings.authToken,
      TWILIO_FROM: settings.from,
    });
    t = scheduler.t;
    await scheduler.at(NOW);
    owner = await givenOwner(t, { plan: 'solo', name: 'Studio Nova', sender_name: 'Jana' });
  }, 60_000);
  afterAll(async () => {
    await scheduler?.close();
    await twilio.stop();
  }, 60_000);

  const tick = () => scheduler.tick();

  async function smsChase(project: string) {
    const { intake } = await construct(t.app, CreateIntake).execute({
      principal: owner,
      body: {
        project_name: project,
        client: { email: 'anna@client.example', name: 'Anna', language: 'de', phone: '+420601234567' },
        items: [{ key: 'logo', type: 'image', label: 'Logo' }],
      },
      meta: META,
    });
    const chase = await construct(t.app, RecordManualChase).execute({
      principal: owner,
      intakeId: intake.id,
      channel: 'sms',
      meta: META,
    });
    return { intake, chase };
  }

  const row = async (chaseId: string) =>
    (
      await t.app.get(Sql, { strict: false }).query<{
        status: string;
        provider_message_id: string | null;
        recipients: string[];
        error: string | null;
      }>(`SELECT status, provider_message_id, recipients, error FROM chases WHERE id = $1`, [chaseId])
    )[0];
  const smsUsed = async () => (await t.app.get(UsageStore, { strict: false }).get(owner.accountId, '2031-05')).sms_sent;

  it('sends the text to the client’s phone in their language with the portal link, and stores Twilio’s message sid', async () => {
    const { intake, chase } = await smsChase('Bäckerei');
    await tick();
    expect(twilio.messages).toHaveLength(1);
    const [sms] = twilio.messages;
    expect(sms).toMatchObject({ to: '+420601234567', from: '+15005550006' });
    expect(sms?.body).toBe(
      `Jana: Für Bäckerei fehlen noch Unterlagen. Bitte senden Sie sie hier: ${t.config.portalUrl}/${intake.slug}`,
    );
    expect(await row(chase.id)).toEqual({
      status: 'sent',
      provider_message_id: sms?.sid,
      recipients: ['+420601234567'],
      error: null,
    });
    const chases = await t.app.get(ChaseStore, { strict: false }).chases(intake.id);
    expect(chases.find((c) => c.id === chase.id)).toMatchObject({ channel: 'sms', kind: 'manual', status: 'sent' });
    expect(await smsUsed()).toBe(1);
  }, 60_000);

  it('records a number Twilio refuses as failed at once, without retrying, and gives the credit back', async () => {
    twilio.reset();
    twilio.fail('invalid-number');
    const { chase } = await smsChase('Metzgerei');
    expect(await smsUsed()).toBe(2);
    await tick();
    twilio.heal();
    expect(await row(chase.id)).toMatchObject({ status: 'failed', provider_message_id: null });
    expect((await row(chase.id))?.error).toContain('21211');
    expect(twilio.requests).toHaveLength(1);
    expect(await smsUsed()).toBe(1);
  }, 60_000);
});
