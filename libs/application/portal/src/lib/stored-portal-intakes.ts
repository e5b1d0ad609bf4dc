import { IntakeStore } from '@intake/application-intakes';
import { PortalIntakes } from './ports/portal-intakes.port';
import { type IntakeRecord, type ItemRecord } from '@intake/domain-intake';

/** The portal context's PortalIntakes port, on the intakes context's store. */
export class StoredPortalIntakes extends PortalIntakes {
  static readonly inject = [IntakeStore] as const;

  constructor(private readonly intakes: IntakeStore) {
    super();
  }

  getBySlug(slug: string): Promise<IntakeRecord | undefined> {
    return this.intakes.getBySlug(slug);
  }

  markSeen(intakeId: string, now: Date): Promise<Date | null> {
    return this.intakes.markSeen(intakeId, now);
  }

  items(intakeId: string): Promise<ItemRecord[]> {
    return this.intakes.items(intakeId);
  }
}
