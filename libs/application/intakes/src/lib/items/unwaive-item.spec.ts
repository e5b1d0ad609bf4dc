import {
  type GivenAccount,
  givenAccount,
  givenIntake,
  givenStoredFile,
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
      expect.objectContaining({
        action: 'item.unwaived',
        summary: { intake_id: intake.id, item_key: 'brief', files_discarded: 0, bytes_discarded: 0 },
      }),
    ]);
    expect(context.db.outbox.messages).toEqual([]);
  });

  it("discards the client's uploads: records in the change, bytes after it; other files stay", async () => {
    const { intake } = await givenIntake(context, given, {
      status: 'completed',
      items: [
        { key: 'logo', type: 'image', status: 'waived', submitted_at: new Date('2026-11-20T09:00:00.000Z') },
        { key: 'photos', type: 'file_list', status: 'submitted' },
      ],
    });
    const logo = await givenStoredFile(context, intake, 'logo', { size: 300 });
    const photo = await givenStoredFile(context, intake, 'photos', { size: 20 });
    const brief = await givenStoredFile(context, intake, null, { size: 1 });
    const changed = await unwaive(intake.id, 'logo');
    expect(changed.items[0]).toMatchObject({ key: 'logo', status: 'pending', value: null, submitted_at: null });
    expect(changed.files).toHaveLength(2);
    expect(changed.files).toEqual(expect.arrayContaining([photo, brief]));
    expect(context.db.files.rows.map((f) => f.id).sort()).toEqual([photo.id, brief.id].sort());
    expect(context.storage.objects.has(logo.storage_key)).toBe(false);
    expect(context.storage.objects.has(photo.storage_key)).toBe(true);
    expect(context.db.accounts.rows.find((a) => a.id === given.account.id)?.storage_bytes_used).toBe(21);
    expect(context.db.auditLog.entries).toEqual([
      expect.objectContaining({
        action: 'item.unwaived',
        summary: { intake_id: intake.id, item_key: 'logo', files_discarded: 1, bytes_discarded: 300 },
      }),
    ]);
  });

  it("keeps the client's note on the item: a note is not a submission", async () => {
    const { intake } = await givenIntake(context, given, {
      items: [{ key: 'brief', status: 'waived', value: 'old', client_note: 'sending it next week' }],
    });
    expect((await unwaive(intake.id, 'brief')).items[0]).toMatchObject({
      value: null,
      client_note: 'sending it next week',
    });
  });

  it('deletes no file when it is refused', async () => {
    const { intake } = await givenIntake(context, given, {
      items: [{ key: 'logo', type: 'image', status: 'submitted' }],
    });
    const logo = await givenStoredFile(context, intake, 'logo');
    const before = writtenState(context);
    await expect(unwaive(intake.id, 'logo')).rejects.toMatchObject({ reason: 'item_not_waived' });
    expect(writtenState(context)).toEqual(before);
    expect(context.storage.objects.has(logo.storage_key)).toBe(true);
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
