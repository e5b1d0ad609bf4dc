import {
  type GivenAccount,
  givenAccount,
  givenIntake,
  InMemoryContext,
  META,
  storedIntake,
  writtenState,
} from '@intake/testing';
import { type ItemStatus } from '@intake/domain-intake';
import { ApproveItem } from './approve-item';

describe('ApproveItem', () => {
  let context: InMemoryContext;
  let given: GivenAccount;
  let approveItem: ApproveItem;

  beforeEach(async () => {
    context = new InMemoryContext();
    given = await givenAccount(context);
    approveItem = context.use(ApproveItem);
  });

  const approve = (intakeId: string, key: string, note: string | null = null) =>
    approveItem.execute({ principal: given.liveKey, intakeId, key, note, meta: META });

  it('approves a submitted item, keeping the intake’s status; the note goes to the audit log', async () => {
    const { intake } = await givenIntake(context, given, {
      status: 'in_progress',
      items: [{ key: 'brief', status: 'submitted', value: 'Hi' }, { key: 'logo' }],
    });
    context.clock.advance(60);
    const changed = await approve(intake.id, 'brief', 'Looks good');
    expect(storedIntake(context, intake.id).item('brief')).toMatchObject({
      status: 'approved',
      approved_at: context.clock.now(),
      value: 'Hi',
    });
    expect(changed.intake.status).toBe('in_progress');
    expect(context.db.auditLog.entries).toEqual([
      expect.objectContaining({
        action: 'item.approved',
        summary: { intake_id: intake.id, item_key: 'brief', note: 'Looks good' },
      }),
    ]);
    expect(context.db.outbox.messages).toEqual([]);
  });

  it('audits no note when none is given', async () => {
    const { intake } = await givenIntake(context, given, { items: [{ key: 'brief', status: 'submitted' }] });
    await approve(intake.id, 'brief');
    expect(context.db.auditLog.entries[0]?.summary).toEqual({ intake_id: intake.id, item_key: 'brief' });
  });

  it.each<ItemStatus>(['pending', 'approved', 'needs_revision', 'waived'])(
    'is 409 item_not_submitted for a %s item, writing nothing',
    async (status) => {
      const { intake } = await givenIntake(context, given, { items: [{ key: 'brief', status }] });
      const before = writtenState(context);
      await expect(approve(intake.id, 'brief')).rejects.toMatchObject({
        code: 'conflict',
        reason: 'item_not_submitted',
      });
      expect(writtenState(context)).toEqual(before);
    },
  );

  it('is 404 item_not_found for an unknown key and 409 intake_archived for an archived intake', async () => {
    const { intake } = await givenIntake(context, given);
    const { intake: archived } = await givenIntake(context, given, {
      status: 'archived',
      items: [{ key: 'brief', status: 'submitted' }],
    });
    await expect(approve(intake.id, 'nope')).rejects.toMatchObject({ code: 'not_found', reason: 'item_not_found' });
    await expect(approve(archived.id, 'brief')).rejects.toMatchObject({ reason: 'intake_archived' });
    expect(storedIntake(context, archived.id).item('brief').status).toBe('submitted');
  });
});
