import {
  type GivenAccount,
  givenAccount,
  givenIntake,
  InMemoryContext,
  META,
  storedIntake,
  writtenState,
} from '@intake/testing';
import { UndoReceivedOutside } from './undo-received-outside';

const markedOutside = { status: 'approved' as const, received_outside: true, received_outside_note: 'by post' };

describe('UndoReceivedOutside', () => {
  let context: InMemoryContext;
  let given: GivenAccount;
  let undoReceivedOutside: UndoReceivedOutside;

  beforeEach(async () => {
    context = new InMemoryContext();
    given = await givenAccount(context);
    undoReceivedOutside = context.use(UndoReceivedOutside);
  });

  const undo = (intakeId: string, key: string) =>
    undoReceivedOutside.execute({ principal: given.liveKey, intakeId, key, meta: META });

  it('sends an unanswered item back to pending and reopens the intake it completed', async () => {
    const { intake } = await givenIntake(context, given, {
      status: 'completed',
      items: [{ key: 'logo', ...markedOutside }],
    });
    const changed = await undo(intake.id, 'logo');
    expect(storedIntake(context, intake.id).item('logo')).toMatchObject({
      status: 'pending',
      approved_at: null,
      received_outside: false,
      received_outside_note: null,
    });
    expect(changed.intake).toMatchObject({ status: 'in_progress', completed_at: null });
    expect(context.db.auditLog.entries).toEqual([
      expect.objectContaining({
        action: 'item.received_outside_undone',
        summary: { intake_id: intake.id, item_key: 'logo' },
      }),
    ]);
    expect(context.db.outbox.messages).toEqual([]);
  });

  it('returns an item the client had answered to submitted', async () => {
    const { intake } = await givenIntake(context, given, {
      status: 'completed',
      items: [{ key: 'brief', ...markedOutside, value: 'From the client' }],
    });
    const changed = await undo(intake.id, 'brief');
    expect(changed.items[0]).toMatchObject({ status: 'submitted', value: 'From the client' });
    expect(changed.intake.status).toBe('completed');
  });

  it('is 404 not_received_outside for an item never marked, writing nothing', async () => {
    const { intake } = await givenIntake(context, given, { items: [{ key: 'brief', status: 'approved' }] });
    const before = writtenState(context);
    await expect(undo(intake.id, 'brief')).rejects.toMatchObject({
      code: 'not_found',
      reason: 'not_received_outside',
    });
    expect(writtenState(context)).toEqual(before);
  });

  it('is 404 item_not_found for an unknown key and 409 intake_archived for an archived intake', async () => {
    const { intake } = await givenIntake(context, given);
    const { intake: archived } = await givenIntake(context, given, {
      status: 'archived',
      items: [{ key: 'logo', ...markedOutside }],
    });
    await expect(undo(intake.id, 'nope')).rejects.toMatchObject({ reason: 'item_not_found' });
    await expect(undo(archived.id, 'logo')).rejects.toMatchObject({ reason: 'intake_archived' });
    expect(storedIntake(context, archived.id).item('logo').received_outside).toBe(true);
  });
});
