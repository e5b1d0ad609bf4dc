import { IntakeStore, systemAccess } from '@intake/application-intakes';
import { ChaseIntakes } from './ports/chase-intakes.port';
import { type IntakeRecord, type ItemRecord } from '@intake/domain-intake';

/** The chasing context's ChaseIntakes port, on the intakes context's store. */
export class StoredChaseIntakes extends ChaseIntakes {
  static readonly inject = [IntakeStore] as const;

  constructor(private readonly intakes: IntakeStore) {
    super();
  }

  getMany(intakeIds: readonly string[]): Promise<IntakeRecord[]> {
    return this.intakes.getMany(intakeIds);
  }

  getManyForUpdate(intakeIds: readonly string[]): Promise<IntakeRecord[]> {
    return this.intakes.getManyForUpdate(intakeIds);
  }

  getForUpdate(accountId: string, intakeId: string): Promise<IntakeRecord | undefined> {
    return this.intakes.getForUpdate(systemAccess(accountId), intakeId);
  }

  items(intakeId: string): Promise<ItemRecord[]> {
    return this.intakes.items(intakeId);
  }

  itemsOfMany(intakeIds: readonly string[]): Promise<ItemRecord[]> {
    return this.intakes.itemsOfMany(intakeIds);
  }

  recordRecipients(intake: IntakeRecord): Promise<boolean> {
    return this.intakes.update(intake);
  }
}
