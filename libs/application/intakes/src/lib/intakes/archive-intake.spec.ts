import {
  type GivenAccount,
  givenAccount,
  givenChase,
  givenIntake,
  givenStoredFile,
  InMemoryContext,
  META,
  storedIntake,
  writtenState,
} from '@intake/testing';
import { ArchiveIntake } from './archive-intake';

describe('ArchiveIntake', () => {
  let context: InMemoryContext;
  let given: GivenAccount;
  let archiveIntake: ArchiveIntake;

  beforeEach(async () => {
    context = new InMemoryContext();
    given = await givenAccount(context);
    archiveIntake = context.use(ArchiveIntake);
  });

  const archive = (intakeId: string, principal = given.liveKey) =>
    archiveIntake.execute({ principal, intakeId, meta: META });

  it.each(['draft', 'sent', 'in_progress', 'completed'] as const)(
    'archives a %s intake, emits intake.archived and audits it',
    async (status) => {
      const { intake } = await givenIntake(context, given, { status });
      const archived = await archive(intake.id);
      expect(archived.intake).toMatchObject({ status: 'archived', version: 1 });
      expect(storedIntake(context, intake.id).intake.status).toBe('archived');
      expect(context.webhooks()).toEqual([
        {
          event: 'intake.archived',
          intake_id: intake.id,
          project_name: 'New website',
          timestamp: Math.floor(context.clock.now().getTime() / 1000),
        },
      ]);
      expect(context.auditActions()).toEqual(['intake.archived']);
    },
  );

  it('cancels every scheduled chase and keeps the history of sent ones', async () => {
    const { intake } = await givenIntake(context, given);
    await givenChase(context, intake, { kind: 'invite', status: 'scheduled' });
    await givenChase(context, intake, { kind: 'reminder', status: 'sent' });
    await givenChase(context, intake, { kind: 'reminder', status: 'scheduled' });
    await givenChase(context, intake, { kind: 'revision', status: 'skipped' });
    await archive(intake.id);
    expect(storedIntake(context, intake.id).chases.map((c) => `${c.kind}:${c.status}`)).toEqual([
      'invite:cancelled',
      'reminder:sent',
      'reminder:cancelled',
      'revision:skipped',
    ]);
  });

  it('deletes nothing: items, answers and files stay', async () => {
    const { intake, items } = await givenIntake(context, given, {
      status: 'in_progress',
      items: [{ key: 'logo', type: 'image', status: 'submitted' }],
    });
    const file = await givenStoredFile(context, intake, 'logo');
    const archived = await archive(intake.id);
    expect(storedIntake(context, intake.id).items).toEqual(items);
    expect(archived.files).toEqual([file]);
    expect(context.storage.objects.has(file.storage_key)).toBe(true);
  });

  it('emits the webhook in the test intake’s mode', async () => {
    const { intake } = await givenIntake(context, given, { by: given.testKey });
    await archive(intake.id, given.testKey);
    expect(context.db.outbox.payloads('webhook')).toEqual([
      expect.objectContaining({ account_id: given.account.id, mode: 'test' }),
    ]);
  });

  it('is 409 intake_archived for an archived intake: no second event, nothing written', async () => {
    const { intake } = await givenIntake(context, given);
    await archive(intake.id);
    const before = writtenState(context);
    await expect(archive(intake.id)).rejects.toMatchObject({ code: 'conflict', reason: 'intake_archived' });
    expect(writtenState(context)).toEqual(before);
    expect(context.webhooks()).toHaveLength(1);
  });

  it('is 404 for another account’s intake', async () => {
    const other = await givenAccount(context);
    const { intake } = await givenIntake(context, other);
    await expect(archive(intake.id)).rejects.toMatchObject({ code: 'not_found' });
    expect(storedIntake(context, intake.id).intake.status).toBe('sent');
  });
});
