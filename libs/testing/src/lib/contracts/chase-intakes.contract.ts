import { StoredChaseIntakes } from '@intake/application-chasing';
import {
  anIntake,
  anItem,
  at,
  givenStoredIntake,
  gate,
  type IntakeStoresSetup,
  orderedIds,
  present,
  sessionAccess,
  useIntakeStores,
} from './intake-stores.fixture';
import { type IntakeRecord } from '@intake/domain-intake';

/**
 * The behaviour of the chasing context's ChaseIntakes (StoredChaseIntakes on the intakes
 * context's store): many intakes and their items by id whatever the account, one intake locked
 * as the system sees it, and the bounce state of its addresses written under the version guard
 * and in the caller's unit of work.
 */
export function describeChaseIntakesContract(name: string, setup: IntakeStoresSetup): void {
  describe(`ChaseIntakes contract: ${name}`, () => {
    const fixture = useIntakeStores(setup);
    const chasing = () => new StoredChaseIntakes(fixture().intakes);

    const givenIntake = (overrides: Partial<IntakeRecord> = {}) => givenStoredIntake(fixture(), overrides);

    it('reads many intakes (locked or not) and their items by id, whatever the account, in id order', async () => {
      const [idA, idB, idC] = orderedIds('intake', ['a', 'b', 'c']);
      const accountA = await fixture().createAccount();
      const accountB = await fixture().createAccount();
      const a = anIntake(accountA, { id: idA, also_notify: [{ email: 'p@x.example', name: null, bounced_at: at(1) }] });
      const b = anIntake(accountB, { id: idB, mode: 'test', created_by_key_id: 'key_test' });
      const c = anIntake(accountB, { id: idC });
      // Inserted out of order, so that the order read back is the store's.
      await fixture().intakes.insert(b, [anItem(b.id, 'brief', 1), anItem(b.id, 'logo', 0)]);
      await fixture().intakes.insert(a, [anItem(a.id, 'logo', 0)]);
      await fixture().intakes.insert(c, [anItem(c.id, 'logo', 0)]);

      const wanted = [b.id, 'in_unknown', a.id];
      expect(await chasing().getMany(wanted)).toEqual([a, b]);
      expect(await fixture().uow.run(() => chasing().getManyForUpdate(wanted))).toEqual([a, b]);
      expect((await chasing().itemsOfMany(wanted)).map((i) => [i.intake_id, i.key])).toEqual([
        [a.id, 'logo'],
        [b.id, 'logo'],
        [b.id, 'brief'],
      ]);
      expect((await chasing().itemsOfMany(wanted))[1]).toEqual((await chasing().items(b.id))[0]);
      expect((await chasing().items(b.id)).map((i) => i.key)).toEqual(['logo', 'brief']);
      expect(await chasing().items('in_unknown')).toEqual([]);
      expect(await chasing().getMany([])).toEqual([]);
    });

    it('getForUpdate reads the account intake as the system sees it: any mode, any key, no other account', async () => {
      const { accountId, intake } = await givenIntake({ mode: 'test', created_by_key_id: 'key_test' });
      const stranger = await fixture().createAccount();

      expect(await fixture().uow.run(() => chasing().getForUpdate(accountId, intake.id))).toEqual(intake);
      expect(await chasing().getForUpdate(stranger, intake.id)).toBeUndefined();
      expect(await chasing().getForUpdate(accountId, 'in_unknown')).toBeUndefined();
    });

    it.each([
      ['getForUpdate', (i: IntakeRecord) => chasing().getForUpdate(i.account_id, i.id)],
      ['getManyForUpdate', async (i: IntakeRecord) => (await chasing().getManyForUpdate([i.id]))[0]],
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
        expect(await chasing().recordRecipients({ ...row, client_bounced_at: at(5) })).toBe(true);
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
      expect(seen).toMatchObject({ client_bounced_at: at(5), version: 1 });
    });

    it('recordRecipients writes the addresses bounce state, once per read version', async () => {
      const { accountId, intake } = await givenIntake({
        also_notify: [{ email: 'petr@example.com', name: 'Petr', bounced_at: null }],
      });
      const bounced: IntakeRecord = {
        ...intake,
        client_bounced_at: at(10),
        client_temporary_bounces: 2,
        also_notify: [{ email: 'petr@example.com', name: 'Petr', bounced_at: at(11), temporary_bounces: 1 }],
      };

      expect(await chasing().recordRecipients(bounced)).toBe(true);
      const read = present(await fixture().intakes.get(sessionAccess(accountId), intake.id));
      expect(read).toEqual({ ...bounced, version: intake.version + 1 });

      expect(await chasing().recordRecipients({ ...intake, client_bounced_at: at(20) })).toBe(false);
      expect(present(await fixture().intakes.get(sessionAccess(accountId), intake.id)).client_bounced_at).toEqual(
        at(10),
      );
    });

    it('a unit of work that throws takes the recorded bounce state back', async () => {
      const { accountId, intake } = await givenIntake();
      await expect(
        fixture().uow.run(async () => {
          await chasing().recordRecipients({ ...intake, client_bounced_at: at(10) });
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      expect(await fixture().intakes.get(sessionAccess(accountId), intake.id)).toEqual(intake);
    });
  });
}
