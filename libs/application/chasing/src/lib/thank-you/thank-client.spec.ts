import {
  AddItems,
  ArchiveIntake,
  ClientThanks,
  GetIntakeStatus,
  MarkReceivedOutside,
  systemAccess,
  UndoReceivedOutside,
  UpdateIntake,
} from '@intake/application-intakes';
import { type Principal } from '@intake/domain-accounts';
import { type GivenAccount, givenAccount, givenIntake, InMemoryContext, META, storedIntake } from '@intake/testing';
import { SendDueChases } from '../sending/send-due-chases';
import { ThankClient } from './thank-client';

const ASSISTANT = { email: 'eva@pekarna.example', name: 'Eva', bounced_at: null };
const GONE = { email: 'gone@pekarna.example', name: null, bounced_at: new Date('2026-11-01T00:00:00Z') };

describe('the thank-you on completion (ThankClient, sent by SendDueChases)', () => {
  let context: InMemoryContext;
  let given: GivenAccount;
  let pass: SendDueChases;

  beforeEach(async () => {
    context = new InMemoryContext();
    given = await givenAccount(context, { plan: 'studio', name: 'Studio Nova', sender_name: 'Jana' });
    pass = context.use(SendDueChases);
  });

  /** A sent Czech intake with one required client item `brief`, written to the client and two more addresses. */
  const intakeOf = async (overrides: Parameters<typeof givenIntake>[2] = {}) =>
    (
      await givenIntake(context, given, {
        project_name: 'Pekárna',
        client_email: 'anna@pekarna.example',
        client_name: 'Anna',
        client_language: 'cs',
        also_notify: [ASSISTANT, GONE],
        ...overrides,
      })
    ).intake;
  const command = (intakeId: string, principal: Principal = given.liveKey) => ({
    principal,
    intakeId,
    key: 'brief',
    meta: META,
  });
  const complete = (intakeId: string, principal?: Principal) =>
    context.use(MarkReceivedOutside).execute({ ...command(intakeId, principal), note: null });
  const reopen = (intakeId: string, principal?: Principal) =>
    context.use(UndoReceivedOutside).execute(command(intakeId, principal));
  const thankYous = (intakeId: string) =>
    storedIntake(context, intakeId)
      .chases.filter((c) => c.kind === 'thank_you')
      .map((c) => [c.status, c.scheduled_at?.toISOString()]);
  const audited = () =>
    context.db.auditLog.entries.filter((e) => e.action === 'mail.thank_you').map((e) => e.summary['status']);
  const runAt = (iso?: string) => {
    if (iso) context.clock.set(new Date(iso));
    return pass.run(context.clock.now());
  };

  it('is how the intakes context thanks a client (its ClientThanks port)', () => {
    // Also what makes this file a related test of thank-client.ts for the mutation runs, which
    // follow the spec's own imports (docs/testing.md).
    expect(context.use(ClientThanks)).toBeInstanceOf(ThankClient);
  });

  it('thanks the client and the additional recipients not bounced, in the client’s language, from the sender with the owner’s reply-to', async () => {
    const intake = await intakeOf();
    await complete(intake.id);
    expect(thankYous(intake.id)).toEqual([['scheduled', context.clock.now().toISOString()]]);
    expect(context.mail.sent).toEqual([]); // queued in the completion's transaction, sent by the pass
    await runAt();
    expect(context.mail.sent).toHaveLength(1);
    const [mail] = context.mail.sent;
    const owner = (await context.accounts.listUsers(given.account.id))[0];
    expect(mail).toMatchObject({
      to: ['anna@pekarna.example', 'eva@pekarna.example'],
      subject: 'Děkujeme – podklady k projektu Pekárna jsou kompletní',
      from: '"Jana (Studio Nova)" <noreply@intake.test>',
      replyTo: owner?.email,
    });
    expect(mail?.text).toContain('Dobrý den, Anna,');
    expect(mail?.text).toContain(`https://portal.test/p/${intake.slug}`);
    expect(thankYous(intake.id)).toEqual([['sent', context.clock.now().toISOString()]]);
    expect(context.db.auditLog.entries.find((e) => e.action === 'mail.thank_you')).toMatchObject({
      target_id: intake.id,
      actor_type: 'system',
      summary: { status: 'sent', recipients: ['anna@pekarna.example', 'eva@pekarna.example'] },
    });
    // The status endpoint's chases[] shows the contract's kinds only.
    const status = await context
      .use(GetIntakeStatus)
      .execute({ access: systemAccess(given.account.id), intakeId: intake.id });
    expect(status.chases.map((c) => c.kind)).not.toContain('thank_you');
  });

  it('never twice for one completion; a reopened and re-completed intake thanks again', async () => {
    const intake = await intakeOf();
    await complete(intake.id);
    await runAt();
    await runAt(); // a second pass finds nothing more to send
    expect(context.mail.sent).toHaveLength(1);
    await reopen(intake.id);
    await runAt('2026-11-23T10:00:00Z');
    expect(context.mail.sent).toHaveLength(1);
    await complete(intake.id);
    await runAt();
    expect(context.mail.sent).toHaveLength(2);
    expect(thankYous(intake.id).map(([status]) => status)).toEqual(['sent', 'sent']);
    expect(audited()).toEqual(['sent', 'sent']);
  });

  it('withdraws a thank-you still waiting (quiet hours) when the intake reopens; the re-completion queues one, sent once', async () => {
    context.clock.set(new Date('2026-11-23T19:30:00Z')); // 20:30 in Prague
    const intake = await intakeOf();
    await complete(intake.id);
    expect(thankYous(intake.id)).toEqual([['scheduled', '2026-11-24T07:00:00.000Z']]); // 08:00 Prague
    await reopen(intake.id);
    await complete(intake.id);
    expect(thankYous(intake.id)).toEqual([
      ['cancelled', '2026-11-24T07:00:00.000Z'],
      ['scheduled', '2026-11-24T07:00:00.000Z'],
    ]);
    expect(await runAt('2026-11-24T06:59:00Z')).toBe(0);
    expect(context.mail.sent).toEqual([]);
    await runAt('2026-11-24T07:00:00Z');
    expect(context.mail.sent).toHaveLength(1);
  });

  it('respects quiet hours only when the intake does', async () => {
    context.clock.set(new Date('2026-11-23T22:00:00Z'));
    const intake = await intakeOf({ respect_quiet_hours: false });
    await complete(intake.id);
    await runAt();
    expect(context.mail.sent).toHaveLength(1);
  });

  it('follows the account’s switch unless the intake has its own', async () => {
    await context.accounts.updateAccount(given.account.id, { send_thank_you: false }, context.clock.now());
    const following = await intakeOf();
    const own = await intakeOf({ send_thank_you: true });
    await complete(following.id);
    await complete(own.id);
    await runAt();
    expect(thankYous(following.id)).toEqual([]);
    expect(context.mail.sent.map((m) => m.headers?.['X-Intake-Chase'])).toEqual([
      storedIntake(context, own.id).chases.find((c) => c.kind === 'thank_you')?.id,
    ]);
  });

  it('sends none when the intake switches it off, and withdraws one waiting when switched off meanwhile', async () => {
    const off = await intakeOf({ send_thank_you: false });
    await complete(off.id);
    expect(thankYous(off.id)).toEqual([]);
    context.clock.set(new Date('2026-11-23T19:30:00Z'));
    const waiting = await intakeOf();
    await complete(waiting.id);
    await context
      .use(UpdateIntake)
      .execute({ principal: given.liveKey, intakeId: waiting.id, patch: { send_thank_you: false }, meta: META });
    await runAt('2026-11-24T07:00:00Z');
    expect(context.mail.sent).toEqual([]);
    expect(thankYous(waiting.id).map(([status]) => status)).toEqual(['cancelled']);
    expect(audited()).toEqual(['cancelled']);
  });

  it('never thanks the client of a test intake: recorded skipped and audited, nothing sent', async () => {
    const intake = await intakeOf({ by: given.testKey });
    await complete(intake.id, given.testKey);
    await runAt();
    expect(context.mail.sent).toEqual([]);
    expect(thankYous(intake.id).map(([status]) => status)).toEqual(['skipped']);
    expect(audited()).toEqual(['skipped']);
  });

  it('an archived intake’s waiting thank-you is cancelled', async () => {
    context.clock.set(new Date('2026-11-23T19:30:00Z'));
    const intake = await intakeOf();
    await complete(intake.id);
    await context.use(ArchiveIntake).execute({ principal: given.liveKey, intakeId: intake.id, meta: META });
    await runAt('2026-11-24T07:00:00Z');
    expect(context.mail.sent).toEqual([]);
    expect(thankYous(intake.id).map(([status]) => status)).toEqual(['cancelled']);
  });
});

