import { StoredFileIntakes } from '@intake/application-files';
import {
  givenStoredIntake,
  type IntakeStoresSetup,
  liveKeyAccess,
  sessionAccess,
  testKeyAccess,
  useIntakeStores,
} from './intake-stores.fixture';
import { type IntakeRecord } from '@intake/domain-intake';

/**
 * The behaviour of the files context's FileIntakes (StoredFileIntakes on the intakes context's
 * store): the intake as its caller may see it, the intake behind a portal link (never a draft),
 * and its items in position order.
 */
export function describeFileIntakesContract(name: string, setup: IntakeStoresSetup): void {
  describe(`FileIntakes contract: ${name}`, () => {
    const fixture = useIntakeStores(setup);
    const files = () => new StoredFileIntakes(fixture().intakes);

    const givenIntake = (overrides: Partial<IntakeRecord> = {}) => givenStoredIntake(fixture(), overrides);

    it('reads the intake for a caller who may see it, and no one else', async () => {
      const { accountId, intake } = await givenIntake({ mode: 'test', created_by_key_id: 'key_test' });
      const stranger = await fixture().createAccount();

      expect(await files().get(sessionAccess(accountId), intake.id)).toEqual(intake);
      expect(await files().get(testKeyAccess(accountId, 'key_test'), intake.id)).toEqual(intake);
      expect(await files().get(testKeyAccess(accountId, 'key_other'), intake.id)).toBeUndefined();
      expect(await files().get(liveKeyAccess(accountId), intake.id)).toBeUndefined();
      expect(await files().get(sessionAccess(stranger), intake.id)).toBeUndefined();
      expect(await files().get(sessionAccess(accountId), 'in_unknown')).toBeUndefined();
    });

    it('finds the intake behind a portal link, never a draft nor an unknown link', async () => {
      const { intake } = await givenIntake();
      const { intake: draft } = await givenIntake({ status: 'draft' });

      expect(await files().getBySlug(intake.slug)).toEqual(intake);
      expect(await files().getBySlug(draft.slug)).toBeUndefined();
      expect(await files().getBySlug('F'.repeat(22))).toBeUndefined();
    });

    it("reads the intake's items in position order, none for an unknown intake", async () => {
      const { intake } = await givenIntake();

      expect((await files().items(intake.id)).map((i) => i.key)).toEqual(['logo', 'brief']);
      expect(await files().items('in_unknown')).toEqual([]);
    });
  });
}
