import { IntakeStore } from '@intake/application-intakes';
import { type AccessContext } from '@intake/domain-accounts';
import { FileIntakes } from './ports/file-intakes.port';
import { type IntakeRecord, type ItemRecord } from '@intake/domain-intake';

/** The files context's FileIntakes port, on the intakes context's store. */
export class StoredFileIntakes extends FileIntakes {
  static readonly inject = [IntakeStore] as const;

  constructor(private readonly intakes: IntakeStore) {
    super();
  }

  get(access: AccessContext, intakeId: string): Promise<IntakeRecord | undefined> {
    return this.intakes.get(access, intakeId);
  }

  getBySlug(slug: string): Promise<IntakeRecord | undefined> {
    return this.intakes.getBySlug(slug);
  }

  items(intakeId: string): Promise<ItemRecord[]> {
    return this.intakes.items(intakeId);
  }
}
