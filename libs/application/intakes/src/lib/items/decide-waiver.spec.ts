import {
  type GivenAccount,
  givenAccount,
  givenIntake,
  InMemoryContext,
  META,
  storedIntake,
  writtenState,
} from '@intake/testing';
import { NO_WAIVER, type Waiver } from '@intake/domain-intake';
import { DecideWaiver } from './decide-waiver';

const requestedAt = new Date('2026-11-22T09:00:00.000Z');
const proposal: Waiver = {
  state: 'pending',
  reason: 'We have no photos',
  requested_by: 'client',
  requested_at: requestedAt,
  decided_at: null,
};

describe('DecideWaiver', () => {
  let context: InMemoryContext;
  let given: GivenAccount;
  let decideWaiver: DecideWaiver;

  beforeEach(async () => {
    context = new InMemoryContext();
    given = await givenAccount(context);
    decideWaiver = context.use(DecideWaiver);
  });

  const decide = (intakeId: string, key: string, accept: boolean, note: string | null = null) =>
    decideWaiver.execute({ principal: given.liveKey, intakeId, key, accept, note, meta: META });

  it('accepts a proposal: the item is waived for the client’s reason; the note goes to the audit log', async () => {
    const { intake } = await givenIntake(context, given, {
      items: [{ key: 'photos', waiver: proposal }, { key: 'brief' }],
    });
    await decide(intake.id, 'photos', true, 'Fine');
    expect(storedIntake(context, intake.id).item('photos')).toMatchObject({
      status: 'waived',
      waiver: { ...proposal, state: 'accepted', decided_at: context.clock.now() },
    });
    expect(context.db.auditLog.entries).toEqual([
      expect.objectContaining({
        action: 'item.waiver_accepted',
        summary: { intake_id: intake.id, item_key: 'photos', note: 'Fine' },
      }),
    ]);
  });

  it('completes the intake when accepting waives its last outstanding item', async () => {
    const { intake } = await givenIntake(context, given, {
      status: 'in_progress',
      items: [
        { key: 'photos', waiver: proposal },
        { key: 'brief', status: 'approved' },
      ],
    });
    const changed = await decide(intake.id, 'photos', true);
    expect(changed.intake.status).toBe('completed');
    expect(context.webhooks()).toEqual([expect.objectContaining({ event: 'intake.completed' })]);
  });

  it('rejects a proposal: the pending flag is cleared and the item keeps waiting for the client', async () => {
    const { intake } = await givenIntake(context, given, { items: [{ key: 'photos', waiver: proposal }] });
    const changed = await decide(intake.id, 'photos', false);
    expect(storedIntake(context, intake.id).item('photos')).toMatchObject({ status: 'pending', waiver: NO_WAIVER });
    expect(changed.intake.status).toBe('sent');
    expect(context.db.auditLog.entries).toEqual([
      expect.objectContaining({
        action: 'item.waiver_rejected',
        summary: { intake_id: intake.id, item_key: 'photos' },
      }),
    ]);
    expect(context.db.outbox.messages).toEqual([]);
  });

  it('is 409 no_waiver_pending without a pending proposal, writing nothing', async () => {
    const { intake } = await givenIntake(context, given, {
      items: [{ key: 'photos' }, { key: 'logo', status: 'waived' }],
    });
    const before = writtenState(context);
    for (const [key, accept] of [
      ['photos', true],
      ['photos', false],
      ['logo', true],
    ] as const) {
      await expect(decide(intake.id, key, accept)).rejects.toMatchObject({
        code: 'conflict',
        reason: 'no_waiver_pending',
      });
    }
    expect(writtenState(context)).toEqual(before);
  });

  it('is 404 item_not_found for an unknown key and 409 intake_archived for an archived intake', async () => {
    const { intake } = await givenIntake(context, given);
    const { intake: archived } = await givenIntake(context, given, {
      status: 'archived',
      items: [{ key: 'photos', waiver: proposal }],
    });
    await expect(decide(intake.id, 'nope', true)).rejects.toMatchObject({ reason: 'item_not_found' });
    await expect(decide(archived.id, 'photos', true)).rejects.toMatchObject({ reason: 'intake_archived' });
    expect(storedIntake(context, archived.id).item('photos').waiver).toEqual(proposal);
  });
});
