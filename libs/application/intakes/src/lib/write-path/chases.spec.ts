import { type GivenAccount, givenAccount, givenIntake, InMemoryContext, storedIntake } from '@intake/testing';
import { INVITATIONS_PER_HOUR, Invitations, notifyingChase } from './chases';

describe('Invitations', () => {
  let context: InMemoryContext;
  let given: GivenAccount;
  let invitations: Invitations;

  beforeEach(async () => {
    context = new InMemoryContext();
    given = await givenAccount(context);
    invitations = context.use(Invitations);
  });

  it('allows 30 invitations per account per clock hour, then 429 intake_invites until the next hour', async () => {
    context.clock.set('2026-11-23T09:45:00.000Z');
    for (let i = 0; i < INVITATIONS_PER_HOUR; i += 1) await invitations.count(given.account.id, context.clock.now());
    await expect(invitations.count(given.account.id, context.clock.now())).rejects.toMatchObject({
      code: 'rate_limited',
      reason: 'intake_invites',
      retryAfterSeconds: 15 * 60,
    });
    context.clock.set('2026-11-23T10:00:00.000Z');
    await expect(invitations.count(given.account.id, context.clock.now())).resolves.toBeUndefined();
  });

  it('counts each account on its own', async () => {
    const other = await givenAccount(context);
    for (let i = 0; i < INVITATIONS_PER_HOUR; i += 1) await invitations.count(given.account.id, context.clock.now());
    await expect(invitations.count(other.account.id, context.clock.now())).resolves.toBeUndefined();
  });

  it('records the invitation of a live intake as a scheduled invite chase, attempt 0', async () => {
    const { intake } = await givenIntake(context, given);
    await invitations.invite(intake, context.clock.now());
    expect(storedIntake(context, intake.id).chases).toEqual([
      {
        id: expect.stringMatching(/^chs_/),
        intake_id: intake.id,
        channel: 'email',
        kind: 'invite',
        status: 'scheduled',
        scheduled_at: context.clock.now(),
        sent_at: null,
        attempt_no: 0,
        missing_items_count: null,
        error: null,
        created_at: context.clock.now(),
      },
    ]);
  });

  it('records the invitation of a test intake as skipped: a test intake never contacts the client', async () => {
    const { intake } = await givenIntake(context, given, { by: given.testKey });
    await invitations.invite(intake, context.clock.now());
    expect(storedIntake(context, intake.id).chases).toEqual([
      expect.objectContaining({ kind: 'invite', status: 'skipped', error: 'test mode: nothing is sent to the client' }),
    ]);
  });

  it('inserts the chase in the caller’s unit of work, so it goes when that fails', async () => {
    const { intake } = await givenIntake(context, given);
    await expect(
      context.db.uow.run(async () => {
        await invitations.invite(intake, context.clock.now());
        throw new Error('later step failed');
      }),
    ).rejects.toThrow('later step failed');
    expect(storedIntake(context, intake.id).chases).toEqual([]);
  });
});

describe('notifyingChase', () => {
  it('makes a revision chase the same way: scheduled when live, skipped in test mode', async () => {
    const context = new InMemoryContext();
    const given = await givenAccount(context);
    const now = context.clock.now();
    const { intake: live } = await givenIntake(context, given);
    const { intake: test } = await givenIntake(context, given, { by: given.testKey });
    expect(notifyingChase(live, 'revision', now)).toMatchObject({ kind: 'revision', status: 'scheduled', error: null });
    expect(notifyingChase(test, 'revision', now)).toMatchObject({ kind: 'revision', status: 'skipped' });
    expect(notifyingChase(live, 'revision', now).id).not.toBe(notifyingChase(live, 'revision', now).id);
  });
});
