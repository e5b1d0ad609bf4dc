import {
  type GivenAccount,
  givenAccount,
  givenIntake,
  InMemoryContext,
  META,
  storedIntake,
  writtenState,
} from '@intake/testing';
import { type Principal } from '@intake/domain-accounts';
import { type ItemStatus } from '@intake/domain-intake';
import { RequestRevision } from './request-revision';

describe('RequestRevision', () => {
  let context: InMemoryContext;
  let given: GivenAccount;
  let requestRevision: RequestRevision;

  beforeEach(async () => {
    context = new InMemoryContext();
    given = await givenAccount(context, { plan: 'solo' });
    requestRevision = context.use(RequestRevision);
  });

  const revise = (intakeId: string, key = 'logo', principal: Principal = given.liveKey) =>
    requestRevision.execute({ principal, intakeId, key, note: 'Bigger, please', meta: META });

  it('sends a submitted item back with the note, records a revision chase and answers clientNotified', async () => {
    const { intake } = await givenIntake(context, given, {
      status: 'in_progress',
      items: [{ key: 'logo', type: 'image', status: 'submitted', revision_count: 1 }],
    });
    await expect(revise(intake.id)).resolves.toEqual({ clientNotified: true });
    const stored = storedIntake(context, intake.id);
    expect(stored.item('logo')).toMatchObject({
      status: 'needs_revision',
      revision_note: 'Bigger, please',
      revision_count: 2,
      approved_at: null,
    });
    expect(stored.chases).toEqual([
      expect.objectContaining({
        kind: 'revision',
        status: 'scheduled',
        scheduled_at: context.clock.now(),
        error: null,
      }),
    ]);
    expect(context.db.auditLog.entries).toEqual([
      expect.objectContaining({
        action: 'item.revision_requested',
        summary: { intake_id: intake.id, item_key: 'logo' },
      }),
    ]);
    expect(context.db.outbox.messages).toEqual([]);
  });

  it('sends an approved item back too, clears a received-outside mark and reopens a completed intake', async () => {
    const { intake } = await givenIntake(context, given, {
      status: 'completed',
      items: [{ key: 'logo', status: 'approved', received_outside: true, received_outside_note: 'by post' }],
    });
    await revise(intake.id);
    const stored = storedIntake(context, intake.id);
    expect(stored.item('logo')).toMatchObject({
      status: 'needs_revision',
      received_outside: false,
      received_outside_note: null,
    });
    expect(stored.intake).toMatchObject({ status: 'in_progress', completed_at: null });
  });

  it('notifies nobody for a test intake: the chase is skipped', async () => {
    const { intake } = await givenIntake(context, given, {
      by: given.testKey,
      items: [{ key: 'logo', status: 'submitted' }],
    });
    await expect(revise(intake.id, 'logo', given.testKey)).resolves.toEqual({ clientNotified: false });
    expect(storedIntake(context, intake.id).chases.map((c) => [c.kind, c.status])).toEqual([['revision', 'skipped']]);
  });

  it('is 402 plan_required on the free plan, writing nothing', async () => {
    const free = await givenAccount(context);
    const { intake } = await givenIntake(context, free, { items: [{ key: 'logo', status: 'submitted' }] });
    const before = writtenState(context);
    await expect(revise(intake.id, 'logo', free.liveKey)).rejects.toMatchObject({
      code: 'plan_required',
      reason: 'revisions',
      params: { feature: 'revisions' },
    });
    expect(writtenState(context)).toEqual(before);
  });

  it('is 400 owner_item for an owner item', async () => {
    const { intake } = await givenIntake(context, given, {
      items: [{ key: 'logo', assignee: 'owner', status: 'approved' }],
    });
    await expect(revise(intake.id)).rejects.toMatchObject({ code: 'invalid_request', reason: 'owner_item' });
  });

  it.each<ItemStatus>(['pending', 'needs_revision', 'waived'])(
    'is 409 item_not_submitted for a %s item, writing nothing',
    async (status) => {
      const { intake } = await givenIntake(context, given, { items: [{ key: 'logo', status }] });
      const before = writtenState(context);
      await expect(revise(intake.id)).rejects.toMatchObject({ code: 'conflict', reason: 'item_not_submitted' });
      expect(writtenState(context)).toEqual(before);
    },
  );

  it('is 404 item_not_found for an unknown key, 409 intake_archived for an archived intake', async () => {
    const { intake } = await givenIntake(context, given);
    const { intake: archived } = await givenIntake(context, given, {
      status: 'archived',
      items: [{ key: 'logo', status: 'submitted' }],
    });
    const before = writtenState(context);
    await expect(revise(intake.id, 'nope')).rejects.toMatchObject({ code: 'not_found', reason: 'item_not_found' });
    await expect(revise(archived.id)).rejects.toMatchObject({ code: 'conflict', reason: 'intake_archived' });
    expect(writtenState(context)).toEqual(before);
  });

  it('is 404 when the account is gone', async () => {
    await expect(revise('in_x', 'logo', { ...given.liveKey, accountId: 'acc_gone' })).rejects.toMatchObject({
      code: 'not_found',
    });
  });
});
