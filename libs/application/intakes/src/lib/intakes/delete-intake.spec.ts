import {
  anotherKey,
  type GivenAccount,
  givenAccount,
  givenChase,
  givenIntake,
  givenStoredFile,
  InMemoryContext,
  META,
  writtenState,
} from '@intake/testing';
import { type Principal } from '@intake/domain-accounts';
import { CreateIntake } from './create-intake';
import { DeleteIntake } from './delete-intake';

describe('DeleteIntake', () => {
  let context: InMemoryContext;
  let given: GivenAccount;
  let deleteIntake: DeleteIntake;

  beforeEach(async () => {
    context = new InMemoryContext();
    given = await givenAccount(context);
    deleteIntake = context.use(DeleteIntake);
  });

  const remove = (intakeId: string, principal: Principal = given.liveKey) =>
    deleteIntake.execute({ principal, intakeId, meta: META });
  const storageUsed = () => context.db.accounts.rows.find((a) => a.id === given.account.id)?.storage_bytes_used;

  it('deletes the intake with its items, chases, files and their bytes; audited, no webhook event', async () => {
    const { intake } = await givenIntake(context, given, { items: [{ key: 'logo', type: 'image' }] });
    const { intake: kept } = await givenIntake(context, given, { items: [{ key: 'logo', type: 'image' }] });
    await givenChase(context, intake);
    const file = await givenStoredFile(context, intake, 'logo', { size: 300 });
    const brief = await givenStoredFile(context, intake, null, { size: 50 });
    const other = await givenStoredFile(context, kept, 'logo', { size: 200 });
    expect(storageUsed()).toBe(550);

    await remove(intake.id);

    expect(context.db.intakes.rows.map((i) => i.id)).toEqual([kept.id]);
    expect(context.db.items.rows.map((i) => i.intake_id)).toEqual([kept.id]);
    expect(context.db.chases.rows).toEqual([]);
    expect(context.db.files.rows.map((f) => f.id)).toEqual([other.id]);
    expect(context.storage.objects.has(file.storage_key)).toBe(false);
    expect(context.storage.objects.has(brief.storage_key)).toBe(false);
    expect(context.storage.objects.has(other.storage_key)).toBe(true);
    expect(storageUsed()).toBe(200);
    expect(context.db.auditLog.entries).toEqual([
      expect.objectContaining({
        action: 'intake.deleted',
        actor_type: 'api_key',
        actor_id: given.liveKey.keyId,
        target_id: intake.id,
        summary: {},
      }),
    ]);
    expect(context.db.outbox.messages).toEqual([]);
  });

  it('deletes an archived intake too', async () => {
    const { intake } = await givenIntake(context, given, { status: 'archived' });
    await remove(intake.id);
    expect(context.db.intakes.rows).toEqual([]);
  });

  it('does not give the month’s quota back', async () => {
    const { intake } = await context.use(CreateIntake).execute({
      principal: given.liveKey,
      body: {
        project_name: 'P',
        client: { email: 'a@x.example', name: 'A' },
        items: [{ key: 'a', type: 'text', label: 'A' }],
      },
      meta: META,
    });
    await remove(intake.id);
    expect(context.db.usage.rows).toEqual([expect.objectContaining({ intakes_created: 1 })]);
  });

  it('is 404 for an intake the caller may not see, deleting nothing', async () => {
    const other = await givenAccount(context);
    const { intake: foreign } = await givenIntake(context, other);
    const { intake: test } = await givenIntake(context, given, { by: given.testKey });
    const { intake: live } = await givenIntake(context, given);
    const before = writtenState(context);
    const attempts: Array<[Principal, string]> = [
      [given.liveKey, foreign.id],
      [given.liveKey, test.id],
      [anotherKey(given, 'test'), test.id],
      [given.testKey, live.id],
      [given.liveKey, 'in_missing'],
    ];
    for (const [principal, intakeId] of attempts) {
      await expect(remove(intakeId, principal)).rejects.toMatchObject({
        code: 'not_found',
        message: 'Intake was not found.',
      });
    }
    expect(writtenState(context)).toEqual(before);
  });

  it('lets a session delete an intake of either mode', async () => {
    const { intake } = await givenIntake(context, given, { by: given.testKey });
    await remove(intake.id, given.owner);
    expect(context.db.intakes.rows).toEqual([]);
    expect(context.db.auditLog.entries[0]).toMatchObject({ actor_type: 'user', actor_id: given.owner.userId });
  });

  it('keeps the deletion when the bytes cannot be removed, and reports the orphans to the operators', async () => {
    const { intake } = await givenIntake(context, given, { items: [{ key: 'logo', type: 'image' }] });
    await givenStoredFile(context, intake, 'logo');
    context.storage.failing = true;
    await remove(intake.id);
    expect(context.db.intakes.rows).toEqual([]);
    expect(context.auditActions()).toEqual(['intake.deleted']);
    expect(context.diagnostics.warnings).toEqual([
      { event: 'intake.files_orphaned', fields: { intake_id: intake.id, error: 'object storage unreachable' } },
    ]);
  });
});
