import { StoredPortalIntakes } from '@intake/application-portal';
import { type IntakeRecord } from '@intake/domain-intake';
import { at, givenStoredIntake, type IntakeStoresSetup, present, useIntakeStores } from './intake-stores.fixture';

/**
 * The behaviour of the portal context's PortalIntakes (StoredPortalIntakes on the intakes
 * context's store): the intake behind a portal link (never a draft), `client_last_seen` set in
 * the caller's unit of work with the value it had before, and the intake's items.
 */
export function describePortalIntakesContract(name: string, setup: IntakeStoresSetup): void {
  describe(`PortalIntakes contract: ${name}`, () => {
    const fixture = useIntakeStores(setup);
    const portal = () => new StoredPortalIntakes(fixture().intakes);

    const givenIntake = async (overrides: Partial<IntakeRecord> = {}) =>
      (await givenStoredIntake(fixture(), overrides)).intake;

    it('finds the intake behind a portal link, never a draft nor an unknown link', async () => {
      const intake = await givenIntake();
      const draft = await givenIntake({ status: 'draft' });

      expect(await portal().getBySlug(intake.slug)).toEqual(intake);
      expect(await portal().getBySlug(draft.slug)).toBeUndefined();
      expect(await portal().getBySlug('F'.repeat(22))).toBeUndefined();
    });

    it('markSeen records when the client was last seen and answers the time before', async () => {
      const intake = await givenIntake();
      const other = await givenIntake();

      expect(await portal().markSeen(intake.id, at(10))).toBeNull();
      expect(await portal().markSeen(intake.id, at(20))).toEqual(at(10));
      const read = present(await portal().getBySlug(intake.slug));
      expect(read.client_last_seen).toEqual(at(20));
      // Only that column: no version bump, nothing else touched, no other intake.
      expect(read).toEqual({ ...intake, client_last_seen: at(20) });
      expect(await portal().getBySlug(other.slug)).toEqual(other);
      expect(await portal().markSeen('in_unknown', at(30))).toBeNull();
    });

    it('a unit of work that throws takes client_last_seen back', async () => {
      const intake = await givenIntake({ client_last_seen: at(5) });
      await expect(
        fixture().uow.run(async () => {
          expect(await portal().markSeen(intake.id, at(10))).toEqual(at(5));
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      expect(await portal().getBySlug(intake.slug)).toEqual(intake);
    });

    it("reads the intake's items in position order, none for an unknown intake", async () => {
      const intake = await givenIntake();

      expect((await portal().items(intake.id)).map((i) => i.key)).toEqual(['logo', 'brief']);
      expect(await portal().items('in_unknown')).toEqual([]);
    });
  });
}
