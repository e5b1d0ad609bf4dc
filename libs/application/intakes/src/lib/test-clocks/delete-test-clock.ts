import { actorOf, type Principal } from '@intake/domain-accounts';
import { notFound } from '@intake/errors';
import { AuditRecorder, Diagnostics, type RequestMeta, UnitOfWork } from '@intake/kernel';
import { IntakeFiles } from '../ports/intake-files.port';
import { IntakeStore } from '../ports/intake-store.port';
import { TestClockStore } from '../ports/test-clock-store.port';
import { systemAccess } from '../write-path/intake-writer';
import { testClockAccount } from './test-clock';

export interface DeleteTestClockCommand {
  principal: Principal;
  clockId: string;
  meta: RequestMeta;
}

/**
 * DELETE /v1/test_clocks/:id: the clock and every intake on it (whichever test key made them), in
 * one transaction under the clock's row lock (so no intake joins it meanwhile), each intake audited
 * as `intake.deleted`; then the intakes' file bytes, as DELETE /v1/intakes/:id does. An advance
 * under way stops: the scheduler's next step finds the clock gone. Test keys only.
 */
export class DeleteTestClock {
  static readonly inject = [UnitOfWork, TestClockStore, IntakeStore, AuditRecorder, IntakeFiles, Diagnostics] as const;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly clocks: TestClockStore,
    private readonly intakes: IntakeStore,
    private readonly audit: AuditRecorder,
    private readonly files: IntakeFiles,
    private readonly diagnostics: Diagnostics,
  ) {}

  async execute({ principal, clockId, meta }: DeleteTestClockCommand): Promise<void> {
    const accountId = testClockAccount(principal);
    const actor = actorOf(principal);
    const deleted = await this.uow.run(async () => {
      const clock = await this.clocks.getForUpdate(accountId, clockId);
      if (!clock) throw notFound('Test clock');
      const intakeIds = await this.clocks.intakeIds(clock.id);
      for (const intakeId of intakeIds) {
        if (!(await this.intakes.delete(systemAccess(accountId), intakeId))) continue;
        await this.audit.record(accountId, actor, 'intake.deleted', intakeId, meta, { test_clock_id: clock.id });
      }
      await this.clocks.delete(clock.id);
      await this.audit.record(accountId, actor, 'test_clock.deleted', clock.id, meta, { intakes: intakeIds.length });
      return intakeIds;
    });
    for (const intakeId of deleted) {
      await this.files.removeAllOf(intakeId).catch((error: unknown) =>
        this.diagnostics.warn('intake.files_orphaned', {
          intake_id: intakeId,
          error: error instanceof Error ? error.message : String(error),
        }),
      );
    }
  }
}
