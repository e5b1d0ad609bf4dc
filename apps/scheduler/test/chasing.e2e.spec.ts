import { ChaseStore } from '@intake/application-chasing';
import { CreateIntake, IntakeStore, systemAccess } from '@intake/application-intakes';
import { type Principal } from '@intake/domain-accounts';
import { construct, type SmtpSink, type TestApp, useTestEnvironment } from '@intake/testing';
import { type ClockedScheduler, startClockedScheduler } from './clocked-scheduler';
import { givenOwner } from './given-owner';

/** 2031-03-26 is a Wednesday; Prague moves to summer time on Sunday 2031-03-30. */
const INVITED = new Date('2031-03-26T09:00:00Z'); // 10:00 in Prague (CET)
const DAY_MS = 24 * 3600 * 1000;

describe('chasing: the scheduler sends invitations and reminders (real Postgres, Redis and SMTP)', () => {
  const harness = useTestEnvironment();
  let scheduler: ClockedScheduler;
  let t: TestApp;
  let sink: SmtpSink;
  let owner: Extract<Principal, { kind: 'session' }>;

  beforeAll(async () => {
    scheduler = await startClockedScheduler(harness.environment.env);
    ({ t, sink } = scheduler);
    owner = await givenOwner(t, {
      name: 'Studio Nováková',
      plan: 'studio',
      default_language: 'cs',
      sender_name: 'Jana from Studio',
    });
  }, 60_000);
  afterAll(() => scheduler?.close(), 60_000);

  const create = (principal: Principal, project: string) =>
    construct(t.app, CreateIntake).execute({
      principal,
      body: {
        project_name: project,
        client: {
          email: `${project.toLowerCase()}@client.example`,
          name: 'Anna Schmidt',
          language: 'de',
          timezone: 'Europe/Prague',
          also_notify: [{ email: `assistant.${project.toLowerCase()}@client.example`, name: 'Eva' }],
        },
        items: [
          { key: 'logo', type: 'image', label: 'Logo' },
          { key: 'about', type: 'text', label: 'Über uns' },
        ],
      },
      meta: { ip: null, requestId: null },
    });

  it('sends the invitation and the default reminders at 10:00 Prague time across the DST change, then stalls; a test intake sends nothing', async () => {
    await scheduler.at(INVITED);
    const live = (await create(owner, 'Bakery')).intake;
    const test = (
      await create(
        { ...owner, kind: 'api_key', keyId: 'key_test', mode: 'test', scopes: ['admin'] } as never,
        'Sandbox',
      )
    ).intake;
    const intakes = t.app.get(IntakeStore, { strict: false });
    const chaseStore = t.app.get(ChaseStore, { strict: false });

    // The client's mail (chases); the owner's notifications are counted apart.
    const chaseMails = () => sink.messages.filter((m) => m.headers['x-intake-chase']);
    const sentPerDay: number[] = [];
    for (let day = 0; day <= 10; day += 1) {
      const before = chaseMails().length;
      const report = await scheduler.tickAt(new Date(INVITED.getTime() + day * DAY_MS + 60_000)); // a minute past
      expect(report.passes).toHaveProperty('chases');
      sentPerDay.push(chaseMails().length - before);
    }
    // Invitation on day 0, reminders on days 2, 5 and 9 of the default schedule.
    expect(sentPerDay).toEqual([1, 0, 1, 0, 0, 1, 0, 0, 0, 1, 0]);

    const chases = await chaseStore.chases(live.id);
    // To the second: the invitation went out a few milliseconds after the clock was set.
    expect(chases.map((c) => [c.kind, c.status, c.attempt_no, c.scheduled_at?.toISOString().slice(0, 19)])).toEqual([
      ['invite', 'sent', 0, '2031-03-26T09:00:00'],
      ['reminder', 'sent', 1, '2031-03-28T09:00:00'], // 10:00 CET
      ['reminder', 'sent', 2, '2031-03-31T08:00:00'], // 10:00 CEST, after the change
      ['reminder', 'sent', 3, '2031-04-04T08:00:00'],
    ]);
    const stalledAt = (await intakes.get(systemAccess(owner.accountId), live.id))?.stalled_at?.getTime() ?? 0;
    expect(stalledAt - (INVITED.getTime() + 9 * DAY_MS)).toBeGreaterThanOrEqual(60_000);
    expect(stalledAt - (INVITED.getTime() + 9 * DAY_MS)).toBeLessThan(120_000);

    // Every mail went to the client and the additional recipient, in German, from the sender's name.
    for (const mail of chaseMails()) {
      expect(mail.to.sort()).toEqual(['assistant.bakery@client.example', 'bakery@client.example']);
      expect(mail.headers['from']).toMatch(/Jana.*<noreply@intake\.example>/);
      expect(mail.subject).toContain('Unterlagen'); // "Unterlagen für Bakery", MIME-encoded
      expect(mail.headers['x-intake-chase']).toMatch(/^chs_/);
    }
    expect(chaseMails()[0]?.raw).toContain('/p/'); // the portal link
    // The owner was told of both stalls (the live and the test intake's), on the day of the stall.
    const ownerMails = sink.messages.filter((m) => m.headers['x-intake-notice']);
    expect(ownerMails.map((m) => m.to)).toEqual([
      [expect.stringContaining('@example.com')],
      [expect.stringContaining('@example.com')],
    ]);

    // The test intake ran the same schedule, skipped, and stalled too.
    const testChases = await chaseStore.chases(test.id);
    expect(testChases.map((c) => [c.kind, c.status])).toEqual([
      ['invite', 'skipped'],
      ['reminder', 'skipped'],
      ['reminder', 'skipped'],
      ['reminder', 'skipped'],
    ]);
    expect(sink.messages.some((m) => m.to.some((to) => to.includes('sandbox')))).toBe(false);
    expect((await intakes.get(systemAccess(owner.accountId), test.id))?.stalled_at).not.toBeNull();
  }, 120_000);
});
