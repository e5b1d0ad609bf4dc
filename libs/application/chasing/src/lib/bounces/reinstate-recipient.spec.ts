import {
  type GivenAccount,
  type GivenIntake,
  givenAccount,
  givenIntake,
  InMemoryContext,
  META,
  storedIntake,
  writtenState,
} from '@intake/testing';
import { ReminderPlanner } from '@intake/application-intakes';
import { ReinstateRecipient } from './reinstate-recipient';

const bouncedAt = new Date('2026-11-20T09:00:00.000Z');

describe('ReinstateRecipient', () => {
  let context: InMemoryContext;
  let given: GivenAccount;
  let reinstateRecipient: ReinstateRecipient;
  let replan: jest.SpyInstance;

  beforeEach(async () => {
    context = new InMemoryContext();
    given = await givenAccount(context);
    reinstateRecipient = context.use(ReinstateRecipient);
    replan = jest.spyOn(context.use(ReminderPlanner), 'replan');
  });

  const reinstate = (intakeId: string, email: string) =>
    reinstateRecipient.execute({ principal: given.liveKey, intakeId, email, meta: META });

  /** An intake whose client and one recipient bounced, and one recipient still reachable unless said otherwise. */
  const bounced = (overrides: GivenIntake = {}) =>
    givenIntake(context, given, {
      client_bounced_at: bouncedAt,
      also_notify: [
        { email: 'eva@client.example', name: null, bounced_at: bouncedAt },
        { email: 'petr@client.example', name: null, bounced_at: null },
      ],
      ...overrides,
    });

  it('clears an additional recipient’s bounce, audited; chasing went on, so nothing is re-planned', async () => {
    const { intake } = await bounced();
    await expect(reinstate(intake.id, 'EVA@client.example')).resolves.toEqual({
      email: 'EVA@client.example',
      bounced_at: null,
      still_chasing: true,
    });
    const stored = storedIntake(context, intake.id).intake;
    expect(stored.also_notify.map((r) => r.bounced_at)).toEqual([null, null]);
    expect(stored.client_bounced_at).toEqual(bouncedAt);
    expect(context.db.auditLog.entries).toEqual([
      expect.objectContaining({
        action: 'recipient.reinstated',
        summary: { intake_id: intake.id, email: 'EVA@client.example' },
      }),
    ]);
    expect(replan).not.toHaveBeenCalled();
  });

  it('clears the client’s bounce', async () => {
    const { intake } = await bounced();
    await reinstate(intake.id, 'jan@client.example');
    expect(storedIntake(context, intake.id).intake).toMatchObject({ client_bounced_at: null });
  });

  it.each(['sent', 'in_progress'] as const)(
    'resumes chasing a %s intake when nobody was left to chase',
    async (status) => {
      const { intake } = await bounced({
        status,
        also_notify: [{ email: 'eva@client.example', name: null, bounced_at: bouncedAt }],
      });
      await expect(reinstate(intake.id, 'eva@client.example')).resolves.toMatchObject({ still_chasing: true });
      expect(replan).toHaveBeenCalledWith(expect.objectContaining({ id: intake.id }), context.clock.now());
    },
  );

  it('starts the address afresh: its run of temporary bounces is reset, the others’ kept', async () => {
    const { intake } = await bounced({
      client_temporary_bounces: 3,
      also_notify: [
        { email: 'eva@client.example', name: 'Eva', bounced_at: bouncedAt, temporary_bounces: 3 },
        { email: 'petr@client.example', name: null, bounced_at: null, temporary_bounces: 2 },
      ],
    });
    await reinstate(intake.id, 'eva@client.example');
    expect(storedIntake(context, intake.id).intake).toMatchObject({
      client_bounced_at: bouncedAt,
      client_temporary_bounces: 3,
      also_notify: [
        { email: 'eva@client.example', name: 'Eva', bounced_at: null },
        { email: 'petr@client.example', name: null, bounced_at: null, temporary_bounces: 2 },
      ],
    });
    expect(storedIntake(context, intake.id).intake.also_notify[0]).not.toHaveProperty('temporary_bounces');
    await reinstate(intake.id, 'jan@client.example');
    expect(storedIntake(context, intake.id).intake).toMatchObject({
      client_bounced_at: null,
      client_temporary_bounces: 0,
    });
  });

  it('plans the next reminder when it resumes chasing', async () => {
    const { intake } = await bounced({ also_notify: [] });
    expect(storedIntake(context, intake.id).chases).toEqual([]);
    await reinstate(intake.id, 'jan@client.example');
    expect(storedIntake(context, intake.id).chases).toEqual([
      expect.objectContaining({ kind: 'reminder', status: 'scheduled', attempt_no: 1 }),
    ]);
  });

  it.each<[string, GivenIntake]>([
    ['completed', { status: 'completed' }],
    ['a draft', { status: 'draft' }],
    ['stalled', { stalled_at: bouncedAt }],
    ['not chased at all', { chase_schedule: 'off' }],
  ])('answers still_chasing false and re-plans nothing when the intake is %s', async (_case, overrides) => {
    const { intake } = await bounced({ also_notify: [], ...overrides });
    await expect(reinstate(intake.id, 'jan@client.example')).resolves.toMatchObject({ still_chasing: false });
    expect(replan).not.toHaveBeenCalled();
  });

  it('is 409 recipient_not_bounced and 404 recipient_not_found, writing nothing', async () => {
    const { intake } = await bounced({ client_bounced_at: null });
    const before = writtenState(context);
    for (const email of ['jan@client.example', 'petr@client.example']) {
      await expect(reinstate(intake.id, email)).rejects.toMatchObject({
        code: 'conflict',
        reason: 'recipient_not_bounced',
      });
    }
    await expect(reinstate(intake.id, 'nobody@client.example')).rejects.toMatchObject({
      code: 'not_found',
      reason: 'recipient_not_found',
    });
    expect(writtenState(context)).toEqual(before);
  });

  it('is 409 intake_archived for an archived intake', async () => {
    const { intake } = await bounced({ status: 'archived' });
    await expect(reinstate(intake.id, 'jan@client.example')).rejects.toMatchObject({ reason: 'intake_archived' });
    expect(storedIntake(context, intake.id).intake.client_bounced_at).toEqual(bouncedAt);
  });
});
