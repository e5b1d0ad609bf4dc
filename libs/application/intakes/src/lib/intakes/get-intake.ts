import { type AccessContext } from '@intake/domain-accounts';
import { notFound } from '@intake/errors';
import { IntakeFiles } from '../ports/intake-files.port';
import { IntakeStore } from '../ports/intake-store.port';
import { type IntakeDetail } from '../write-path/intake-writer';

export interface GetIntakeInput {
  access: AccessContext;
  intakeId: string;
}

/** GET /v1/intakes/:id: the intake, its items and its files; 404 for what the caller may not see. */
export class GetIntake {
  static readonly inject = [IntakeStore, IntakeFiles] as const;

  constructor(
    private readonly intakes: IntakeStore,
    private readonly files: IntakeFiles,
  ) {}

  async execute({ access, intakeId }: GetIntakeInput): Promise<IntakeDetail> {
    const intake = await this.intakes.get(access, intakeId);
    if (!intake) throw notFound('Intake');
    const [items, files] = await Promise.all([this.intakes.items(intakeId), this.files.ofIntake(intakeId)]);
    return { intake, items, files };
  }
}
