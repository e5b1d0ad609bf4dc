import { aChase, anIntake, at, type IntakeStoresSetup, useIntakeStores } from './intake-stores.fixture';

/**
 * The behaviour every ReminderPlanner must have. The bound one cancels the intake's
 * still-scheduled reminders (sent ones keep counting towards max_reminders) until the chasing
 * context plans new ones.
 */
export function describeReminderPlannerContract(name: string, setup: IntakeStoresSetup): void {
  describe(`ReminderPlanner contract: ${name}`, () => {
    const fixture = useIntakeStores(setup);

    it("cancels the intake's still-scheduled reminders and no other chase", async () => {
      const accountId = await fixture().createAccount();
      const intake = anIntake(accountId);
      const other = anIntake(accountId);
      const { intakes, planner } = fixture();
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
      for (const chase of [...chases, elsewhere]) await intakes.insertChase(chase);

      await planner.replan({ ...intake, chase_schedule: 'gentle' }, at(10));

      expect((await intakes.chases(intake.id)).map((c) => [c.kind, c.status])).toEqual([
        ['invite', 'scheduled'],
        ['reminder', 'sent'],
        ['reminder', 'cancelled'],
        ['reminder', 'cancelled'],
        ['revision', 'scheduled'],
        ['manual', 'scheduled'],
        ['reminder', 'failed'],
      ]);
      expect(await intakes.chases(other.id)).toEqual([elsewhere]);
    });

    it('a unit of work that throws takes the cancellations back', async () => {
      const accountId = await fixture().createAccount();
      const intake = anIntake(accountId);
      const { intakes, planner, uow } = fixture();
      await intakes.insert(intake, []);
      const reminder = aChase(intake.id);
      await intakes.insertChase(reminder);

      await expect(
        uow.run(async () => {
          await planner.replan(intake, at(10));
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      expect(await intakes.chases(intake.id)).toEqual([reminder]);
    });
  });
}
