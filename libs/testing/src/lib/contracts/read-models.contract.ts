import { NO_DRIFT, purgedIntake } from '@intake/application-intakes';
import { anIntake, at, type IntakeStoresSetup, sessionAccess, useIntakeStores } from './intake-stores.fixture';

/**
 * The behaviour every ReadModels must have: the accounts to sweep in id order, no drift after
 * writes made through the stores, and one claim of the daily sweep until it is due again.
 */
export function describeReadModelsContract(name: string, setup: IntakeStoresSetup): void {
  describe(`ReadModels contract: ${name}`, () => {
    const fixture = useIntakeStores(setup);
    const models = () => fixture().readModels;

    it('lists accounts in id order, a page at a time after a cursor', async () => {
      const created = [
        await fixture().createAccount(),
        await fixture().createAccount(),
        await fixture().createAccount(),
      ];
      const all = await models().accounts(null, 1_000);
      expect(all).toEqual([...all].sort());
      expect(all).toEqual(expect.arrayContaining(created));
      const [first, second] = all;
      expect(await models().accounts(null, 1)).toEqual([first]);
      expect(await models().accounts(first ?? null, 1)).toEqual([second]);
      expect(await models().accounts(all[all.length - 1] ?? null, 10)).toEqual([]);
    });

    it('finds no drift after intakes created, renamed, moved to another client, anonymized and deleted', async () => {
      const accountId = await fixture().createAccount();
      const store = fixture().intakes;
      const a = anIntake(accountId, { client_email: 'eva@example.com', created_at: at(1) });
      const b = anIntake(accountId, {
        client_email: 'EVA@example.com',
        mode: 'test',
        created_by_key_id: 'key_a',
        created_at: at(2),
      });
      const c = anIntake(accountId, { client_email: 'petr@example.com', retention_anonymize: true, created_at: at(3) });
      for (const intake of [a, b, c]) await store.insert(intake, []);
      expect(await store.update({ ...a, client_name: 'Eva Renamed' })).toBe(true);
      expect(await store.update({ ...b, client_email: 'tom@example.com' })).toBe(true);
      expect(await store.update(purgedIntake(c, at(4)))).toBe(true);
      expect(await store.delete(sessionAccess(accountId), a.id)).toBe(true);

      expect(await models().reconcile(accountId)).toEqual(NO_DRIFT);
    });

    it('claims the sweep once until it is due again', async () => {
      expect(await models().claimSweep(at(0), at(60))).toBe(true);
      expect(await models().claimSweep(at(0), at(60))).toBe(false);
      expect(await models().claimSweep(at(59), at(120))).toBe(false);
      expect(await models().claimSweep(at(60), at(120))).toBe(true);
    });
  });
}
