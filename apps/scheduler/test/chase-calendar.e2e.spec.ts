import { ChaseStore } from '@intake/application-chasing';
import { CreateIntake } from '@intake/application-intakes';
import { type Principal } from '@intake/domain-accounts';
import { construct, type SmtpSink, type TestApp, useTestEnvironment } from '@intake/testing';
import { type ClockedScheduler, startClockedScheduler } from './clocked-scheduler';
import { givenOwner } from './given-owner';

const MINUTE = 60_000;

describe('chasing on the calendar: weekends and quiet hours under the test clock (real Postgres, Redis and SMTP)', () => {
  const harness = useTestEnvironment();
  let scheduler: ClockedScheduler;
  let t: TestApp;
  let sink: SmtpSink;
  let owner: Extract<Principal, { kind: 'session' }>;

  beforeAll(async () => {
    scheduler = await startClockedScheduler(harness.environment.env);
    ({ t, sink } = scheduler);
    owner = await givenOwner(t, { name: 'Studio Nova', plan: 'studio' });
  }, 60_000);
  afterAll(() => scheduler?.close(), 60_000);

  /** Chase mails to `email` (the owner's notifications carry another header). */
  const chasesTo = (email: string) =>
    sink.messages.filter((m) => m.headers['x-intake-chase'] && m.to.includes(email)).length;

  const create = (email: string, timezone: string, settings: Record<string, unknown>) =>
    construct(t.app, CreateIntake).execute({
      principal: owner,
      body: {
        project_name: `Project for ${email}`,
        client: { email, name: 'Client', language: 'en', timezone },
        items: [{ key: 'logo', type: 'image', label: 'Logo' }],
        ...settings,
      },
      meta: { ip: null, requestId: null },
    });

  const reminders = async (intakeId: string) =>
    (await t.app.get(ChaseStore, { strict: false }).chases(intakeId))
      .filter((c) => c.kind === 'reminder')
      .map((c) => [c.status, c.attempt_no, c.scheduled_at?.toISOString().slice(0, 16)]);

  it('the gentle schedule moves a reminder that falls on Sunday to Monday 08:00 local, and never sends on the weekend', async () => {
    // Thursday 2031-04-03 10:00 in Prague (CEST): day 3 is Sunday, day 8 a Friday.
    const invited = new Date('2031-04-03T08:00:00Z');
    await scheduler.at(invited);
    const email = 'gentle@client.example';
    const { intake } = await create(email, 'Europe/Prague', { chase_schedule: 'gentle' });

    await scheduler.tickAt(new Date(invited.getTime() + MINUTE));
    expect(chasesTo(email)).toBe(1); // the invitation

    // Hour by hour through Saturday and Sunday local time: nothing goes out.
    for (let at = Date.parse('2031-04-04T22:00:00Z'); at <= Date.parse('2031-04-06T21:00:00Z'); at += 3 * 3600_000) {
      await scheduler.tickAt(new Date(at));
    }
    expect(chasesTo(email)).toBe(1);
    await scheduler.tickAt(new Date('2031-04-07T05:59:00Z')); // Monday 07:59 in Prague
    expect(chasesTo(email)).toBe(1);
    await scheduler.tickAt(new Date('2031-04-07T06:01:00Z')); // Monday 08:01
    expect(chasesTo(email)).toBe(2);
    await scheduler.tickAt(new Date('2031-04-11T08:01:00Z')); // Friday of day 8, 10:01
    expect(chasesTo(email)).toBe(3);

    expect(await reminders(intake.id)).toEqual([
      ['sent', 1, '2031-04-07T06:00'], // Monday 08:00 CEST
      ['sent', 2, '2031-04-11T08:00'], // Friday 10:00 CEST, at the invitation's time of day
      ['scheduled', 3, '2031-04-25T08:00'], // day 22, two weeks after day 8
    ]);
  }, 120_000);

  it('a reminder due at night in the client’s zone waits for 08:00; without quiet hours it goes at once', async () => {
    // Wednesday 2031-06-04 22:30 in New York (EDT): the default schedule's day 2 is Friday 22:30.
    const invited = new Date('2031-06-05T02:30:00Z');
    await scheduler.at(invited);
    const quiet = 'night@client.example';
    const loud = 'night-owl@client.example';
    const held = (await create(quiet, 'America/New_York', {})).intake;
    const free = (await create(loud, 'America/New_York', { respect_quiet_hours: false })).intake;

    await scheduler.tickAt(new Date(invited.getTime() + MINUTE));
    expect([chasesTo(quiet), chasesTo(loud)]).toEqual([1, 1]); // the invitations go at once

    await scheduler.tickAt(new Date('2031-06-07T02:31:00Z')); // Friday 22:31 in New York
    expect([chasesTo(quiet), chasesTo(loud)]).toEqual([1, 2]);
    await scheduler.tickAt(new Date('2031-06-07T11:59:00Z')); // Saturday 07:59
    expect(chasesTo(quiet)).toBe(1);
    await scheduler.tickAt(new Date('2031-06-07T12:01:00Z')); // Saturday 08:01
    expect([chasesTo(quiet), chasesTo(loud)]).toEqual([2, 2]);

    expect((await reminders(held.id))[0]).toEqual(['sent', 1, '2031-06-07T12:00']); // 08:00 EDT
    expect((await reminders(free.id))[0]).toEqual(['sent', 1, '2031-06-07T02:30']); // 22:30 EDT
  }, 120_000);
});
