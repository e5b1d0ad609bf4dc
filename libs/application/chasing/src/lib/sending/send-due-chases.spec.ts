import { CreateIntake, type CreateIntakeInput, systemAccess } from '@intake/application-intakes';
import { type GivenAccount, givenAccount, givenChase, givenIntake, InMemoryContext, META } from '@intake/testing';
import { CHASE_BATCH, SchedulerIdentity, SendDueChases } from './send-due-chases';
import { MAX_SEND_ATTEMPTS } from './deliver-chase';

const body = (overrides: Partial<CreateIntakeInput> = {}): CreateIntakeInput => ({
  project_name: 'Bakery site',
  client: { email: 'anna@bakery.example', name: 'Anna', language: 'de', timezone: 'Europe/Prague' },
  items: [
    { key: 'logo', type: 'image', label: 'Logo' },
    { key: 'about', type: 'text', label: 'About us' },
  ],
  ...overrides,
});

describe('SendDueChases', () => {
  let context: InMemoryContext;
  let given: GivenAccount;
  let pass: SendDueChases;

  beforeEach(async () => {
    context = new InMemoryContext();
    given = await givenAccount(context, { plan: 'agency' });
    pass = context.use(SendDueChases);
  });

  const create = async (principal = given.liveKey, overrides: Partial<CreateIntakeInput> = {}) =>
    (await context.use(CreateIntake).execute({ principal, body: body(overrides), meta: META })).intake;
  const chases = async (intakeId: string) =>
    (await context.chases.chases(intakeId)).map((c) => [c.kind, c.status, c.attempt_no, c.scheduled_at?.toISOString()]);
  const runAt = async (iso: string) => {
    context.clock.set(new Date(iso));
    return pass.run(context.clock.now());
  };

  it('sends the invitation at once and plans the first reminder two days later at the same local time', async () => {
    const intake = await create();
    expect(await chases(intake.id)).toEqual([
      ['invite', 'scheduled', 0, '2026-11-23T09:00:00.000Z'],
      ['reminder', 'scheduled', 1, '2026-11-25T09:00:00.000Z'],
    ]);
    expect(await pass.run(context.clock.now())).toBe(1);
    expect(context.mail.sent).toHaveLength(1);
    const [invitation] = context.mail.sent;
    expect(invitation).toMatchObject({ to: ['anna@bakery.example'], replyTo: expect.stringContaining('@example.com') });
    expect(invitation?.from).toContain('<noreply@intake.test>');
    expect(invitation?.text).toContain(`https://portal.test/p/${intake.slug}`);
    expect((await context.chases.chases(intake.id))[0]).toMatchObject({
      status: 'sent',
      sent_at: context.clock.now(),
    });
    expect(context.chaseQueue.delivery((await context.chases.chases(intake.id))[0]?.id ?? '')).toMatchObject({
      provider_message_id: '<1@memory>',
      recipients: ['anna@bakery.example'],
      claimed_by: null,
    });
    expect(await pass.run(context.clock.now())).toBe(0); // nothing else is due yet
  });

  it('reminds on the default schedule (days 2, 5, 9), then stalls with intake.stalled naming the missing items', async () => {
    const intake = await create();
    await pass.run(context.clock.now());
    expect(await runAt('2026-11-25T09:00:00.000Z')).toBe(1);
    expect(await runAt('2026-11-28T09:00:00.000Z')).toBe(1);
    expect(await runAt('2026-12-02T09:00:00.000Z')).toBe(1);
    expect((await chases(intake.id)).map(([kind, status, attempt]) => [kind, status, attempt])).toEqual([
      ['invite', 'sent', 0],
      ['reminder', 'sent', 1],
      ['reminder', 'sent', 2],
      ['reminder', 'sent', 3],
    ]);
    expect(context.mail.sent).toHaveLength(4);
    const stored = await context.intakes.get(systemAccess(given.account.id), intake.id);
    expect(stored?.stalled_at).toEqual(new Date('2026-12-02T09:00:00.000Z'));
    expect(context.webhooks().map((w) => w['event'])).toContain('intake.stalled');
    expect(context.webhooks().find((w) => w['event'] === 'intake.stalled')).toMatchObject({
      intake_id: intake.id,
      missing_items: ['logo', 'about'],
    });
    expect(context.auditActions()).toContain('intake.stalled');
    expect(await runAt('2026-12-30T09:00:00.000Z')).toBe(0);
  });

  it('runs a test intake on the same schedule but records every chase skipped and sends nothing', async () => {
    const intake = await create(given.testKey);
    expect(await runAt('2026-11-25T09:00:00.000Z')).toBe(1);
    expect(await runAt('2026-11-28T09:00:00.000Z')).toBe(1);
    expect(await runAt('2026-12-02T09:00:00.000Z')).toBe(1);
    expect((await chases(intake.id)).map(([kind, status]) => [kind, status])).toEqual([
      ['invite', 'skipped'],
      ['reminder', 'skipped'],
      ['reminder', 'skipped'],
      ['reminder', 'skipped'],
    ]);
    expect(context.mail.sent).toEqual([]);
    expect(context.webhooks().some((w) => w['event'] === 'intake.stalled')).toBe(true);
  });

  it('cancels a due reminder of an intake that is no longer chased, and sends no reminder to bounced addresses', async () => {
    const archived = await create();
    const row = context.db.intakes.rows.find((i) => i.id === archived.id);
    if (row) row.status = 'archived';
    const bounced = await create(given.liveKey, { project_name: 'Other' });
    const other = context.db.intakes.rows.find((i) => i.id === bounced.id);
    if (other) other.client_bounced_at = context.clock.now();
    await runAt('2026-11-25T09:00:00.000Z');
    expect((await chases(archived.id)).map(([kind, status]) => [kind, status])).toEqual([
      ['invite', 'cancelled'],
      ['reminder', 'cancelled'],
    ]);
    expect((await chases(bounced.id)).map(([kind, status]) => [kind, status])).toEqual([
      ['invite', 'cancelled'],
      ['reminder', 'cancelled'],
    ]);
    expect(context.mail.sent).toEqual([]);
  });

  it('retries a chase the mail server refused later, and records it failed after the last attempt', async () => {
    const intake = await create();
    context.mail.failing = true;
    for (let attempt = 1; attempt < MAX_SEND_ATTEMPTS; attempt += 1) {
      await pass.run(context.clock.now());
      const [invite] = await context.chases.chases(intake.id);
      expect([attempt, invite?.status, context.chaseQueue.delivery(invite?.id ?? '').send_attempts]).toEqual([
        attempt,
        'scheduled',
        attempt,
      ]);
      context.clock.set(invite?.scheduled_at as Date);
    }
    await pass.run(context.clock.now());
    const [invite] = await context.chases.chases(intake.id);
    expect(invite).toMatchObject({ status: 'failed', error: expect.stringContaining('SMTP server unreachable') });
  });

  it('two schedulers side by side send each due chase once', async () => {
    for (let i = 0; i < 30; i += 1) await create(given.liveKey, { project_name: `P${i}` });
    const other = context.use(SendDueChases);
    const second = new SendDueChases(
      context.chaseQueue,
      (other as unknown as { delivery: never }).delivery,
      new SchedulerIdentity('scheduler-2'),
    );
    const [a, b] = await Promise.all([pass.run(context.clock.now()), second.run(context.clock.now())]);
    expect(a + b).toBe(30);
    expect(context.mail.sent).toHaveLength(30);
    expect(new Set(context.mail.sent.map((m) => m.subject + m.text)).size).toBe(30);
  });

  it('once stopped (SIGTERM) finishes the batch it holds and claims no more', async () => {
    for (let i = 0; i < CHASE_BATCH + 5; i += 1) {
      const { intake } = await givenIntake(context, given, { project_name: `P${i}` });
      await givenChase(context, intake, { kind: 'invite', status: 'scheduled', attempt_no: 0 });
    }
    const stop = new AbortController();
    const send = context.mail.send.bind(context.mail);
    context.mail.send = (mail) => (stop.abort(), send(mail)); // the signal arrives during the first batch
    expect(await pass.run(context.clock.now(), stop.signal)).toBe(CHASE_BATCH);
    expect(context.mail.sent).toHaveLength(CHASE_BATCH);
    const invites = context.db.chases.rows.filter((c) => c.kind === 'invite');
    expect(invites.filter((c) => c.status === 'sent')).toHaveLength(CHASE_BATCH);
    const left = invites.filter((c) => c.status === 'scheduled');
    expect(left).toHaveLength(5);
    expect(left.map((c) => context.chaseQueue.delivery(c.id).claimed_by)).toEqual([null, null, null, null, null]);
  });

  it('records several due chases of one intake in the same batch and plans its next reminder once', async () => {
    const { intake } = await givenIntake(context, given, { items: [{ key: 'logo', status: 'needs_revision' }] });
    await givenChase(context, intake, { kind: 'invite', status: 'scheduled', attempt_no: 0 });
    await givenChase(context, intake, { kind: 'revision', status: 'scheduled', attempt_no: 0 });
    await givenChase(context, intake, { kind: 'manual', status: 'scheduled', attempt_no: 0 });
    expect(await pass.run(context.clock.now())).toBe(3);
    expect(context.mail.sent).toHaveLength(3);
    expect((await chases(intake.id)).map(([kind, status]) => `${kind} ${status}`).sort()).toEqual([
      'invite sent',
      'manual sent',
      'reminder scheduled',
      'revision sent',
    ]);
  });
});
