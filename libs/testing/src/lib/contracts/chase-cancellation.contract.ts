import { aChase, anIntake, at, type IntakeStoresSetup, useIntakeStores } from './intake-stores.fixture';

/**
 * ChaseStore's cancellation of scheduled chases (IntakeChases' for the intakes context), which
 * re-planning (cancel the pending reminder, plan again), archiving and completion rely on: of the
 * given kinds only, or all.
 */
export function describeChaseCancellationContract(name: string, setup: IntakeStoresSetup): void {
  describe(`ChaseStore cancellation contract: ${name}`, () => {
    const fixture = useIntakeStores(setup);

    it("cancels the intake's still-scheduled reminders and no other chase, then every scheduled one", async () => {
      const accountId = await fixture().createAccount();
      const intake = anIntake(accountId);
      const other = anIntake(accountId);
      const { intakes, chases: store } = fixture();
      await intakes.insert(intake, []);
      await intakes.insert(other, []);
      const chases = [
        aChase(intake.id, { kind: 'invite', status: 'scheduled', created_at: at(0) }),
        aChase(intake.id, { kind: 'reminder', status: 'sent', sent_at: at(1), created_at: at(1) }),
        aChase(intake.id, { kind: 'reminder', status: 'scheduled', created_at: at(2) }),
        aChase(intake.id, { kind: 'reminder', status: 'scheduled', channel: 'sms', attempt_no: 2, created_at: at(3) }),
        aChase(intake.id, { kind: 'revision', status: 'scheduled', created_at: at(4) }),
        aChase(intake.id, { kind: 'manual', status: 'scheduled', created_at: at(5) }),
        aChase(intake.id, { kind: 'reminder', status: 'failed', created_at: at(6) }),
      ];
      const elsewhere = aChase(other.id, { kind: 'reminder', status: 'scheduled' });
      for (const chase of [...chases, elsewhere]) await store.insertChase(chase);

      expect(await store.cancelScheduledChases(intake.id, ['reminder'])).toBe(2);

      expect((await store.chases(intake.id)).map((c) => [c.kind, c.status])).toEqual([
        ['invite', 'scheduled'],
        ['reminder', 'sent'],
        ['reminder', 'cancelled'],
        ['reminder', 'cancelled'],
        ['revision', 'scheduled'],
        ['manual', 'scheduled'],
        ['reminder', 'failed'],
      ]);
      expect(await store.chases(other.id)).toEqual([elsewhere]);
      expect(await store.cancelScheduledChases(intake.id)).toBe(3);
      expect((await store.chases(intake.id)).filter((c) => c.status === 'scheduled')).toEqual([]);
      expect(await store.chases(other.id)).toEqual([elsewhere]);
    });

    it('a unit of work that throws takes the cancellations back', async () => {
      const accountId = await fixture().createAccount();
      const intake = anIntake(accountId);
      const { intakes, chases: store, uow } = fixture();
      await intakes.insert(intake, []);
      const reminder = aChase(intake.id);
      await store.insertChase(reminder);

      await expect(
        uow.run(async () => {
          await store.cancelScheduledChases(intake.id, ['reminder']);
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      expect(await store.chases(intake.id)).toEqual([reminder]);
    });
  });
}
