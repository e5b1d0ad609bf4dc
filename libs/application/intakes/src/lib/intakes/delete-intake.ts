import { accessOf, actorOf, type Principal } from '@intake/domain-accounts';
import { notFound } from '@intake/errors';
import { AuditRecorder, Diagnostics, type RequestMeta, UnitOfWork } from '@intake/kernel';
import { IntakeFiles } from '../ports/intake-files.port';
import { IntakeStore } from '../ports/intake-store.port';

export interface DeleteIntakeInput {
  principal: Principal;
  intakeId: string;
  meta: RequestMeta;
}

/**
 * DELETE /v1/intakes/:id: the intake goes in one transaction, then its files' bytes. Files first
 * could lose a live intake's files if the delete then failed; this order can at worst leave
 * orphans, which are reported to the operators. No webhook event exists for it.
 */
export class DeleteIntake {
  static readonly inject = [UnitOfWork, IntakeStore, AuditRecorder, IntakeFiles, Diagnostics] as const;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly intakes: IntakeStore,
    private readonly audit: AuditRecorder,
    private readonly files: IntakeFiles,
    private readonly diagnostics: Diagnostics,
  ) {}

  async execute({ principal, intakeId, meta }: DeleteIntakeInput): Promise<void> {
    await this.uow.run(async () => {
      if (!(await this.intakes.delete(accessOf(principal), intakeId))) throw notFound('Intake');
      await this.audit.record(principal.accountId, actorOf(principal), 'intake.deleted', intakeId, meta);
    });
    await this.files.removeAllOf(intakeId).catch((error: unknown) =>
      this.diagnostics.warn('intake.files_orphaned', {
        intake_id: intakeId,
        error: error instanceof Error ? error.message : String(error),
      }),
    );
  }
}
