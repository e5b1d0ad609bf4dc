import { type Principal } from '@intake/domain-accounts';
import { archive } from '@intake/domain-intake';
import { type RequestMeta } from '@intake/kernel';
import { intakeState } from '../model/intake-state';
import { IntakeChases } from '../ports/intake-chases.port';
import { type ChangedIntake, IntakeWriter } from '../write-path/intake-writer';

export interface ArchiveIntakeInput {
  principal: Principal;
  intakeId: string;
  meta: RequestMeta;
}

/** POST /v1/intakes/:id/archive: cancels the scheduled chases, emits intake.archived; 409 if archived. */
export class ArchiveIntake {
  static readonly inject = [IntakeWriter, IntakeChases] as const;

  constructor(
    private readonly writer: IntakeWriter,
    private readonly chases: IntakeChases,
  ) {}

  execute({ principal, intakeId, meta }: ArchiveIntakeInput): Promise<ChangedIntake> {
    return this.writer.change({ by: 'owner', principal, intakeId }, meta, {
      action: 'intake.archived',
      decide: (intake, items) => archive(intakeState(intake, items)),
      after: async (intake) => void (await this.chases.cancelScheduledChases(intake.id)),
    });
  }
}
