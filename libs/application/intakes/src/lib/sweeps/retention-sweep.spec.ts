import { NO_WAIVER } from '@intake/domain-intake';
import {
  type GivenAccount,
  givenAccount,
  givenChase,
  givenIntake,
  type GivenIntake,
  givenStoredFile,
  InMemoryContext,
  META,
  storedIntake,
} from '@intake/testing';
import { GetIntake } from '../intakes/get-intake';
import { unchanged } from '../model/intake-state';
import { ANONYMIZED_CLIENT } from '../model/purge';
import { MarkReceivedOutside } from '../items/mark-received-outside';
import { UndoReceivedOutside } from '../items/undo-received-outside';
import { IntakeWriter, systemAccess } from '../write-path/intake-writer';
import { PurgeExpiredIntakes } from './retention-sweep';

const DAY_MS = 24 * 3600_000;

describe('PurgeExpiredIntakes', () => {
  let context: InMemoryContext;
  let given: GivenAccount;
  let purge: PurgeExpiredIntakes;

  beforeEach(async () => {
    context = new InMemoryContext();
    given = await givenAccount(context, { plan: 'studio' });
    purge = context.use(PurgeExpiredIntakes);
  });

  const runAt = (at: Date) => {
    context.clock.set(at);
    return purge.run(at);
  };
  const later = (ms: number) => new Date(context.clock.now().getTime() + ms);
  const shown = async (intakeId: string) =>
    (await context.use(GetIntake).execute({ access: systemAccess(given.account.id), intakeId })).intake;

  /** A sent intake with answers, notes, an upload and a brief file, whose last item the owner then marks received. */
  async function completedIntake(overrides: Omit<GivenIntake, 'items'> = {}) {
    const { intake } = await givenIntake(context, given, {
      client_note: 'Call me after five',
      owner_note: 'Jan prefers blue',
      client_brief: 'Everything for Jan’s bakery',
      client_phone: '+420777123456',
      also_notify: [{ email: 'eva@client.example', name: 'Eva', bounced_at: null }],
      email_copy: { subject: 'Files for Jan' },
      ...overrides,
      items: [
        { key: 'about', type: 'longtext', status: 'approved', value: 'We bake since 1990', client_note: 'Draft' },
        { key: 'logo', type: 'image', status: 'submitted', value: null, owner_note: 'too small' },
        { key: 'secret', type: 'secret', status: 'submitted', value: 'wifi: hunter2' },
        {
          key: 'legal',
          status: 'waived',
          waiver: {
            state: 'accepted',
            reason: 'We have none',
            requested_by: 'client',
            requested_at: null,
            decided_at: null,
          },
        },
        { key: 'last' },
      ],
    });
    await givenStoredFile(context, intake, 'logo', { size: 4000 });
    await givenStoredFile(context, intake, null, { size: 600 });
    await context
      .use(MarkReceivedOutside)
      .execute({ principal: given.owner, intakeId: intake.id, key: 'last', note: 'by post from Jan', meta: META });
    return storedIntake(context, intake.id).intake;
  }

  it('shows purge_at 90 days after completion and purges the contents then: values, notes, files, storage', async () => {
    const intake = await completedIntake();
    const completedAt = context.clock.now();
    expect(intake.status).toBe('completed');
    expect((await shown(intake.id)).purge_at).toEqual(new Date(completedAt.getTime() + 90 * DAY_MS));
    expect((await context.accounts.getAccount(given.account.id))?.storage_bytes_used).toBe(4600);

    expect(await runAt(new Date(completedAt.getTime() + 90 * DAY_MS - 1))).toBe(0);
    expect(context.storage.objects.size).toBe(2);

    const purgeAt = new Date(completedAt.getTime() + 90 * DAY_MS);
    expect(await runAt(purgeAt)).toBe(1);
    const after = storedIntake(context, intake.id);
    expect(after.items.map((i) => [i.key, i.status, i.value, i.client_note])).toEqual([
      ['about', 'approved', null, null],
      ['logo', 'submitted', null, null],
      ['secret', 'submitted', null, null],
      ['legal', 'waived', null, null],
      ['last', 'approved', null, null],
    ]);
    expect(after.item('legal').waiver).toMatchObject({ state: 'accepted', reason: null });
    // The owner's own text stays without anonymize, and so does the client.
    expect(after.item('logo').owner_note).toBe('too small');
    expect(after.item('last').received_outside_note).toBe('by post from Jan');
    expect(after.intake).toMatchObject({
      status: 'completed',
      client_note: null,
      owner_note: 'Jan prefers blue',
      client_email: 'jan@client.example',
      client_name: 'Jan',
      purge_at: purgeAt,
      anonymized_at: null,
    });
    expect(await context.files.ofIntake(intake.id)).toEqual([]);
    expect(context.storage.objects.size).toBe(0);
    expect((await context.accounts.getAccount(given.account.id))?.storage_bytes_used).toBe(0);
    expect(context.db.auditLog.entries.at(-1)).toMatchObject({
      action: 'intake.purged',
      actor_type: 'system',
      target_id: intake.id,
      summary: {
        retention: 'days',
        purge_at: purgeAt.toISOString(),
        values: 2,
        files: 2,
        bytes: 4600,
        anonymized: false,
      },
    });
    expect(context.webhooks().filter((w) => w['event'] !== 'intake.completed')).toEqual([]);

    expect(await runAt(later(DAY_MS))).toBe(0);
    expect(context.auditActions().filter((a) => a === 'intake.purged')).toHaveLength(1);
  });

  it('keeps to the intake’s own number of days', async () => {
    const intake = await completedIntake({ retention_days: 7 });
    expect(intake.purge_at).toEqual(later(7 * DAY_MS));
    expect(await runAt(later(7 * DAY_MS))).toBe(1);
  });

  it('purges an archived intake that had completed; a reopened intake has no purge time until it completes again', async () => {
    const archived = await completedIntake();
    const row = context.db.intakes.rows.find((i) => i.id === archived.id);
    if (row) row.status = 'archived';

    const reopened = await completedIntake();
    await context
      .use(UndoReceivedOutside)
      .execute({ principal: given.owner, intakeId: reopened.id, key: 'last', meta: META });
    expect((await shown(reopened.id)).purge_at).toBeNull();

    expect(await runAt(later(91 * DAY_MS))).toBe(1);
    expect(storedIntake(context, archived.id).item('about').value).toBeNull();
    expect(storedIntake(context, reopened.id).item('about').value).toBe('We bake since 1990');

    // Completed again: a new purge time, and the contents go then.
    await context
      .use(MarkReceivedOutside)
      .execute({ principal: given.owner, intakeId: reopened.id, key: 'last', note: null, meta: META });
    expect((await shown(reopened.id)).purge_at).toEqual(later(90 * DAY_MS));
    expect(await runAt(later(90 * DAY_MS))).toBe(1);
    expect(storedIntake(context, reopened.id).item('about').value).toBeNull();
  });

  it('purges again after a purged intake was reopened and completed anew', async () => {
    const intake = await completedIntake({ retention_days: 1 });
    expect(await runAt(later(DAY_MS))).toBe(1);
    await context
      .use(UndoReceivedOutside)
      .execute({ principal: given.owner, intakeId: intake.id, key: 'last', meta: META });
    const row = context.db.items.rows.find((i) => i.intake_id === intake.id && i.key === 'about');
    if (row) row.value = 'A new answer';
    await context
      .use(MarkReceivedOutside)
      .execute({ principal: given.owner, intakeId: intake.id, key: 'last', note: null, meta: META });
    expect(await runAt(later(DAY_MS - 1))).toBe(0);
    expect(await runAt(later(1))).toBe(1);
    expect(storedIntake(context, intake.id).item('about').value).toBeNull();
  });

  it('on_delivery: nothing is purged until results were collected, then 24 hours after', async () => {
    const intake = await completedIntake({ retention_mode: 'on_delivery', retention_days: null });
    expect((await shown(intake.id)).purge_at).toBeNull();
    expect(await runAt(later(400 * DAY_MS))).toBe(0);

    // What the results work does when results are first collected: delivered_at, through the write path.
    const deliveredAt = context.clock.now();
    await context.use(IntakeWriter).change({ by: 'system', accountId: given.account.id, intakeId: intake.id }, META, {
      action: 'intake.delivered',
      decide: (current, items) => ({ ...unchanged(current, items), record: { ...current, delivered_at: deliveredAt } }),
    });
    expect((await shown(intake.id)).purge_at).toEqual(new Date(deliveredAt.getTime() + DAY_MS));
    expect(await runAt(later(DAY_MS - 1))).toBe(0);
    expect(await runAt(later(1))).toBe(1);
    expect(storedIntake(context, intake.id).item('about').value).toBeNull();
    expect(context.db.auditLog.entries.at(-1)).toMatchObject({
      action: 'intake.purged',
      summary: { retention: 'on_delivery' },
    });
  });

  it('anonymize: replaces the client’s personal data and every free text, keeps the record, forgets chase addresses', async () => {
    const intake = await completedIntake({ retention_anonymize: true, retention_days: 30 });
    const chase = await givenChase(context, intake, { kind: 'reminder', status: 'sent' });
    context.chaseQueue.delivery(chase.id).recipients = ['jan@client.example', 'eva@client.example'];
    const scheduled = await givenChase(context, intake, {
      kind: 'manual',
      status: 'scheduled',
      scheduled_at: later(DAY_MS * 40),
    });

    const purgeAt = later(30 * DAY_MS);
    expect(await runAt(purgeAt)).toBe(1);
    const after = storedIntake(context, intake.id);
    expect(after.intake).toMatchObject({
      status: 'completed',
      project_name: 'New website',
      client_email: ANONYMIZED_CLIENT.email,
      client_name: ANONYMIZED_CLIENT.name,
      client_phone: null,
      also_notify: [],
      client_note: null,
      owner_note: null,
      client_brief: null,
      email_copy: null,
      anonymized_at: purgeAt,
      purge_at: purgeAt,
    });
    expect(after.items.map((i) => [i.key, i.status, i.value, i.owner_note, i.received_outside_note])).toEqual([
      ['about', 'approved', null, null, null],
      ['logo', 'submitted', null, null, null],
      ['secret', 'submitted', null, null, null],
      ['legal', 'waived', null, null, null],
      ['last', 'approved', null, null, null],
    ]);
    expect(after.item('legal').waiver).toEqual({ ...NO_WAIVER, state: 'accepted', requested_by: 'client' });
    expect(context.chaseQueue.delivery(chase.id).recipients).toEqual([]);
    expect(after.chases.find((c) => c.id === scheduled.id)?.status).toBe('cancelled');
    expect(context.db.auditLog.entries.at(-1)).toMatchObject({
      action: 'intake.purged',
      summary: { anonymized: true, files: 2 },
    });
    expect(JSON.stringify(after)).not.toMatch(/Jan|jan@|eva@|\+420/);
  });

  it('purges a test intake the same way', async () => {
    const intake = await completedIntake({ by: given.testKey });
    expect(intake.mode).toBe('test');
    expect(await runAt(later(90 * DAY_MS))).toBe(1);
    expect(storedIntake(context, intake.id).item('about').value).toBeNull();
  });

  it('does nothing for an intake that is not done', async () => {
    await givenIntake(context, given, { items: [{ key: 'about', status: 'submitted', value: 'text' }] });
    expect(await runAt(later(1000 * DAY_MS))).toBe(0);
    expect(context.auditActions()).toEqual([]);
  });
});
