import { type ListFilter, type ListRow } from '@intake/application-intakes';
import { type AccessContext } from '@intake/domain-accounts';
import {
  aFolder,
  anIntake,
  anItem,
  at,
  type IntakeStoresFixture,
  liveKeyAccess,
  orderedIds,
  sessionAccess,
  testKeyAccess,
} from './intake-stores.fixture';
import { type IntakeRecord } from '@intake/domain-intake';

/** IntakeStore.list (GET /v1/intakes): order, pages, filters, access and totals. */
export function describeIntakeListContract(fixture: () => IntakeStoresFixture): void {
  describe('list', () => {
    const store = () => fixture().intakes;

    async function given(...intakes: IntakeRecord[]): Promise<void> {
      for (const intake of intakes) await store().insert(intake, []);
    }

    /** The ids of a page and the total, the way the list endpoint reads them. */
    async function page(access: AccessContext, filter: ListFilter = {}, limit = 50, offset = 0) {
      const { rows, total } = await store().list(access, filter, limit, offset);
      return { ids: rows.map((r: ListRow) => r.intake.id), total };
    }

    it('lists newest first, ties broken by the higher id, a page at a time with the total of all', async () => {
      const accountId = await fixture().createAccount();
      const [lowId, highId] = orderedIds('intake', ['a', 'b']);
      const oldest = anIntake(accountId, { created_at: at(0) });
      const tieLow = anIntake(accountId, { id: lowId, created_at: at(10) });
      const tieHigh = anIntake(accountId, { id: highId, created_at: at(10) });
      const newest = anIntake(accountId, { created_at: at(20) });
      const middle = anIntake(accountId, { created_at: at(5) });
      await given(tieLow, oldest, newest, tieHigh, middle);
      const access = sessionAccess(accountId);

      const all = [newest.id, tieHigh.id, tieLow.id, middle.id, oldest.id];
      expect(await page(access)).toEqual({ ids: all, total: 5 });
      expect(await page(access, {}, 2, 0)).toEqual({ ids: all.slice(0, 2), total: 5 });
      expect(await page(access, {}, 2, 2)).toEqual({ ids: all.slice(2, 4), total: 5 });
      expect(await page(access, {}, 2, 4)).toEqual({ ids: all.slice(4), total: 5 });
      expect(await page(access, {}, 2, 10)).toEqual({ ids: [], total: 5 });
    });

    it("shows each intake's list fields and its items' key, assignee, required and status in order", async () => {
      const accountId = await fixture().createAccount();
      const intake = anIntake(accountId, { project_name: 'Rebrand', status: 'in_progress', client_name: 'Eva' });
      await store().insert(intake, [
        anItem(intake.id, 'second', 1, { assignee: 'owner', required: false, status: 'approved' }),
        anItem(intake.id, 'first', 0, { status: 'submitted', label: 'not listed', value: 'x' }),
      ]);
      const bare = anIntake(accountId, { created_at: at(-1) });
      await store().insert(bare, []);

      const { rows } = await store().list(sessionAccess(accountId), {}, 10, 0);
      expect(rows.map((r) => r.intake)).toEqual(
        [intake, bare].map(({ id, slug, project_name, status, mode, client_email, client_name, created_at }) => ({
          id,
          slug,
          project_name,
          status,
          mode,
          client_email,
          client_name,
          created_at,
        })),
      );
      expect(
        rows.map((r) => r.items.map(({ key, assignee, required, status }) => [key, assignee, required, status])),
      ).toEqual([
        [
          ['first', 'client', true, 'submitted'],
          ['second', 'owner', false, 'approved'],
        ],
        [],
      ]);
    });

    it('filters by status, folder (or Unfiled) and client e-mail ignoring case, combined', async () => {
      const accountId = await fixture().createAccount();
      const folder = aFolder(accountId, { name: 'Brand' });
      await fixture().uow.run(() => fixture().folders.insert(folder));
      const filedSent = anIntake(accountId, {
        folder_id: folder.id,
        client_email: 'Eva@Example.com',
        created_at: at(3),
      });
      const filedDraft = anIntake(accountId, { folder_id: folder.id, status: 'draft', created_at: at(2) });
      const unfiledSent = anIntake(accountId, { client_email: 'eva@example.com', created_at: at(1) });
      const unfiledDone = anIntake(accountId, { status: 'completed', created_at: at(0) });
      await given(filedSent, filedDraft, unfiledSent, unfiledDone);
      const access = sessionAccess(accountId);
      const ids = (...intakes: IntakeRecord[]) => ({ ids: intakes.map((i) => i.id), total: intakes.length });

      expect(await page(access, { status: 'sent' })).toEqual(ids(filedSent, unfiledSent));
      expect(await page(access, { folderId: folder.id })).toEqual(ids(filedSent, filedDraft));
      expect(await page(access, { folderId: 'none' })).toEqual(ids(unfiledSent, unfiledDone));
      expect(await page(access, { clientEmail: 'EVA@example.COM' })).toEqual(ids(filedSent, unfiledSent));
      expect(await page(access, { status: 'sent', folderId: 'none' })).toEqual(ids(unfiledSent));
      expect(await page(access, { status: 'draft', clientEmail: 'eva@example.com' })).toEqual(ids());
      expect(await page(access, { folderId: 'fld_unknown' })).toEqual(ids());
      expect(await page(access, { status: 'sent', folderId: 'none' }, 1, 1)).toEqual({ ids: [], total: 1 });
    });

    it('q is a case-insensitive substring of project name, client name or e-mail, wildcards taken literally', async () => {
      const accountId = await fixture().createAccount();
      const byProject = anIntake(accountId, { project_name: 'Summer SALE 50% off', created_at: at(4) });
      const byName = anIntake(accountId, { client_name: 'Anna Sale_s', created_at: at(3) });
      const byEmail = anIntake(accountId, { client_email: 'sales@shop.example', created_at: at(2) });
      const none = anIntake(accountId, { project_name: 'Winter 500 off', created_at: at(1) });
      await given(byProject, byName, byEmail, none);
      const access = sessionAccess(accountId);

      expect(await page(access, { q: 'sale' })).toEqual({ ids: [byProject.id, byName.id, byEmail.id], total: 3 });
      expect(await page(access, { q: '50%' })).toEqual({ ids: [byProject.id], total: 1 });
      expect(await page(access, { q: '_' })).toEqual({ ids: [byName.id], total: 1 });
      expect(await page(access, { q: '%' })).toEqual({ ids: [byProject.id], total: 1 });
      expect(await page(access, { q: 'anna sale' })).toEqual({ ids: [byName.id], total: 1 });
      expect(await page(access, { q: 'sale', status: 'sent' }, 1, 1)).toEqual({ ids: [byName.id], total: 3 });
      expect(await page(access, { q: 'nothing like it' })).toEqual({ ids: [], total: 0 });
    });

    it('lists and counts only what the access context may see', async () => {
      const accountId = await fixture().createAccount();
      const otherAccountId = await fixture().createAccount();
      const live = anIntake(accountId, { mode: 'live', created_by_key_id: 'key_live', created_at: at(3) });
      const bySession = anIntake(accountId, { mode: 'live', created_by_user_id: 'usr_1', created_at: at(2) });
      const testA = anIntake(accountId, { mode: 'test', created_by_key_id: 'key_a', created_at: at(1) });
      const testB = anIntake(accountId, { mode: 'test', created_by_key_id: 'key_b', created_at: at(0) });
      await given(live, bySession, testA, testB);
      await given(anIntake(otherAccountId));

      expect(await page(sessionAccess(accountId))).toEqual({
        ids: [live.id, bySession.id, testA.id, testB.id],
        total: 4,
      });
      expect(await page(liveKeyAccess(accountId))).toEqual({ ids: [live.id, bySession.id], total: 2 });
      expect(await page(testKeyAccess(accountId, 'key_a'))).toEqual({ ids: [testA.id], total: 1 });
      expect(await page(testKeyAccess(accountId, 'key_a'), { folderId: 'none', status: 'sent' })).toEqual({
        ids: [testA.id],
        total: 1,
      });
      expect(await page(testKeyAccess(accountId, 'key_c'))).toEqual({ ids: [], total: 0 });
      expect(await page(sessionAccess(otherAccountId), { q: 'website' })).toEqual({
        ids: [expect.any(String)],
        total: 1,
      });
    });

    it('filters by mode within what the access context may see: a key asking for the other mode gets nothing', async () => {
      const accountId = await fixture().createAccount();
      const folder = aFolder(accountId, { name: 'Shop' });
      await fixture().uow.run(() => fixture().folders.insert(folder));
      const live = anIntake(accountId, { mode: 'live', created_by_key_id: 'key_live', created_at: at(3) });
      const liveFiled = anIntake(accountId, {
        mode: 'live',
        folder_id: folder.id,
        project_name: 'Shop',
        created_at: at(2),
      });
      const testA = anIntake(accountId, { mode: 'test', created_by_key_id: 'key_a', created_at: at(1) });
      const testB = anIntake(accountId, {
        mode: 'test',
        created_by_key_id: 'key_b',
        folder_id: folder.id,
        project_name: 'Shop test',
        created_at: at(0),
      });
      await given(live, liveFiled, testA, testB);
      const session = sessionAccess(accountId);

      expect(await page(session, { mode: 'live' })).toEqual({ ids: [live.id, liveFiled.id], total: 2 });
      expect(await page(session, { mode: 'test' })).toEqual({ ids: [testA.id, testB.id], total: 2 });
      expect(await page(session, { mode: 'test' }, 1, 1)).toEqual({ ids: [testB.id], total: 2 });
      expect(await page(session, { mode: 'test', folderId: folder.id })).toEqual({ ids: [testB.id], total: 1 });
      expect(await page(session, { mode: 'live', q: 'shop' })).toEqual({ ids: [liveFiled.id], total: 1 });
      expect(await page(session, { mode: 'test', q: 'shop', status: 'sent' })).toEqual({ ids: [testB.id], total: 1 });
      expect(await page(liveKeyAccess(accountId), { mode: 'live' })).toEqual({
        ids: [live.id, liveFiled.id],
        total: 2,
      });
      expect(await page(liveKeyAccess(accountId), { mode: 'test' })).toEqual({ ids: [], total: 0 });
      expect(await page(testKeyAccess(accountId, 'key_a'), { mode: 'test' })).toEqual({ ids: [testA.id], total: 1 });
      expect(await page(testKeyAccess(accountId, 'key_a'), { mode: 'live' })).toEqual({ ids: [], total: 0 });
    });

    it('totals follow status changes, deletions and a deleted folder', async () => {
      const accountId = await fixture().createAccount();
      const folder = aFolder(accountId, { name: 'Print' });
      await fixture().uow.run(() => fixture().folders.insert(folder));
      const a = anIntake(accountId, { folder_id: folder.id, created_at: at(2) });
      const b = anIntake(accountId, { folder_id: folder.id, created_at: at(1) });
      const c = anIntake(accountId, { created_at: at(0) });
      await given(a, b, c);
      const access = sessionAccess(accountId);

      expect(await store().update({ ...a, status: 'archived' })).toBe(true);
      expect(await page(access, { status: 'sent' })).toEqual({ ids: [b.id, c.id], total: 2 });
      expect(await page(access, { status: 'archived', folderId: folder.id })).toEqual({ ids: [a.id], total: 1 });

      expect(await store().delete(access, c.id)).toBe(true);
      expect(await page(access)).toEqual({ ids: [a.id, b.id], total: 2 });

      expect(await fixture().uow.run(() => fixture().folders.delete(accountId, folder.id))).toBe(true);
      expect(await page(access, { folderId: 'none' })).toEqual({ ids: [a.id, b.id], total: 2 });
      expect(await page(access, { folderId: folder.id })).toEqual({ ids: [], total: 0 });
      expect(await store().get(access, b.id)).toMatchObject({ folder_id: null, version: 0 });
    });
  });
}
