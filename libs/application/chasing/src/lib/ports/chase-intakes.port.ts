import { type IntakeRecord, type ItemRecord } from '@intake/domain-intake';

/**
 * What the chasing context reads and writes of intakes: the scheduler's batches (many intakes by
 * id whatever the account, locked or not, and their items), one intake locked for a mail
 * provider's report, an intake's items for an owner's notice, and the bounce state of an intake's
 * addresses (docs/contexts/chasing.md, "Bounces: mail provider events and reinstating").
 * StoredChaseIntakes implements it on the intakes context's store. Everything joins the caller's
 * unit of work.
 */
export abstract class ChaseIntakes {
  /** These intakes by id whatever the account (the system's own read), in id order, unknown ids left out. */
  abstract getMany(intakeIds: readonly string[]): Promise<IntakeRecord[]>;
  /** Like getMany, locking the rows (in id order) until the unit of work ends. */
  abstract getManyForUpdate(intakeIds: readonly string[]): Promise<IntakeRecord[]>;
  /**
   * The account's intake as the system sees it (any mode, whoever created it), locking the row
   * until the unit of work ends; undefined when the account has no such intake.
   */
  abstract getForUpdate(accountId: string, intakeId: string): Promise<IntakeRecord | undefined>;
  /** The intake's items in position order. */
  abstract items(intakeId: string): Promise<ItemRecord[]>;
  /** The items of these intakes, by intake id and then position. */
  abstract itemsOfMany(intakeIds: readonly string[]): Promise<ItemRecord[]>;
  /**
   * Writes the intake as the bounce rules left it (its addresses' bounce state, withRecipients) if
   * its version is still the one read; false on a concurrent change.
   */
  abstract recordRecipients(intake: IntakeRecord): Promise<boolean>;
}
