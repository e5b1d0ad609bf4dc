import { type AccessContext } from '@intake/domain-accounts';
import {
  aChase,
  anIntake,
  anItem,
  at,
  gate,
  type IntakeStoresSetup,
  liveKeyAccess,
  orderedIds,
  present,
  sessionAccess,
  testKeyAccess,
  useIntakeStores,
} from './intake-stores.fixture';
import { describeIntakeListContract } from './intake-list.contract';
import { type IntakeRecord } from '@intake/domain-intake';

/**
 * The behaviour every IntakeStore must have: reads, writes, locks and versions; its deletes and units
 * of work take the intake's chases (ChaseStore's, describeChaseStoreContract) along.
 */
export function describeIntakeStoreContract(name: string, setup: IntakeStoresSetup): void {
  describe(`IntakeStore contract: ${name}`, () => {
    const fixture = useIntakeStores(setup);
    const store = () => fixture().intakes;
    const chaseStore = () => fixture().chases;

    /** An account with one stored intake (and its two items). */
    async function givenIntake(overrides: Partial<IntakeRecord> = {}) {
      const accountId = await fixture().createAccount();
      const intake = anIntake(accountId, overrides);
      await store().insert(intake, [anItem(intake.id, 'logo', 0), anItem(intake.id, 'brief', 1)]);
      return { accountId, intake, access: sessionAccess(accountId) };
    }

    it('reads back an inserted intake and its items field for field, items in position order', async () => {
      const accountId = await fixture().createAccount();
      const intake = anIntake(accountId, {
        mode: 'test',
        created_by_key_id: 'key_1',
        status: 'in_progress',
        client_phone: '+420601123456',
        client_bounced_at: at(1),
        client_temporary_bounces: 2,
        also_notify: [
          { email: 'petr@example.com', name: 'Petr', bounced_at: at(2) },
          { email: 'eva@example.com', name: null, bounced_at: null, temporary_bounces: 1 },
        ],
        email_copy: { subject: 'Podklady', intro: 'Dobrý den' },
        branding: { display_name: 'Studio', accent_color: '#112233', logo_url: 'https://cdn.example/l.png' },
        chase_schedule: 'custom',
        chase_interval_minutes: 2880,
        respect_quiet_hours: false,
        max_reminders: null,
        chase_at_time: '09:30',
        due_date: '2026-12-31',
        retention_mode: 'on_delivery',
        retention_days: null,
        retention_anonymize: true,
        client_note: 'Ahoj',
        owner_note: 'VIP',
        client_brief: 'All the files',
        completed_at: at(3),
        delivered_at: at(4),
        client_last_seen: at(5),
        stalled_at: at(6),
        purge_at: at(7),
        overdue_at: at(8),
      });
      const answered = anItem(intake.id, 'colours', 1, {
        type: 'multiselect',
        assignee: 'owner',
        required: false,
        constraints: { min_count: 1, max_count: 2 },
        options: ['red', 'blue'],
        proposed: { value: ['red'], rationale: 'brand' },
        status: 'approved',
        value: ['red', 'blue'],
        submitted_at: at(8),
        approved_at: at(9),
        revision_note: 'more blue',
        revision_count: 2,
        waiver: {
          state: 'pending',
          reason: 'none yet',
          requested_by: 'client',
          requested_at: at(10),
          decided_at: null,
        },
        client_note: 'c',
        owner_note: 'o',
        received_outside: true,
        received_outside_note: 'by post',
        decided_by: 'owner',
      });
      const structured = anItem(intake.id, 'address', 2, {
        type: 'structured',
        schema: { type: 'object', required: ['street'], properties: { street: { type: 'string' } } },
        value: { street: 'Main 1' },
        pattern: '^.+$',
      });
      const first = anItem(intake.id, 'logo', 0, { help: 'SVG please' });
      await store().insert(intake, [answered, structured, first]);

      expect(await store().get(sessionAccess(accountId), intake.id)).toEqual(intake);
      expect(await store().items(intake.id)).toEqual([first, answered, structured]);
    });

    it('hands out copies: changing a record given or read changes nothing stored', async () => {
      const accountId = await fixture().createAccount();
      const intake = anIntake(accountId, {
        also_notify: [{ email: 'petr@example.com', name: 'Petr', bounced_at: null }],
      });
      const item = anItem(intake.id, 'logo', 0, { constraints: { formats: ['svg'] } });
      const original = structuredClone({ intake, item });
      await store().insert(intake, [item]);
      intake.project_name = 'Changed';
      present(intake.also_notify[0]).email = 'changed@example.com';
      present(item.constraints.formats).push('png');

      const read = present(await store().get(sessionAccess(accountId), intake.id));
      read.project_name = 'Changed again';
      present(read.also_notify[0]).name = 'Changed';
      read.created_at.setUTCFullYear(2000);
      const readItem = present((await store().items(intake.id))[0]);
      readItem.waiver.reason = 'changed';
      present(readItem.constraints.formats).push('pdf');

      expect(await store().get(sessionAccess(accountId), intake.id)).toEqual(original.intake);
      expect(await store().items(intake.id)).toEqual([original.item]);
    });

    it('refuses a second intake with the id or the portal slug of a stored one', async () => {
      const { accountId, intake, access } = await givenIntake();
      await expect(store().insert(anIntake(accountId, { id: intake.id }), [])).rejects.toThrow();
      await expect(
        store().insert(anIntake(accountId, { slug: intake.slug, project_name: 'Other' }), []),
      ).rejects.toThrow();
      expect(await store().get(access, intake.id)).toEqual(intake);
    });

    it.each(['get', 'getForUpdate'] as const)('%s shows an intake only to callers who may see it', async (read) => {
      const accountId = await fixture().createAccount();
      const otherAccountId = await fixture().createAccount();
      const live = anIntake(accountId, { mode: 'live', created_by_key_id: 'key_live' });
      const test = anIntake(accountId, { mode: 'test', created_by_key_id: 'key_test' });
      await store().insert(live, []);
      await store().insert(test, []);
      const seen = async (access: AccessContext) =>
        [(await store()[read](access, live.id))?.id, (await store()[read](access, test.id))?.id].filter(Boolean);

      expect(await seen(sessionAccess(accountId))).toEqual([live.id, test.id]);
      expect(await seen(liveKeyAccess(accountId))).toEqual([live.id]);
      expect(await seen(testKeyAccess(accountId, 'key_test'))).toEqual([test.id]);
      expect(await seen(testKeyAccess(accountId, 'key_other'))).toEqual([]);
      expect(await seen(sessionAccess(otherAccountId))).toEqual([]);
      expect(await store()[read](sessionAccess(accountId), 'in_unknown')).toBeUndefined();
    });

    it.each(['getBySlug', 'getForUpdateBySlug'] as const)(
      '%s finds an intake by its portal slug, never a draft',
      async (read) => {
        const { accountId, intake } = await givenIntake({ status: 'in_progress' });
        const draft = anIntake(accountId, { status: 'draft' });
        await store().insert(draft, []);

        expect(await store()[read](intake.slug)).toEqual(intake);
        expect(await store()[read](draft.slug)).toBeUndefined();
        expect(await store()[read]('no-such-slug')).toBeUndefined();
      },
    );

    it.each([
      ['getForUpdate', (i: IntakeRecord) => store().getForUpdate(sessionAccess(i.account_id), i.id)],
      ['getForUpdateBySlug', (i: IntakeRecord) => store().getForUpdateBySlug(i.slug)],
    ] as const)('%s holds the intake until the unit of work ends', async (_read, lock) => {
      const { intake } = await givenIntake();
      const { uow } = fixture();
      const events: string[] = [];
      const locked = gate();
      const finish = gate();
      const first = uow.run(async () => {
        const row = present(await lock(intake));
        events.push('first locked');
        locked.open();
        await finish.opened;
        expect(await store().update({ ...row, project_name: 'Renamed' })).toBe(true);
        events.push('first done');
      });
      await locked.opened;
      const second = uow.run(async () => {
        const row = await lock(intake);
        events.push('second locked');
        return row;
      });
      await fixture().waitForLockWaiter();
      expect(events).toEqual(['first locked']);

      finish.open();
      const [, seen] = await Promise.all([first, second]);
      expect(events).toEqual(['first locked', 'first done', 'second locked']);
      expect(seen).toMatchObject({ project_name: 'Renamed', version: 1 });
    });

    it('update writes every field and bumps the version, leaving the given record as it was', async () => {
      const { intake, access } = await givenIntake();
      const changed: IntakeRecord = {
        ...intake,
        status: 'completed',
        completed_at: at(30),
        owner_note: 'done',
        also_notify: [{ email: 'petr@example.com', name: null, bounced_at: at(31), temporary_bounces: 3 }],
        client_temporary_bounces: 1,
        due_date: '2027-01-15',
      };
      expect(await store().update(changed)).toBe(true);
      expect(changed.version).toBe(0);
      expect(await store().get(access, intake.id)).toEqual({ ...changed, version: 1 });
    });

    it('update refuses a stale version and keeps the change that won', async () => {
      const { intake, access } = await givenIntake();
      const mine = present(await store().get(access, intake.id));
      const theirs = present(await store().get(access, intake.id));
      expect(await store().update({ ...theirs, project_name: 'Theirs' })).toBe(true);
      expect(await store().update({ ...mine, project_name: 'Mine' })).toBe(false);
      expect(await store().get(access, intake.id)).toMatchObject({ project_name: 'Theirs', version: 1 });

      const current = present(await store().get(access, intake.id));
      expect(await store().update({ ...current, project_name: 'Mine after all' })).toBe(true);
      expect(await store().get(access, intake.id)).toMatchObject({ project_name: 'Mine after all', version: 2 });
      expect(await store().update(anIntake(intake.account_id))).toBe(false);
    });

    it('markSeen records the time and answers the one before', async () => {
      const { intake, access } = await givenIntake();
      expect(await store().markSeen(intake.id, at(10))).toBeNull();
      expect(await store().markSeen(intake.id, at(20))).toEqual(at(10));
      expect(await store().get(access, intake.id)).toMatchObject({ client_last_seen: at(20), version: 0 });
      expect(await store().markSeen('in_unknown', at(30))).toBeNull();
    });

    it('saveItems replaces items by key and adds new ones, leaving other intakes alone', async () => {
      const { intake } = await givenIntake();
      const { intake: other } = await givenIntake();
      const [logo, brief] = await store().items(intake.id);
      const answered = { ...present(logo), status: 'submitted' as const, value: 'svg', submitted_at: at(5) };
      const added = anItem(intake.id, 'colours', 2, { required: false });
      await store().saveItems(intake.id, [added, answered]);

      expect(await store().items(intake.id)).toEqual([answered, brief, added]);
      expect((await store().items(other.id)).map((i) => [i.key, i.status])).toEqual([
        ['logo', 'pending'],
        ['brief', 'pending'],
      ]);
      expect(await store().items('in_unknown')).toEqual([]);
    });

    it('delete removes an intake with its items and chases, for a caller who may see it', async () => {
      const { accountId, intake, access } = await givenIntake({ mode: 'test', created_by_key_id: 'key_test' });
      await chaseStore().insertChase(aChase(intake.id));
      const otherAccountId = await fixture().createAccount();

      expect(await store().delete(sessionAccess(otherAccountId), intake.id)).toBe(false);
      expect(await store().delete(liveKeyAccess(accountId), intake.id)).toBe(false);
      expect(await store().delete(testKeyAccess(accountId, 'key_other'), intake.id)).toBe(false);
      expect(await store().get(access, intake.id)).toBeDefined();

      expect(await store().delete(testKeyAccess(accountId, 'key_test'), intake.id)).toBe(true);
      expect(await store().get(access, intake.id)).toBeUndefined();
      expect(await store().items(intake.id)).toEqual([]);
      expect(await chaseStore().chases(intake.id)).toEqual([]);
      expect(await store().delete(access, intake.id)).toBe(false);
    });

    it('reads many intakes and their items at once, by intake id, whatever the account', async () => {
      const [idA, idB, idC] = orderedIds('intake', ['a', 'b', 'c']);
      const accountA = await fixture().createAccount();
      const accountB = await fixture().createAccount();
      const a = anIntake(accountA, { id: idA, also_notify: [{ email: 'p@x.example', name: null, bounced_at: at(1) }] });
      const b = anIntake(accountB, { id: idB, mode: 'test' });
      const c = anIntake(accountB, { id: idC });
      // Inserted out of order, so that the order read back is the store's.
      await store().insert(b, [anItem(b.id, 'brief', 1), anItem(b.id, 'logo', 0)]);
      await store().insert(a, [anItem(a.id, 'logo', 0)]);
      await store().insert(c, [anItem(c.id, 'logo', 0)]);

      const wanted = [b.id, 'in_unknown', a.id];
      expect(await store().getMany(wanted)).toEqual([a, b]);
      expect(await store().getManyForUpdate(wanted)).toEqual([a, b]);
      expect((await store().itemsOfMany(wanted)).map((i) => [i.intake_id, i.key])).toEqual([
        [a.id, 'logo'],
        [b.id, 'logo'],
        [b.id, 'brief'],
      ]);
      expect((await store().itemsOfMany(wanted))[1]).toEqual((await store().items(b.id))[0]);
      expect(await store().getMany([])).toEqual([]);
    });

    it('countCreated counts per account and month', async () => {
      const accountId = await fixture().createAccount();
      const otherAccountId = await fixture().createAccount();
      expect(await store().countCreated(accountId, '2026-11')).toBe(1);
      expect(await store().countCreated(accountId, '2026-11')).toBe(2);
      expect(await store().countCreated(accountId, '2026-12')).toBe(1);
      expect(await store().countCreated(otherAccountId, '2026-11')).toBe(1);
      expect(await store().countCreated(accountId, '2026-11')).toBe(3);
    });

    it('a unit of work that throws takes back the intake, its items, chases, versions and counts', async () => {
      const { accountId, intake, access } = await givenIntake();
      const fresh = anIntake(accountId);
      await expect(
        fixture().uow.run(async () => {
          await store().insert(fresh, [anItem(fresh.id, 'logo', 0)]);
          await chaseStore().insertChase(aChase(fresh.id));
          await chaseStore().insertChase(aChase(intake.id));
          await store().saveItems(intake.id, [anItem(intake.id, 'extra', 5)]);
          await store().update({ ...intake, status: 'archived' });
          await store().markSeen(intake.id, at(3));
          await store().countCreated(accountId, '2026-11');
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');

      expect(await store().get(access, fresh.id)).toBeUndefined();
      expect(await store().items(fresh.id)).toEqual([]);
      expect(await chaseStore().chases(intake.id)).toEqual([]);
      expect((await store().items(intake.id)).map((i) => i.key)).toEqual(['logo', 'brief']);
      expect(await store().get(access, intake.id)).toEqual(intake);
      expect(await store().countCreated(accountId, '2026-11')).toBe(1);
    });

    describeIntakeListContract(fixture);
  });
}
