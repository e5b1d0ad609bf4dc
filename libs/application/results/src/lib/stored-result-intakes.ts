import { IntakeStore, withDerivedTimes } from '@intake/application-intakes';
import { type AccessContext } from '@intake/domain-accounts';
import { ResultIntakes } from './ports/result-intakes.port';
import { type IntakeRecord, type ItemRecord } from '@intake/domain-intake';

/** The results context's ResultIntakes port, on the intakes context's store. */
export class StoredResultIntakes extends ResultIntakes {
  static readonly inject = [IntakeStore] as const;

  constructor(private readonly intakes: IntakeStore) {
    super();
  }

  get(access: AccessContext, intakeId: string): Promise<IntakeRecord | undefined> {
    return this.intakes.get(access, intakeId);
  }

  getForUpdate(access: AccessContext, intakeId: string): Promise<IntakeRecord | undefined> {
    return this.intakes.getForUpdate(access, intakeId);
  }

  items(intakeId: string): Promise<ItemRecord[]> {
    return this.intakes.items(intakeId);
  }

  markDelivered(intake: IntakeRecord, now: Date): Promise<boolean> {
    return this.intakes.update(withDerivedTimes({ ...intake, delivered_at: now }));
  }
}
