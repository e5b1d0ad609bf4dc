import { type IntakeSweeps } from '@intake/application-intakes';
import { aChase, anIntake, anItem, at, type IntakeStoresFixture } from './intake-stores.fixture';
import { type IntakeRecord, type ItemRecord } from '@intake/domain-intake';

export interface IntakeSweepsFixture extends IntakeStoresFixture {
  sweeps: IntakeSweeps;
  /** Writes the addresses a chase went to (as the chase queue does when it settles one). */
  recordRecipients(chaseId: string, recipients: string[]): Promise<void>;
  /** The addresses a chase went to and was delivered to. */
  recipientsOf(chaseId: string): Promise<{ recipients: string[]; delivered_to: string[] }>;
}

const FAR_FUTURE = at(10_000_000);

/** The behaviour every IntakeSweeps must have, run against each of them. */
export function describeIntakeSweepsContract(name: string, setup: () => Promise<IntakeSweepsFixture>): void {
  describe(`IntakeSweeps contract: ${name}`, () => {
    let f: IntakeSweepsFixture;
    beforeAll(async () => {
      f = await setup();
    });
    afterAll(async () => {
      await f?.teardown();
    });
    // Whatever a test leaves due is claimed after it, so that it never fills a later test's claim.
    afterEach(async () => {
      await f.uow.run(async () => {
        await f.sweeps.claimOverdue(FAR_FUTURE, 100_000, [], null);
        await f.sweeps.claimPurges(FAR_FUTURE, 100_000, [], null);
      });
    });

    /** Stores intakes of a fresh account, each with its items (one pending required client item by default). */
    async function given(...intakes: Array<Partial<IntakeRecord> & { items?: Array<Partial<ItemRecord>> }>) {
      const accountId = await f.createAccount();
      const stored = intakes.map(({ items = [{}], ...fields }) => {
        const intake = anIntake(accountId, fields);
        return { intake, items: items.map((item, i) => anItem(intake.id, `item${i}`, i, item)) };
      });
      for (const { intake, items } of stored) await f.intakes.insert(intake, items);
      return { accountId, ids: stored.map((s) => s.intake.id), intakes: stored.map((s) => s.intake) };
    }
    const overdue = (now: Date, limit = 1000, skip: string[] = []) =>
      f.uow.run(() => f.sweeps.claimOverdue(now, limit, skip, null));
    const purges = (now: Date, limit = 1000, skip: string[] = []) =>
      f.uow.run(() => f.sweeps.claimPurges(now, limit, skip, null));
    const mine = (ids: string[]) => (claimed: Array<{ id: string }>) =>
      claimed.map((c) => c.id).filter((id) => ids.includes(id));

    describe('claimOverdue', () => {
      it('claims sent and in-progress intakes past overdue_at with a required client item outstanding, oldest first, once', async () => {
        const { accountId, ids } = await given(
          { overdue_at: at(20) },
          { overdue_at: at(10), status: 'in_progress', items: [{ status: 'needs_revision' }, { status: 'approved' }] },
          { overdue_at: at(30) }, // exactly now
          { overdue_at: at(31) }, // not yet
          { overdue_at: null },
          { overdue_at: at(1), status: 'draft' },
          { overdue_at: at(1), status: 'completed' },
          { overdue_at: at(1), status: 'archived' },
          { overdue_at: at(1), items: [{ required: false }, { assignee: 'owner' }, { status: 'waived' }] },
          { overdue_at: at(1), items: [{ status: 'submitted' }, { status: 'approved' }] },
        );
        const claimed = await overdue(at(30));
        expect(mine(ids)(claimed)).toEqual([ids[1], ids[0], ids[2]]);
        expect(claimed.find((c) => c.id === ids[0])).toEqual({ id: ids[0], account_id: accountId });
        expect(mine(ids)(await overdue(at(31)))).toEqual([ids[3]]);
        expect(mine(ids)(await overdue(at(1000)))).toEqual([]);
      });

      it('keeps to the limit and leaves out the intakes to skip', async () => {
        const { ids } = await given({ overdue_at: at(100) }, { overdue_at: at(101) }, { overdue_at: at(102) });
        expect(mine(ids)(await overdue(at(200), 1, [ids[0] as string]))).toEqual([ids[1]]);
        expect(mine(ids)(await overdue(at(200)))).toEqual([ids[0], ids[2]]);
      });

      it('takes nothing when the claiming unit of work rolls back', async () => {
        const { ids } = await given({ overdue_at: at(300) });
        await expect(
          f.uow.run(async () => {
            expect(mine(ids)(await f.sweeps.claimOverdue(at(300), 1000, [], null))).toEqual(ids);
            throw new Error('the event could not be written');
          }),
        ).rejects.toThrow('could not be written');
        expect(mine(ids)(await overdue(at(300)))).toEqual(ids);
      });

      it('two claims at once share the intakes out without overlap', async () => {
        const { ids } = await given(...Array.from({ length: 30 }, () => ({ overdue_at: at(400) })));
        const [a, b] = await Promise.all([overdue(at(400), 20), overdue(at(400), 20)]);
        const [mineA, mineB] = [mine(ids)(a), mine(ids)(b)];
        expect(mineA.filter((id) => mineB.includes(id))).toEqual([]);
        expect(mineA.length + mineB.length).toBe(30);
      });
    });

    describe('claimPurges', () => {
      it('claims intakes whose purge_at has come, oldest first, once', async () => {
        const { accountId, ids } = await given(
          { purge_at: at(20), status: 'completed' },
          { purge_at: at(10), status: 'archived' },
          { purge_at: at(30), status: 'in_progress' },
          { purge_at: at(31) },
          { purge_at: null },
        );
        const claimed = await purges(at(30));
        expect(mine(ids)(claimed)).toEqual([ids[1], ids[0], ids[2]]);
        expect(claimed.find((c) => c.id === ids[1])).toEqual({ id: ids[1], account_id: accountId });
        expect(mine(ids)(await purges(at(1000)))).toEqual([ids[3]]);
        expect(mine(ids)(await purges(at(2000)))).toEqual([]);
      });

      it('claims a purged intake again once its purge_at moved past the purge (completed anew)', async () => {
        const { ids, intakes } = await given({ purge_at: at(500), status: 'completed' });
        expect(mine(ids)(await purges(at(600)))).toEqual(ids);
        const intake = intakes[0] as IntakeRecord;
        expect(await f.intakes.update({ ...intake, purge_at: at(700) })).toBe(true);
        expect(mine(ids)(await purges(at(699)))).toEqual([]);
        expect(mine(ids)(await purges(at(700)))).toEqual(ids);
        expect(mine(ids)(await purges(at(800)))).toEqual([]);
      });

      it('keeps to the limit, leaves out the intakes to skip and takes nothing on a rollback', async () => {
        const { ids } = await given({ purge_at: at(900) }, { purge_at: at(901) });
        await expect(
          f.uow.run(async () => {
            await f.sweeps.claimPurges(at(950), 1000, [], null);
            throw new Error('rolled back');
          }),
        ).rejects.toThrow('rolled back');
        expect(mine(ids)(await purges(at(950), 1, [ids[0] as string]))).toEqual([ids[1]]);
        expect(mine(ids)(await purges(at(950)))).toEqual([ids[0]]);
      });

      it('two claims at once share the intakes out without overlap', async () => {
        const { ids } = await given(...Array.from({ length: 30 }, () => ({ purge_at: at(1100) })));
        const [a, b] = await Promise.all([purges(at(1100), 20), purges(at(1100), 20)]);
        expect(mine(ids)(a).filter((id) => mine(ids)(b).includes(id))).toEqual([]);
        expect(mine(ids)(a).length + mine(ids)(b).length).toBe(30);
      });
    });

    it('forgets the addresses of the intake’s chases, and only its', async () => {
      const { ids } = await given({}, {});
      const [one, other] = ids as [string, string];
      const chase = aChase(one, { status: 'sent' });
      const kept = aChase(other, { status: 'sent' });
      await f.chases.insertChase(chase);
      await f.chases.insertChase(kept);
      await f.recordRecipients(chase.id, ['jan@client.example', 'eva@client.example']);
      await f.recordRecipients(kept.id, ['petr@client.example']);
      await f.uow.run(() => f.sweeps.forgetChaseRecipients(one));
      expect(await f.recipientsOf(chase.id)).toEqual({ recipients: [], delivered_to: [] });
      expect(await f.recipientsOf(kept.id)).toMatchObject({ recipients: ['petr@client.example'] });
    });
  });
}
