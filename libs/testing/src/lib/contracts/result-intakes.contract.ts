import { withDerivedTimes } from '@intake/application-intakes';
import { StoredResultIntakes } from '@intake/application-results';
import {
  at,
  givenStoredIntake,
  type IntakeStoresSetup,
  liveKeyAccess,
  present,
  sessionAccess,
  useIntakeStores,
} from './intake-stores.fixture';
import { type IntakeRecord } from '@intake/domain-intake';

/**
 * The behaviour of the results context's ResultIntakes (StoredResultIntakes on the intakes
 * context's store): the intake as its caller may see it, its items, and the first hand-over's
 * `delivered_at`, written under the version guard and in the caller's unit of work.
 */
export function describeResultIntakesContract(name: string, setup: IntakeStoresSetup): void {
  describe(`ResultIntakes contract: ${name}`, () => {
    const fixture = useIntakeStores(setup);
    const results = () => new StoredResultIntakes(fixture().intakes);

    const givenIntake = (overrides: Partial<IntakeRecord> = {}) => givenStoredIntake(fixture(), overrides);

    it('reads the intake (locked or not) for a caller who may see it, and its items in position order', async () => {
      const { accountId, intake } = await givenIntake({ mode: 'test', created_by_key_id: 'key_test' });
      const stranger = await fixture().createAccount();

      expect(await results().get(sessionAccess(accountId), intake.id)).toEqual(intake);
      expect(await fixture().uow.run(() => results().getForUpdate(sessionAccess(accountId), intake.id))).toEqual(
        intake,
      );
      expect(await results().get(sessionAccess(stranger), intake.id)).toBeUndefined();
      expect(await results().getForUpdate(liveKeyAccess(accountId), intake.id)).toBeUndefined();
      expect((await results().items(intake.id)).map((i) => i.key)).toEqual(['logo', 'brief']);
      expect(await results().items('in_unknown')).toEqual([]);
    });

    it('markDelivered records delivered_at and the purge time it derives, once per read version', async () => {
      const { accountId, intake } = await givenIntake({ retention_mode: 'on_delivery', retention_days: 30 });
      const access = sessionAccess(accountId);

      expect(await results().markDelivered(intake, at(10))).toBe(true);
      const read = present(await results().get(access, intake.id));
      expect(read.delivered_at).toEqual(at(10));
      expect(read.purge_at).toEqual(withDerivedTimes({ ...intake, delivered_at: at(10) }).purge_at);
      expect(read.version).toBe(intake.version + 1);

      expect(await results().markDelivered(intake, at(20))).toBe(false);
      expect(present(await results().get(access, intake.id)).delivered_at).toEqual(at(10));
    });

    it('a unit of work that throws takes delivered_at back', async () => {
      const { accountId, intake } = await givenIntake();
      await expect(
        fixture().uow.run(async () => {
          await results().markDelivered(intake, at(10));
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      expect(await results().get(sessionAccess(accountId), intake.id)).toEqual(intake);
    });
  });
}
