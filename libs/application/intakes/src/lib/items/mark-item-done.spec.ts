import {
  type GivenAccount,
  givenAccount,
  givenIntake,
  InMemoryContext,
  META,
  storedIntake,
  writtenState,
} from '@intake/testing';
import { MarkItemDone } from './mark-item-done';

describe('MarkItemDone', () => {
  let context: InMemoryContext;
  let given: GivenAccount;
  let markItemDone: MarkItemDone;

  beforeEach(async () => {
    context = new InMemoryContext();
    given = await givenAccount(context);
    markItemDone = context.use(MarkItemDone);
  });

  const mark = (intakeId: string, key: string, done: boolean) =>
    markItemDone.execute({ principal: given.liveKey, intakeId, key, done, meta: META });

  const withTask = () =>
    givenIntake(context, given, {
      items: [{ key: 'brief' }, { key: 'task', assignee: 'owner' }],
    });

  it('ticks an owner item off (approved) and back (pending), audited as item.done and item.reopened', async () => {
    const { intake } = await withTask();
    await mark(intake.id, 'task', true);
    expect(storedIntake(context, intake.id).item('task')).toMatchObject({
      status: 'approved',
      approved_at: context.clock.now(),
    });
    await mark(intake.id, 'task', false);
    expect(storedIntake(context, intake.id).item('task')).toMatchObject({ status: 'pending', approved_at: null });
    expect(context.auditActions()).toEqual(['item.done', 'item.reopened']);
    expect(context.db.auditLog.entries[0]?.summary).toEqual({ intake_id: intake.id, item_key: 'task' });
  });

  it('never completes the intake, even when no client work is outstanding', async () => {
    const { intake } = await givenIntake(context, given, {
      items: [
        { key: 'brief', status: 'waived' },
        { key: 'task', assignee: 'owner' },
      ],
    });
    const changed = await mark(intake.id, 'task', true);
    expect(changed.intake).toMatchObject({ status: 'sent', completed_at: null });
    expect(context.db.outbox.messages).toEqual([]);
  });

  it('is 400 client_item for a client item, 409 item_waived for a waived task, writing nothing', async () => {
    const { intake } = await givenIntake(context, given, {
      items: [{ key: 'brief' }, { key: 'task', assignee: 'owner', status: 'waived' }],
    });
    const before = writtenState(context);
    await expect(mark(intake.id, 'brief', true)).rejects.toMatchObject({
      code: 'invalid_request',
      reason: 'client_item',
    });
    await expect(mark(intake.id, 'task', true)).rejects.toMatchObject({ code: 'conflict', reason: 'item_waived' });
    expect(writtenState(context)).toEqual(before);
  });

  it('is 404 item_not_found for an unknown key and 409 intake_archived for an archived intake', async () => {
    const { intake } = await withTask();
    const { intake: archived } = await givenIntake(context, given, {
      status: 'archived',
      items: [{ key: 'task', assignee: 'owner' }],
    });
    await expect(mark(intake.id, 'nope', true)).rejects.toMatchObject({ reason: 'item_not_found' });
    await expect(mark(archived.id, 'task', true)).rejects.toMatchObject({ reason: 'intake_archived' });
    expect(context.auditActions()).toEqual([]);
  });
});
