import {
  type GivenAccount,
  givenAccount,
  givenIntake,
  InMemoryContext,
  META,
  storedIntake,
  writtenState,
} from '@intake/testing';
import { WaiveItem } from './waive-item';

describe('WaiveItem', () => {
  let context: InMemoryContext;
  let given: GivenAccount;
  let waiveItem: WaiveItem;

  beforeEach(async () => {
    context = new InMemoryContext();
    given = await givenAccount(context);
    waiveItem = context.use(WaiveItem);
  });

  const waive = (intakeId: string, key: string, reason: string | null = null) =>
    waiveItem.execute({ principal: given.liveKey, intakeId, key, reason, meta: META });

  it('closes an item: waived, the waiver accepted as the owner’s with the reason, audited', async () => {
    const { intake } = await givenIntake(context, given, { items: [{ key: 'logo' }, { key: 'brief' }] });
    const changed = await waive(intake.id, 'logo', 'We have one');
    expect(storedIntake(context, intake.id).item('logo')).toMatchObject({
      status: 'waived',
      waiver: {
        state: 'accepted',
        reason: 'We have one',
        requested_by: 'owner',
        requested_at: context.clock.now(),
        decided_at: context.clock.now(),
      },
    });
    expect(changed.intake.status).toBe('sent');
    expect(context.db.auditLog.entries).toEqual([
      expect.objectContaining({ action: 'item.waived', summary: { intake_id: intake.id, item_key: 'logo' } }),
    ]);
    expect(context.db.outbox.messages).toEqual([]);
  });

  it('keeps the client’s proposal as the waiver’s origin when the owner gives no reason', async () => {
    const requestedAt = new Date('2026-11-22T09:00:00.000Z');
    const { intake } = await givenIntake(context, given, {
      items: [
        {
          key: 'logo',
          waiver: {
            state: 'pending',
            reason: 'none yet',
            requested_by: 'client',
            requested_at: requestedAt,
            decided_at: null,
          },
        },
        { key: 'brief' },
      ],
    });
    await waive(intake.id, 'logo');
    expect(storedIntake(context, intake.id).item('logo').waiver).toEqual({
      state: 'accepted',
      reason: 'none yet',
      requested_by: 'client',
      requested_at: requestedAt,
      decided_at: context.clock.now(),
    });
  });

  it('completes the intake when the waived item was the last outstanding one', async () => {
    const { intake } = await givenIntake(context, given, {
      status: 'in_progress',
      items: [{ key: 'logo' }, { key: 'brief', status: 'submitted' }],
    });
    const changed = await waive(intake.id, 'logo');
    expect(changed.intake).toMatchObject({ status: 'completed', completed_at: context.clock.now() });
    expect(context.webhooks()).toEqual([expect.objectContaining({ event: 'intake.completed', intake_id: intake.id })]);
  });

  it('waives owner items and submitted items as well', async () => {
    const { intake } = await givenIntake(context, given, {
      items: [
        { key: 'task', assignee: 'owner' },
        { key: 'brief', status: 'submitted' },
      ],
    });
    await waive(intake.id, 'task');
    await waive(intake.id, 'brief');
    expect(storedIntake(context, intake.id).items.map((i) => i.status)).toEqual(['waived', 'waived']);
  });

  it('is 409 item_waived for a waived item, writing nothing', async () => {
    const { intake } = await givenIntake(context, given, { items: [{ key: 'logo', status: 'waived' }] });
    const before = writtenState(context);
    await expect(waive(intake.id, 'logo')).rejects.toMatchObject({ code: 'conflict', reason: 'item_waived' });
    expect(writtenState(context)).toEqual(before);
  });

  it('is 404 item_not_found for an unknown key and 409 intake_archived for an archived intake', async () => {
    const { intake } = await givenIntake(context, given);
    const { intake: archived } = await givenIntake(context, given, { status: 'archived' });
    await expect(waive(intake.id, 'nope')).rejects.toMatchObject({ reason: 'item_not_found' });
    await expect(waive(archived.id, 'brief')).rejects.toMatchObject({ reason: 'intake_archived' });
    expect(context.auditActions()).toEqual([]);
  });
});
