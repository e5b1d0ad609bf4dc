import { type IntakeRecord } from '@intake/domain-intake';

/** The client's portal link of an intake: `{PORTAL_URL}/{slug}` (the app binds it from its configuration). */
export class PortalLinks {
  constructor(private readonly portalUrl: string) {}

  of(intake: Pick<IntakeRecord, 'slug'>): string {
    return `${this.portalUrl}/${intake.slug}`;
  }
}
