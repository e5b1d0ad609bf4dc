import { type FolderRecord } from '@intake/application-intakes';
import { type AccessContext } from '@intake/domain-accounts';
import {
  aFolder,
  anIntake,
  at,
  type IntakeStoresSetup,
  liveKeyAccess,
  present,
  sessionAccess,
  testKeyAccess,
  useIntakeStores,
} from './intake-stores.fixture';

/**
 * The behaviour every FolderStore must have: one level of folders per account, names unique in
 * it case-insensitively, ordered by sort_order then name. Writes run in a unit of work, as the
 * use cases run them.
 */
export function describeFolderStoreContract(name: string, setup: IntakeStoresSetup): void {
  describe(`FolderStore contract: ${name}`, () => {
    const fixture = useIntakeStores(setup);
    const store = () => fixture().folders;
    const inUnit = <T>(work: () => Promise<T>) => fixture().uow.run(work);

    async function given(...folders: FolderRecord[]): Promise<void> {
      for (const folder of folders) expect(await inUnit(() => store().insert(folder))).toBe(true);
    }

    it("gets a folder of the account, and nothing of another account's or unknown", async () => {
      const accountId = await fixture().createAccount();
      const otherAccountId = await fixture().createAccount();
      const folder = aFolder(accountId, { name: 'Brand', sort_order: 3 });
      await given(folder);

      expect(await store().get(accountId, folder.id)).toEqual(folder);
      expect(await store().get(otherAccountId, folder.id)).toBeUndefined();
      expect(await store().get(accountId, 'fld_unknown')).toBeUndefined();
    });

    it('hands out copies: changing a folder given or read changes nothing stored', async () => {
      const accountId = await fixture().createAccount();
      const folder = aFolder(accountId, { name: 'Brand' });
      await given(folder);
      folder.name = 'Changed';
      const read = present(await store().get(accountId, folder.id));
      read.sort_order = 99;
      read.created_at.setUTCFullYear(2000);
      const [listed] = await store().list(sessionAccess(accountId));
      present(listed).name = 'Listed';

      expect(await store().get(accountId, folder.id)).toEqual({ ...folder, name: 'Brand' });
    });

    it('refuses a name the account already has in any case, keeping the unit of work usable', async () => {
      const accountId = await fixture().createAccount();
      const otherAccountId = await fixture().createAccount();
      const brand = aFolder(accountId, { name: 'Brand' });
      const print = aFolder(accountId, { name: 'Print', sort_order: 1 });
      const results = await inUnit(async () => [
        await store().insert(brand),
        await store().insert(aFolder(accountId, { name: 'bRAND', sort_order: 2 })),
        await store().insert(print),
      ]);

      expect(results).toEqual([true, false, true]);
      expect((await store().list(sessionAccess(accountId))).map((f) => f.name)).toEqual(['Brand', 'Print']);
      expect(await inUnit(() => store().insert(aFolder(otherAccountId, { name: 'BRAND' })))).toBe(true);
    });

    it("nextSortOrder is one past the account's highest, 0 for an account without folders", async () => {
      const accountId = await fixture().createAccount();
      const otherAccountId = await fixture().createAccount();
      expect(await store().nextSortOrder(accountId)).toBe(0);
      await given(aFolder(accountId, { name: 'A', sort_order: 4 }), aFolder(accountId, { name: 'B', sort_order: 1 }));
      await given(aFolder(otherAccountId, { name: 'A', sort_order: 10 }));

      expect(await store().nextSortOrder(accountId)).toBe(5);
      expect(await store().nextSortOrder(otherAccountId)).toBe(11);
    });

    it('lists the account’s folders by sort order, then name, counting the intakes the caller may see', async () => {
      const accountId = await fixture().createAccount();
      const otherAccountId = await fixture().createAccount();
      const zeta = aFolder(accountId, { name: 'Zeta', sort_order: 0 });
      const beta = aFolder(accountId, { name: 'Beta', sort_order: 1 });
      const alpha = aFolder(accountId, { name: 'Alpha', sort_order: 1 });
      const last = aFolder(accountId, { name: 'Archive', sort_order: 7 });
      await given(beta, last, zeta, alpha, aFolder(otherAccountId, { name: 'Other' }));
      const intakes = [
        anIntake(accountId, { folder_id: alpha.id, mode: 'live' }),
        anIntake(accountId, { folder_id: alpha.id, mode: 'test', created_by_key_id: 'key_a' }),
        anIntake(accountId, { folder_id: alpha.id, mode: 'test', created_by_key_id: 'key_b' }),
        anIntake(accountId, { folder_id: zeta.id, mode: 'live', created_at: at(1) }),
        anIntake(accountId, { folder_id: null }),
      ];
      for (const intake of intakes) await fixture().intakes.insert(intake, []);
      const counts = async (access: AccessContext) => (await store().list(access)).map((f) => [f.name, f.intake_count]);

      expect(await store().list(sessionAccess(accountId))).toEqual([
        { ...zeta, intake_count: 1 },
        { ...alpha, intake_count: 3 },
        { ...beta, intake_count: 0 },
        { ...last, intake_count: 0 },
      ]);
      expect(await counts(liveKeyAccess(accountId))).toEqual([
        ['Zeta', 1],
        ['Alpha', 1],
        ['Beta', 0],
        ['Archive', 0],
      ]);
      expect(await counts(testKeyAccess(accountId, 'key_a'))).toEqual([
        ['Zeta', 0],
        ['Alpha', 1],
        ['Beta', 0],
        ['Archive', 0],
      ]);
      expect(await counts(sessionAccess(otherAccountId))).toEqual([['Other', 0]]);
      expect(await store().list(sessionAccess(await fixture().createAccount()))).toEqual([]);
    });

    it('update renames and reorders, answering the folder as it now is', async () => {
      const accountId = await fixture().createAccount();
      const folder = aFolder(accountId, { name: 'Brand', sort_order: 2 });
      await given(folder);

      expect(await inUnit(() => store().update(accountId, folder.id, { name: 'Branding' }))).toEqual({
        ...folder,
        name: 'Branding',
      });
      expect(await inUnit(() => store().update(accountId, folder.id, { sort_order: 0 }))).toEqual({
        ...folder,
        name: 'Branding',
        sort_order: 0,
      });
      expect(await inUnit(() => store().update(accountId, folder.id, { name: 'BRANDING', sort_order: 5 }))).toEqual({
        ...folder,
        name: 'BRANDING',
        sort_order: 5,
      });
      expect(await store().get(accountId, folder.id)).toEqual({ ...folder, name: 'BRANDING', sort_order: 5 });
    });

    it("update refuses another folder's name, and finds no folder of another account or unknown", async () => {
      const accountId = await fixture().createAccount();
      const otherAccountId = await fixture().createAccount();
      const brand = aFolder(accountId, { name: 'Brand' });
      const print = aFolder(accountId, { name: 'Print', sort_order: 1 });
      await given(brand, print);

      const results = await inUnit(async () => [
        await store().update(accountId, print.id, { name: 'brand', sort_order: 9 }),
        await store().update(otherAccountId, print.id, { name: 'Stolen' }),
        await store().update(accountId, 'fld_unknown', { name: 'Nothing' }),
        await store().update(accountId, brand.id, { sort_order: 4 }),
      ]);
      expect(results).toEqual(['duplicate', undefined, undefined, { ...brand, sort_order: 4 }]);
      expect(await store().get(accountId, print.id)).toEqual(print);
      expect(await inUnit(() => store().update(otherAccountId, brand.id, { name: 'Print' }))).toBeUndefined();
    });

    it('delete removes only a folder of the account, and its intakes become Unfiled', async () => {
      const accountId = await fixture().createAccount();
      const otherAccountId = await fixture().createAccount();
      const folder = aFolder(accountId, { name: 'Brand' });
      const kept = aFolder(accountId, { name: 'Print' });
      await given(folder, kept);
      const filed = anIntake(accountId, { folder_id: folder.id });
      const elsewhere = anIntake(accountId, { folder_id: kept.id });
      await fixture().intakes.insert(filed, []);
      await fixture().intakes.insert(elsewhere, []);

      expect(await inUnit(() => store().delete(otherAccountId, folder.id))).toBe(false);
      expect(await store().get(accountId, folder.id)).toEqual(folder);

      expect(await inUnit(() => store().delete(accountId, folder.id))).toBe(true);
      expect(await store().get(accountId, folder.id)).toBeUndefined();
      expect(await fixture().intakes.get(sessionAccess(accountId), filed.id)).toEqual({ ...filed, folder_id: null });
      expect(await fixture().intakes.get(sessionAccess(accountId), elsewhere.id)).toEqual(elsewhere);
      expect((await store().list(sessionAccess(accountId))).map((f) => f.id)).toEqual([kept.id]);
      expect(await inUnit(() => store().delete(accountId, folder.id))).toBe(false);
    });

    it('a unit of work that throws takes back folders created, renamed and deleted in it', async () => {
      const accountId = await fixture().createAccount();
      const brand = aFolder(accountId, { name: 'Brand' });
      const print = aFolder(accountId, { name: 'Print', sort_order: 1 });
      await given(brand, print);
      await expect(
        inUnit(async () => {
          await store().insert(aFolder(accountId, { name: 'New', sort_order: 2 }));
          await store().update(accountId, brand.id, { name: 'Renamed' });
          await store().delete(accountId, print.id);
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');

      expect((await store().list(sessionAccess(accountId))).map((f) => f.name)).toEqual(['Brand', 'Print']);
      expect(await store().nextSortOrder(accountId)).toBe(2);
    });
  });
}
