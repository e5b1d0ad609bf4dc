import { type AccessContext } from '@intake/domain-accounts';
import { type IntakeRecord, type ItemRecord } from '@intake/domain-intake';

/**
 * What the results context reads and writes of an intake: the intake as its caller may see it
 * (locked for a collection or a hand-over), its items, and the first hand-over's `delivered_at`.
 * StoredResultIntakes implements it on the intakes context's store. Everything joins the caller's
 * unit of work.
 */
export abstract class ResultIntakes {
  abstract get(access: AccessContext, intakeId: string): Promise<IntakeRecord | undefined>;
  /** Like get, locking the row until the unit of work ends. */
  abstract getForUpdate(access: AccessContext, intakeId: string): Promise<IntakeRecord | undefined>;
  /** The intake's items in position order. */
  abstract items(intakeId: string): Promise<ItemRecord[]>;
  /**
   * Records `delivered_at` (and the `purge_at` an `on_delivery` intake derives from it) on the
   * intake as read, if its version is still that one; false on a concurrent change.
   */
  abstract markDelivered(intake: IntakeRecord, now: Date): Promise<boolean>;
}