describe('the items-added mail (AddItems, sent by SendDueChases)', () => {
  it('goes to every address still chased, in the client’s language, naming the new client items, from the sender with the owner’s reply-to', async () => {
    const context = new InMemoryContext();
    const given = await givenAccount(context, { plan: 'studio', name: 'Studio Nova', sender_name: 'Jana' });
    const { intake } = await givenIntake(context, given, {
      project_name: 'Pekárna',
      client_email: 'anna@pekarna.example',
      client_name: 'Anna',
      client_language: 'cs',
      also_notify: [ASSISTANT, GONE],
    });
    await context.use(AddItems).execute({
      principal: given.liveKey,
      intakeId: intake.id,
      items: [
        { key: 'photos', type: 'file_list', label: 'Fotky týmu' },
        { key: 'task', type: 'text', label: 'Napsat texty', assignee: 'owner' },
      ],
      meta: META,
    });
    await context.use(SendDueChases).run(context.clock.now());
    const owner = (await context.accounts.listUsers(given.account.id))[0];
    expect(context.mail.sent).toEqual([
      expect.objectContaining({
        to: ['anna@pekarna.example', 'eva@pekarna.example'],
        subject: 'Další podklady k projektu Pekárna',
        from: '"Jana (Studio Nova)" <noreply@intake.test>',
        replyTo: owner?.email,
      }),
    ]);
    const text = context.mail.sent[0]?.text ?? '';
    expect(text).toContain('1 nová položka:');
    expect(text).toContain('Fotky týmu');
    expect(text).not.toContain('Napsat texty');
    expect(context.db.auditLog.entries.find((e) => e.action === 'mail.items_added')?.summary).toMatchObject({
      status: 'sent',
      item_keys: ['photos'],
    });
  });
});
