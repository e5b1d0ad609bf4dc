import {
  anotherKey,
  type GivenAccount,
  givenAccount,
  givenIntake,
  InMemoryContext,
  META,
  storedIntake,
  writtenState,
} from '@intake/testing';
import { INVITATIONS_PER_HOUR, Invitations } from '../write-path/chases';
import { SendIntake } from './send-intake';

describe('SendIntake', () => {
  let context: InMemoryContext;
  let given: GivenAccount;
  let sendIntake: SendIntake;

  beforeEach(async () => {
    context = new InMemoryContext();
    given = await givenAccount(context);
    sendIntake = context.use(SendIntake);
  });

  const send = (intakeId: string, principal = given.liveKey) => sendIntake.execute({ principal, intakeId, meta: META });

  it('sends a draft: status sent, sent_at now, an invitation scheduled, intake.sent audited, no webhook', async () => {
    const { intake } = await givenIntake(context, given, { status: 'draft' });
    context.clock.advance(3600);
    const sent = await send(intake.id);
    expect(sent.intake).toMatchObject({ status: 'sent', sent_at: context.clock.now(), version: 1 });
    expect(sent.events).toEqual([{ type: 'intake.sent' }]);
    const stored = storedIntake(context, intake.id);
    expect(stored.intake).toEqual(sent.intake);
    expect(stored.chases).toEqual([
      expect.objectContaining({
        kind: 'invite',
        status: 'scheduled',
        scheduled_at: context.clock.now(),
        attempt_no: 0,
      }),
      expect.objectContaining({ kind: 'reminder', status: 'scheduled', attempt_no: 1 }),
    ]);
    expect(context.auditActions()).toEqual(['intake.sent']);
    expect(context.db.outbox.messages).toEqual([]);
  });

  it('records the invitation of a test intake as skipped, and plans its reminders like a live one', async () => {
    const { intake } = await givenIntake(context, given, { status: 'draft', by: given.testKey });
    await send(intake.id, given.testKey);
    expect(storedIntake(context, intake.id).chases.map((c) => [c.kind, c.status])).toEqual([
      ['invite', 'skipped'],
      ['reminder', 'scheduled'],
    ]);
  });

  it.each(['sent', 'in_progress', 'completed'] as const)(
    'is 409 not_draft for a %s intake, writing nothing',
    async (status) => {
      const { intake } = await givenIntake(context, given, { status });
      const before = writtenState(context);
      await expect(send(intake.id)).rejects.toMatchObject({ code: 'conflict', reason: 'not_draft' });
      expect(writtenState(context)).toEqual(before);
    },
  );

  it('is 409 intake_archived for an archived intake', async () => {
    const { intake } = await givenIntake(context, given, { status: 'archived' });
    await expect(send(intake.id)).rejects.toMatchObject({ code: 'conflict', reason: 'intake_archived' });
  });

  it('shares the 30 invitations an hour with creation: beyond them 429 intake_invites, nothing written', async () => {
    const invitations = context.use(Invitations);
    for (let i = 0; i < INVITATIONS_PER_HOUR; i += 1) await invitations.count(given.account.id, context.clock.now());
    const { intake } = await givenIntake(context, given, { status: 'draft' });
    const before = writtenState(context);
    await expect(send(intake.id)).rejects.toMatchObject({ code: 'rate_limited', reason: 'intake_invites' });
    expect(writtenState(context)).toEqual(before);
    context.clock.advance(3600);
    await expect(send(intake.id)).resolves.toMatchObject({ intake: { status: 'sent' } });
  });

  it('does not count a refused send against the invitations', async () => {
    const { intake: sent } = await givenIntake(context, given);
    for (let i = 0; i < INVITATIONS_PER_HOUR + 1; i += 1) await send(sent.id).catch(() => undefined);
    const { intake: draft } = await givenIntake(context, given, { status: 'draft' });
    await expect(send(draft.id)).resolves.toMatchObject({ intake: { status: 'sent' } });
  });

  it('is 404 for a draft the caller may not see', async () => {
    const { intake } = await givenIntake(context, given, { status: 'draft', by: given.testKey });
    for (const principal of [given.liveKey, anotherKey(given, 'test')]) {
      await expect(send(intake.id, principal)).rejects.toMatchObject({ code: 'not_found' });
    }
    expect(storedIntake(context, intake.id).intake.status).toBe('draft');
  });
});
