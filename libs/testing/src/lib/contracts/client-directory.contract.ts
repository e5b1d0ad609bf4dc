import { type ClientView } from '@intake/application-intakes';
import { type AccessContext } from '@intake/domain-accounts';
import {
  aFolder,
  anIntake,
  at,
  type IntakeStoresSetup,
  liveKeyAccess,
  orderedIds,
  sessionAccess,
  testKeyAccess,
  useIntakeStores,
} from './intake-stores.fixture';
import { type IntakeRecord } from '@intake/domain-intake';

/**
 * The behaviour every ClientDirectory must have (GET /v1/clients): the intakes the caller may
 * see, grouped by client e-mail ignoring case, each client described by their latest intake.
 */
export function describeClientDirectoryContract(name: string, setup: IntakeStoresSetup): void {
  describe(`ClientDirectory contract: ${name}`, () => {
    const fixture = useIntakeStores(setup);
    const directory = () => fixture().clients;

    async function given(...intakes: IntakeRecord[]): Promise<void> {
      for (const intake of intakes) await fixture().intakes.insert(intake, []);
    }

    /** Each client's e-mail and intake count, and the total. */
    async function page(access: AccessContext, q?: string, limit = 50, offset = 0) {
      const { clients, total } = await directory().list(access, q, limit, offset);
      return { clients: clients.map((c) => [c.email, c.intake_count]), total };
    }

    it('groups intakes by e-mail ignoring case, describing each client by the latest of them', async () => {
      const accountId = await fixture().createAccount();
      const folder = aFolder(accountId, { name: 'Brand' });
      await fixture().uow.run(() => fixture().folders.insert(folder));
      const older = anIntake(accountId, { client_email: 'eva@example.com', client_name: 'Eva Old', created_at: at(0) });
      const latest = anIntake(accountId, {
        client_email: 'EVA@Example.com',
        client_name: 'Eva New',
        client_language: 'de',
        client_phone: '+4915112345678',
        client_timezone: 'Europe/Berlin',
        folder_id: folder.id,
        created_at: at(5),
      });
      const petr = anIntake(accountId, { client_email: 'petr@example.com', client_name: 'Petr', created_at: at(3) });
      await given(older, latest, petr);

      const expected: ClientView[] = [
        {
          email: 'EVA@Example.com',
          name: 'Eva New',
          language: 'de',
          phone: '+4915112345678',
          timezone: 'Europe/Berlin',
          folder_id: folder.id,
          last_intake_id: latest.id,
          last_intake_at: at(5),
          intake_count: 2,
        },
        {
          email: 'petr@example.com',
          name: 'Petr',
          language: 'cs',
          phone: null,
          timezone: 'Europe/Prague',
          folder_id: null,
          last_intake_id: petr.id,
          last_intake_at: at(3),
          intake_count: 1,
        },
      ];
      expect(await directory().list(sessionAccess(accountId), undefined, 20, 0)).toEqual({
        clients: expected,
        total: 2,
      });
    });

    it('orders by intake count, then the latest intake newest first (then its id), a page at a time', async () => {
      const accountId = await fixture().createAccount();
      const [lowId, highId] = orderedIds('intake', ['a', 'b']);
      await given(
        anIntake(accountId, { client_email: 'c@example.com', created_at: at(5) }),
        anIntake(accountId, { client_email: 'a@example.com', created_at: at(0) }),
        anIntake(accountId, { client_email: 'd@example.com', id: lowId, created_at: at(7) }),
        anIntake(accountId, { client_email: 'b@example.com', created_at: at(9) }),
        anIntake(accountId, { client_email: 'A@example.com', created_at: at(1) }),
        anIntake(accountId, { client_email: 'e@example.com', id: highId, created_at: at(7) }),
      );
      const access = sessionAccess(accountId);
      const all = [
        ['A@example.com', 2],
        ['b@example.com', 1],
        ['e@example.com', 1],
        ['d@example.com', 1],
        ['c@example.com', 1],
      ];

      expect(await page(access)).toEqual({ clients: all, total: 5 });
      expect(await page(access, undefined, 2, 0)).toEqual({ clients: all.slice(0, 2), total: 5 });
      expect(await page(access, undefined, 2, 2)).toEqual({ clients: all.slice(2, 4), total: 5 });
      expect(await page(access, undefined, 2, 4)).toEqual({ clients: all.slice(4), total: 5 });
      expect(await page(access, undefined, 2, 8)).toEqual({ clients: [], total: 5 });
    });

    it("q is a case-insensitive substring of the client's latest name or e-mail, wildcards taken literally", async () => {
      const accountId = await fixture().createAccount();
      await given(
        anIntake(accountId, { client_email: 'anna@shop.example', client_name: 'Anna SALE', created_at: at(1) }),
        anIntake(accountId, { client_email: 'sales@shop.example', client_name: 'Bob', created_at: at(2) }),
        anIntake(accountId, { client_email: 'carl@example.com', client_name: 'Carl 100%', created_at: at(3) }),
        anIntake(accountId, { client_email: 'dora@example.com', client_name: 'Dora_x', created_at: at(4) }),
      );
      const access = sessionAccess(accountId);

      expect(await page(access, 'sale')).toEqual({
        clients: [
          ['sales@shop.example', 1],
          ['anna@shop.example', 1],
        ],
        total: 2,
      });
      expect(await page(access, 'sale', 1, 1)).toEqual({ clients: [['anna@shop.example', 1]], total: 2 });
      expect(await page(access, '%')).toEqual({ clients: [['carl@example.com', 1]], total: 1 });
      expect(await page(access, '_')).toEqual({ clients: [['dora@example.com', 1]], total: 1 });
      expect(await page(access, 'bob sales@')).toEqual({ clients: [['sales@shop.example', 1]], total: 1 });
      expect(await page(access, 'nobody')).toEqual({ clients: [], total: 0 });
    });

    it('counts the same clients on a page past the end: q matches only the latest intake', async () => {
      const accountId = await fixture().createAccount();
      await given(
        anIntake(accountId, { client_email: 'x@example.com', client_name: 'Alice', created_at: at(1) }),
        anIntake(accountId, { client_email: 'x@example.com', client_name: 'Bob', created_at: at(2) }),
        anIntake(accountId, { client_email: 'ali@example.com', client_name: 'Ali', created_at: at(3) }),
      );
      const access = sessionAccess(accountId);
      expect(await page(access, 'alice')).toEqual({ clients: [], total: 0 });
      expect(await page(access, 'ali')).toEqual({ clients: [['ali@example.com', 1]], total: 1 });
      expect(await page(access, 'ali', 1, 5)).toEqual({ clients: [], total: 1 });
    });

    it('leaves anonymized intakes out: their client is gone (retention with anonymize)', async () => {
      const accountId = await fixture().createAccount();
      await given(
        anIntake(accountId, { client_email: 'eva@example.com', created_at: at(0) }),
        anIntake(accountId, {
          client_email: 'anonymized@anonymized.invalid',
          client_name: 'Anonymized client',
          anonymized_at: at(1),
          created_at: at(1),
        }),
        anIntake(accountId, { client_email: 'eva@example.com', anonymized_at: at(2), created_at: at(2) }),
      );
      expect(await page(sessionAccess(accountId))).toEqual({ clients: [['eva@example.com', 1]], total: 1 });
      expect(await page(sessionAccess(accountId), 'anonym')).toEqual({ clients: [], total: 0 });
      expect(await page(sessionAccess(accountId), 'anonym', 10, 10)).toEqual({ clients: [], total: 0 });
    });

    it('derives clients only from the intakes the access context may see', async () => {
      const accountId = await fixture().createAccount();
      const otherAccountId = await fixture().createAccount();
      await given(
        anIntake(accountId, {
          client_email: 'eva@example.com',
          client_name: 'Eva Live',
          mode: 'live',
          created_at: at(0),
        }),
        anIntake(accountId, {
          client_email: 'eva@example.com',
          client_name: 'Eva Test',
          mode: 'test',
          created_by_key_id: 'key_a',
          created_at: at(5),
        }),
        anIntake(accountId, { client_email: 'tom@example.com', mode: 'test', created_by_key_id: 'key_b' }),
        anIntake(otherAccountId, { client_email: 'eva@example.com' }),
      );
      const names = async (access: AccessContext) =>
        (await directory().list(access, undefined, 20, 0)).clients.map((c) => [c.email, c.name, c.intake_count]);

      expect(await names(sessionAccess(accountId))).toEqual([
        ['eva@example.com', 'Eva Test', 2],
        ['tom@example.com', 'Jana Novakova', 1],
      ]);
      expect(await names(liveKeyAccess(accountId))).toEqual([['eva@example.com', 'Eva Live', 1]]);
      expect(await names(testKeyAccess(accountId, 'key_a'))).toEqual([['eva@example.com', 'Eva Test', 1]]);
      expect(await page(testKeyAccess(accountId, 'key_c'))).toEqual({ clients: [], total: 0 });
      expect(await page(sessionAccess(otherAccountId))).toEqual({ clients: [['eva@example.com', 1]], total: 1 });
      expect(await page(sessionAccess(await fixture().createAccount()))).toEqual({ clients: [], total: 0 });
    });
  });
}
