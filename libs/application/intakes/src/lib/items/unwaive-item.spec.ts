import {
  type GivenAccount,
  givenAccount,
  givenIntake,
  InMemoryContext,
  META,
  storedIntake,
  writtenState,
} from '@intake/testing';
import { NO_WAIVER } from '@intake/domain-intake';
import { UnwaiveItem } from './unwaive-item';

describe('UnwaiveItem', () => {
  let context: InMemoryContext;
  let given: GivenAccount;
  let unwaiveItem: UnwaiveItem;

  beforeEach(async () => {
    context = new InMemoryContext();
    given = await givenAccount(context);
    unwaiveItem = context.use(UnwaiveItem);
  });

  const unwaive = (intakeId: string, key: string) =>
    unwaiveItem.execute({ principal: given.liveKey, intakeId, key, meta: META });

  it('reverts a waived item to pending, discarding its value, submission, revision note and marks', async () => {
    const { intake } = await givenIntake(context, given, {
      status: 'completed',
      items: [
        {
          key: 'brief',
          status: 'waived',
          value: 'old',
          submitted_at: new Date('2026-11-20T09:00:00.000Z'),
          revision_note: 'redo',
          received_outside: true,
          received_outside_note: 'by post',
        },
      ],
    });
    const changed = await unwaive(intake.id, 'brief');
    expect(storedIntake(context, intake.id).item('brief')).toMatchObject({
      status: 'pending',
      value: null,
      submitted_at: null,
      approved_at: null,
      revision_note: null,
      waiver: NO_WAIVER,
      received_outside: false,
      received_outside_note: null,
      decided_by: null,
    });
    expect(changed.intake).toMatchObject({ status: 'in_progress', completed_at: null });
    expect(context.db.auditLog.entries).toEqual([
      expect.objectContaining({ action: 'item.unwaived', summary: { intake_id: intake.id, item_key: 'brief' } }),
    ]);
    expect(context.db.outbox.messages).toEqual([]);
  });

  it('leaves a completed intake completed when the item does not count (optional)', async () => {
    const { intake } = await givenIntake(context, given, {
      status: 'completed',
      items: [{ key: 'extra', required: false, status: 'waived' }],
    });
    expect((await unwaive(intake.id, 'extra')).intake.status).toBe('completed');
  });

  it.each(['pending', 'submitted', 'approved'] as const)(
    'is 409 item_not_waived for a %s item, writing nothing',
    async (status) => {
      const { intake } = await givenIntake(context, given, { items: [{ key: 'brief', status }] });
      const before = writtenState(context);
      await expect(unwaive(intake.id, 'brief')).rejects.toMatchObject({ code: 'conflict', reason: 'item_not_waived' });
      expect(writtenState(context)).toEqual(before);
    },
  );

  it('is 404 item_not_found for an unknown key and 409 intake_archived for an archived intake', async () => {
    const { intake } = await givenIntake(context, given);
    const { intake: archived } = await givenIntake(context, given, {
      status: 'archived',
      items: [{ key: 'brief', status: 'waived' }],
    });
    await expect(unwaive(intake.id, 'nope')).rejects.toMatchObject({ reason: 'item_not_found' });
    await expect(unwaive(archived.id, 'brief')).rejects.toMatchObject({ reason: 'intake_archived' });
    expect(storedIntake(context, archived.id).item('brief').status).toBe('waived');
  });
});
