import {
  aChase,
  anIntake,
  anItem,
  at,
  type IntakeStoresSetup,
  orderedIds,
  present,
  useIntakeStores,
} from './intake-stores.fixture';
import { type IntakeRecord } from '@intake/domain-intake';

/**
 * The behaviour every ChaseStore (the chasing context's, the intakes context's IntakeChases) must
 * have: chases read back in order as copies, written one or many at once, cancelled, and taken back
 * with the unit of work they were written in. Its cancellation by kind is
 * describeChaseCancellationContract's.
 */
export function describeChaseStoreContract(name: string, setup: IntakeStoresSetup): void {
  describe(`ChaseStore contract: ${name}`, () => {
    const fixture = useIntakeStores(setup);
    const store = () => fixture().chases;

    /** An account with one stored intake. */
    async function givenIntake(overrides: Partial<IntakeRecord> = {}) {
      const accountId = await fixture().createAccount();
      const intake = anIntake(accountId, overrides);
      await fixture().intakes.insert(intake, [anItem(intake.id, 'logo', 0)]);
      return { accountId, intake };
    }

    it('lists chases oldest first, then by attempt, then by id; copies, and of that intake only', async () => {
      const { intake } = await givenIntake();
      const { intake: other } = await givenIntake();
      const [idA, idB] = orderedIds('chase', ['a', 'b']);
      const invite = aChase(intake.id, { kind: 'invite', status: 'sent', sent_at: at(0), created_at: at(0) });
      const secondA = aChase(intake.id, { id: idA, attempt_no: 2, created_at: at(5), error: 'smtp 451' });
      const secondB = aChase(intake.id, { id: idB, attempt_no: 2, created_at: at(5), channel: 'sms' });
      const first = aChase(intake.id, { attempt_no: 1, created_at: at(5), missing_items_count: 3 });
      for (const chase of [secondB, first, aChase(other.id), secondA, invite]) await store().insertChase(chase);
      invite.status = 'failed';

      const chases = await store().chases(intake.id);
      expect(chases.map((c) => c.id)).toEqual([invite.id, first.id, secondA.id, secondB.id]);
      expect(chases[0]).toEqual({ ...invite, status: 'sent' });
      expect(chases[3]).toEqual(secondB);
      present(chases[1]).status = 'cancelled';
      expect((await store().chases(intake.id))[1]).toEqual(first);
      await expect(store().insertChase(aChase(intake.id, { id: first.id }))).rejects.toThrow();
    });

    it('cancelScheduledChases cancels every still-scheduled chase of the intake and counts them', async () => {
      const { intake } = await givenIntake();
      const { intake: other } = await givenIntake();
      const sent = aChase(intake.id, { kind: 'invite', status: 'sent', created_at: at(0) });
      const reminder = aChase(intake.id, { created_at: at(1) });
      const manual = aChase(intake.id, { kind: 'manual', channel: 'sms', created_at: at(2) });
      const elsewhere = aChase(other.id);
      for (const chase of [sent, reminder, manual, elsewhere]) await store().insertChase(chase);

      expect(await store().cancelScheduledChases(intake.id)).toBe(2);
      expect((await store().chases(intake.id)).map((c) => c.status)).toEqual(['sent', 'cancelled', 'cancelled']);
      expect(await store().chases(other.id)).toEqual([elsewhere]);
      expect(await store().cancelScheduledChases(intake.id)).toBe(0);
    });

    it('reads the chases of many intakes at once, by intake id, whatever the account', async () => {
      const [idA, idB, idC] = orderedIds('intake', ['a', 'b', 'c']);
      const accountA = await fixture().createAccount();
      const accountB = await fixture().createAccount();
      const a = anIntake(accountA, { id: idA });
      const b = anIntake(accountB, { id: idB, mode: 'test' });
      const c = anIntake(accountB, { id: idC });
      for (const intake of [b, a, c]) await fixture().intakes.insert(intake, []);
      const chaseB = aChase(b.id, { kind: 'invite', status: 'sent', created_at: at(0) });
      const laterB = aChase(b.id, { created_at: at(2) });
      const chaseA = aChase(a.id, { created_at: at(1) });
      for (const chase of [laterB, chaseA, aChase(c.id), chaseB]) await store().insertChase(chase);

      expect(await store().chasesOfMany([b.id, 'in_unknown', a.id])).toEqual([chaseA, chaseB, laterB]);
      expect(await store().chasesOfMany([])).toEqual([]);
    });

    it('insertChases stores several chases at once, or none when one of them is already there', async () => {
      const { intake } = await givenIntake();
      const { intake: other } = await givenIntake();
      const first = aChase(intake.id, { created_at: at(0), attempt_no: 1 });
      const second = aChase(other.id, { created_at: at(1), missing_items_count: 2, error: 'x', sent_at: at(1) });
      await store().insertChases([first, second]);
      await store().insertChases([]);
      expect(await store().chases(intake.id)).toEqual([first]);
      expect(await store().chases(other.id)).toEqual([second]);

      const fresh = aChase(intake.id, { created_at: at(5) });
      await expect(store().insertChases([fresh, aChase(intake.id, { id: first.id })])).rejects.toThrow();
      expect(await store().chases(intake.id)).toEqual([first]);
    });

    it('a unit of work that throws takes its chase writes back', async () => {
      const { intake } = await givenIntake();
      const kept = aChase(intake.id, { created_at: at(0) });
      await store().insertChase(kept);
      await expect(
        fixture().uow.run(async () => {
          await store().insertChase(aChase(intake.id, { created_at: at(1) }));
          await store().insertChases([aChase(intake.id, { created_at: at(2) })]);
          await store().cancelScheduledChases(intake.id);
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      expect(await store().chases(intake.id)).toEqual([kept]);
    });
  });
}
