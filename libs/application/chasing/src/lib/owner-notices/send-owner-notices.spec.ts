import { MarkReceivedOutside } from '@intake/application-intakes';
import {
  APP_URL,
  type GivenAccount,
  givenAccount,
  givenIntake,
  givenMember,
  InMemoryContext,
  META,
  SERVICE_MAIL_FROM,
} from '@intake/testing';
import { MAX_SEND_ATTEMPTS } from '../sending/deliver-chase';
import { SendDueChases } from '../sending/send-due-chases';
import { NOTICE_BATCH, SendOwnerNotices } from './send-owner-notices';

describe('SendOwnerNotices', () => {
  let context: InMemoryContext;
  let given: GivenAccount;
  let pass: SendOwnerNotices;

  beforeEach(async () => {
    context = new InMemoryContext();
    given = await givenAccount(context, { name: 'Studio Nova', default_language: 'de' });
    pass = context.use(SendOwnerNotices);
  });

  const ownerEmail = async () => (await context.accounts.listUsers(given.account.id))[0]?.email;
  /** The owner marks the last item received: the intake completes and the owner's notice is queued. */
  async function complete(by = given.liveKey) {
    const { intake } = await givenIntake(context, given, { by, items: [{ key: 'logo', label: 'Logo' }] });
    await context
      .use(MarkReceivedOutside)
      .execute({ principal: given.owner, intakeId: intake.id, key: 'logo', note: null, meta: META });
    return intake;
  }

  it('sends a completed intake’s notice to the owner in the account’s language, linking the dashboard, once', async () => {
    const intake = await complete();
    expect(await pass.run(context.clock.now())).toBe(1);
    expect(context.mail.sent).toEqual([
      expect.objectContaining({
        to: [await ownerEmail()],
        from: SERVICE_MAIL_FROM,
        subject: expect.stringContaining('New website'),
        headers: { 'X-Intake-Notice': context.ownerNotices.rows[0]?.id },
      }),
    ]);
    const [mail] = context.mail.sent;
    expect(mail?.text).toContain(`${APP_URL}/intakes/${intake.id}`);
    expect(mail?.text).toContain('Studio Nova');
    expect(mail?.text).toContain('Guten Tag'); // the account's default language
    expect(mail?.html).toContain(`${APP_URL}/intakes/${intake.id}`);
    expect(mail?.subject).not.toMatch(/\[Test\]/);
    expect(context.ownerNotices.rows).toEqual([
      expect.objectContaining({
        status: 'sent',
        sent_at: context.clock.now(),
        provider_message_id: '<1@memory>',
        mail: { kind: 'intake_completed' },
        claimed_by: null,
      }),
    ]);
    expect(await pass.run(context.clock.now())).toBe(0);
    expect(context.mail.sent).toHaveLength(1);
  });

  it('marks a test intake’s notice in the subject', async () => {
    await complete(given.testKey);
    await pass.run(context.clock.now());
    expect(context.mail.sent[0]?.subject).toMatch(/^\[Test\] /);
  });

  it('reaches every member as well with notify_members, each in a mail of their own', async () => {
    const team = await givenAccount(context, { notify_members: true });
    await givenMember(context, team);
    const { intake } = await givenIntake(context, team, { items: [{ key: 'logo' }] });
    await context
      .use(MarkReceivedOutside)
      .execute({ principal: team.owner, intakeId: intake.id, key: 'logo', note: null, meta: META });
    expect(await pass.run(context.clock.now())).toBe(2);
    const people = (await context.accounts.listUsers(team.account.id)).map((u) => [u.email]);
    expect(context.mail.sent.map((m) => m.to)).toEqual(expect.arrayContaining(people));
  });

  it('sends nothing when the account switched completions off', async () => {
    await context.accounts.updateAccount(given.account.id, { notify_on_completed: false }, context.clock.now());
    await complete();
    expect(await pass.run(context.clock.now())).toBe(0);
    expect(context.mail.sent).toEqual([]);
  });

  it('tells the owner about a stall the chases pass records, in the same scheduler run', async () => {
    const { intake } = await givenIntake(context, given, { max_reminders: 1, items: [{ key: 'logo', label: 'Logo' }] });
    // The first reminder, due now: after it the intake stalls.
    await context.chases.insertChase({
      id: 'chs_reminder',
      intake_id: intake.id,
      channel: 'email',
      kind: 'reminder',
      status: 'scheduled',
      scheduled_at: context.clock.now(),
      sent_at: null,
      attempt_no: 1,
      missing_items_count: null,
      error: null,
      created_at: context.clock.now(),
    });
    await context.use(SendDueChases).run(context.clock.now());
    expect(await pass.run(context.clock.now())).toBe(1);
    const notice = context.mail.sent.find((m) => m.headers?.['X-Intake-Notice']);
    expect(notice?.to).toEqual([await ownerEmail()]);
    expect(notice?.text).toContain('Logo');
  });

  it('tries a temporary failure again 1, 2, 4 and 8 minutes later, then records it failed', async () => {
    await complete();
    context.mail.failing = true;
    const start = context.clock.now().getTime();
    const waits = [0, 1, 2, 4, 8];
    let minutes = 0;
    for (const wait of waits.slice(0, MAX_SEND_ATTEMPTS)) {
      minutes += wait;
      context.clock.set(new Date(start + minutes * 60_000 - 1));
      if (wait > 0) expect(await pass.run(context.clock.now())).toBe(0); // not due yet: nothing tried
      context.clock.set(new Date(start + minutes * 60_000));
      expect(await pass.run(context.clock.now())).toBe(0);
    }
    expect(context.ownerNotices.rows).toEqual([
      expect.objectContaining({
        status: 'failed',
        send_attempts: MAX_SEND_ATTEMPTS - 1,
        error: expect.stringContaining('SMTP server unreachable'),
        mail: { kind: 'intake_completed' },
      }),
    ]);
    context.mail.failing = false;
    expect(await pass.run(new Date(start + 3_600_000))).toBe(0);
    expect(context.mail.sent).toEqual([]);
  });

  it('recovers after a failure: the next try sends it', async () => {
    await complete();
    context.mail.failing = true;
    await pass.run(context.clock.now());
    context.mail.failing = false;
    context.clock.advance(60);
    expect(await pass.run(context.clock.now())).toBe(1);
    expect(context.ownerNotices.rows[0]).toMatchObject({ status: 'sent', send_attempts: 1 });
  });

  it('works through more notices than one batch', async () => {
    for (let i = 0; i < NOTICE_BATCH + 3; i += 1) await complete();
    expect(await pass.run(context.clock.now())).toBe(NOTICE_BATCH + 3);
  });

  it('once stopped (SIGTERM) finishes the batch it holds and claims no more', async () => {
    for (let i = 0; i < NOTICE_BATCH + 3; i += 1) await complete();
    const stop = new AbortController();
    const send = context.mail.send.bind(context.mail);
    context.mail.send = (mail) => (stop.abort(), send(mail));
    expect(await pass.run(context.clock.now(), stop.signal)).toBe(NOTICE_BATCH);
    expect(context.ownerNotices.rows.filter((n) => n.status === 'pending' && n.claimed_by === null)).toHaveLength(3);
  });
});
