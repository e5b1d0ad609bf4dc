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
import { MarkReceivedOutside } from './mark-received-outside';

describe('MarkReceivedOutside', () => {
  let context: InMemoryContext;
  let given: GivenAccount;
  let markReceivedOutside: MarkReceivedOutside;

  beforeEach(async () => {
    context = new InMemoryContext();
    given = await givenAccount(context);
    markReceivedOutside = context.use(MarkReceivedOutside);
  });

  const mark = (intakeId: string, key: string, note: string | null = 'by post') =>
    markReceivedOutside.execute({ principal: given.liveKey, intakeId, key, note, meta: META });

  it('approves a client item received another way, with the note, withdrawing a pending waiver proposal', async () => {
    const { intake } = await givenIntake(context, given, {
      items: [
        {
          key: 'logo',
          waiver: { state: 'pending', reason: 'no logo', requested_by: 'client', requested_at: null, decided_at: null },
        },
        { key: 'brief' },
      ],
    });
    const changed = await mark(intake.id, 'logo');
    expect(storedIntake(context, intake.id).item('logo')).toMatchObject({
      status: 'approved',
      approved_at: context.clock.now(),
      received_outside: true,
      received_outside_note: 'by post',
      waiver: NO_WAIVER,
    });
    expect(changed.intake.status).toBe('sent');
    expect(context.db.auditLog.entries).toEqual([
      expect.objectContaining({ action: 'item.received_outside', summary: { intake_id: intake.id, item_key: 'logo' } }),
    ]);
    expect(context.db.outbox.messages).toEqual([]);
  });

  it.each(['submitted', 'needs_revision'] as const)('marks a %s item too', async (status) => {
    const { intake } = await givenIntake(context, given, { items: [{ key: 'logo', status }, { key: 'brief' }] });
    await mark(intake.id, 'logo', null);
    expect(storedIntake(context, intake.id).item('logo')).toMatchObject({
      status: 'approved',
      received_outside_note: null,
    });
  });

  it('completes the intake when it was the last outstanding item, emitting intake.completed', async () => {
    const { intake } = await givenIntake(context, given, {
      status: 'in_progress',
      items: [{ key: 'logo' }, { key: 'brief', status: 'submitted' }, { key: 'extra', required: false }],
    });
    const changed = await mark(intake.id, 'logo');
    expect(changed.intake).toMatchObject({ status: 'completed', completed_at: context.clock.now() });
    expect(context.webhooks()).toEqual([
      expect.objectContaining({ event: 'intake.completed', intake_id: intake.id, project_name: 'New website' }),
    ]);
  });

  it('is 400 owner_item for an owner item and 409 for an approved or waived item, writing nothing', async () => {
    const { intake } = await givenIntake(context, given, {
      items: [
        { key: 'task', assignee: 'owner' },
        { key: 'done', status: 'approved' },
        { key: 'gone', status: 'waived' },
      ],
    });
    const before = writtenState(context);
    await expect(mark(intake.id, 'task')).rejects.toMatchObject({ code: 'invalid_request', reason: 'owner_item' });
    await expect(mark(intake.id, 'done')).rejects.toMatchObject({ code: 'conflict', reason: 'item_approved' });
    await expect(mark(intake.id, 'gone')).rejects.toMatchObject({ code: 'conflict', reason: 'item_waived' });
    expect(writtenState(context)).toEqual(before);
  });

  it('is 404 item_not_found for an unknown key and 409 intake_archived for an archived intake', async () => {
    const { intake } = await givenIntake(context, given);
    const { intake: archived } = await givenIntake(context, given, { status: 'archived' });
    await expect(mark(intake.id, 'nope')).rejects.toMatchObject({ reason: 'item_not_found' });
    await expect(mark(archived.id, 'brief')).rejects.toMatchObject({ code: 'conflict', reason: 'intake_archived' });
    expect(context.auditActions()).toEqual([]);
  });
});
