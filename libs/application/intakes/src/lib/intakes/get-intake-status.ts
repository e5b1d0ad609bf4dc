import { type AccessContext } from '@intake/domain-accounts';
import { missingItemKeys, type Progress, progressOf, type IntakeRecord, type ItemRecord } from '@intake/domain-intake';
import { notFound } from '@intake/errors';
import { type ContractChase, isContractChase } from '../model/records';
import { IntakeStore } from '../ports/intake-store.port';
import { IntakeChases } from '../ports/intake-chases.port';

export interface GetIntakeStatusInput {
  access: AccessContext;
  intakeId: string;
}

export interface IntakeStatusView {
  intake: IntakeRecord;
  items: ItemRecord[];
  chases: ContractChase[];
  progress: Progress;
  missing: string[];
}

/** GET /v1/intakes/:id/status: what pollers need, without the files. */
export class GetIntakeStatus {
  static readonly inject = [IntakeStore, IntakeChases] as const;

  constructor(
    private readonly intakes: IntakeStore,
    private readonly chaseRecords: IntakeChases,
  ) {}

  async execute({ access, intakeId }: GetIntakeStatusInput): Promise<IntakeStatusView> {
    const intake = await this.intakes.get(access, intakeId);
    if (!intake) throw notFound('Intake');
    const [items, chases] = await Promise.all([this.intakes.items(intakeId), this.chaseRecords.chases(intakeId)]);
    // chases[] is the contract's reminder record: the thank-you and items-added mails are audited instead.
    return {
      intake,
      items,
      chases: chases.filter(isContractChase),
      progress: progressOf(items),
      missing: missingItemKeys(items),
    };
  }
}
