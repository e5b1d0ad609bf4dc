import { type IntakeRecord, type ItemRecord } from '@intake/domain-intake';

/**
 * What the portal context reads and writes of an intake outside the intakes write path: the
 * intake behind a portal link, when its client was last seen, and its items. StoredPortalIntakes
 * implements it on the intakes context's store. Everything joins the caller's unit of work.
 */
export abstract class PortalIntakes {
  /** The intake behind a portal link; drafts are not visible to the client. */
  abstract getBySlug(slug: string): Promise<IntakeRecord | undefined>;
  /** Sets `client_last_seen` and returns the value it had before (null for none, or an unknown intake). */
  abstract markSeen(intakeId: string, now: Date): Promise<Date | null>;
  /** The intake's items in position order. */
  abstract items(intakeId: string): Promise<ItemRecord[]>;
}
