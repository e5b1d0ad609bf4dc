import { IntakeEvents, IntakeFiles } from '@intake/application-intakes';
import { Clock, UnitOfWork } from '@intake/kernel';
import { clientView, type PortalView } from './client-view';
import { assertPortalSlug, noSuchPortal } from './portal-link';
import { PortalIntakes } from './ports/portal-intakes.port';

/** client.viewed fires at most once per intake in this window (the portal is reloaded often). */
export const CLIENT_VIEWED_WINDOW_SECONDS = 3600;

/** GET /portal/v1/:slug (and the portal page): sets client_last_seen, emits client.viewed once per window. */
export class ViewPortal {
  static readonly inject = [UnitOfWork, PortalIntakes, IntakeFiles, IntakeEvents, Clock] as const;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly intakes: PortalIntakes,
    private readonly files: IntakeFiles,
    private readonly events: IntakeEvents,
    private readonly clock: Clock,
  ) {}

  execute(slug: string): Promise<PortalView> {
    assertPortalSlug(slug);
    return this.uow.run(async () => {
      const intake = await this.intakes.getBySlug(slug);
      if (!intake) throw noSuchPortal();
      const now = this.clock.now();
      const previous = await this.intakes.markSeen(intake.id, now);
      if (!previous || now.getTime() - new Date(previous).getTime() >= CLIENT_VIEWED_WINDOW_SECONDS * 1000) {
        await this.events.clientViewed(intake, now);
      }
      const [items, files] = await Promise.all([this.intakes.items(intake.id), this.files.ofIntake(intake.id)]);
      return clientView({ intake: { ...intake, client_last_seen: now }, items, files });
    });
  }
}
