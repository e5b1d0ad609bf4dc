import { type AccessContext } from '@intake/domain-accounts';
import { type ListFilter, type ListRow } from '../model/records';
import { type IntakeRecord, type ItemRecord } from '@intake/domain-intake';

/** Intakes and their items (their chases are IntakeChases'). Every read takes the caller's access context. */
export abstract class IntakeStore {
  abstract insert(intake: IntakeRecord, items: ItemRecord[]): Promise<void>;
  abstract get(access: AccessContext, intakeId: string): Promise<IntakeRecord | undefined>;
  /** Like get, locking the row until the unit of work ends (for transitions). */
  abstract getForUpdate(access: AccessContext, intakeId: string): Promise<IntakeRecord | undefined>;
  /** The intake behind a portal link; drafts are not visible to the client. */
  abstract getBySlug(slug: string): Promise<IntakeRecord | undefined>;
  abstract getForUpdateBySlug(slug: string): Promise<IntakeRecord | undefined>;
  /** Sets client_last_seen and returns the value it had before. */
  abstract markSeen(intakeId: string, now: Date): Promise<Date | null>;
  abstract items(intakeId: string): Promise<ItemRecord[]>;
  abstract list(
    access: AccessContext,
    filter: ListFilter,
    limit: number,
    offset: number,
  ): Promise<{ rows: ListRow[]; total: number }>;
  /** Writes the intake if its version is still `intake.version`; false on a concurrent change. */
  abstract update(intake: IntakeRecord): Promise<boolean>;
  abstract saveItems(intakeId: string, items: ItemRecord[]): Promise<void>;
  abstract delete(access: AccessContext, intakeId: string): Promise<boolean>;
  /** Counts the intake against the monthly quota; returns the month's count after it. */
  abstract countCreated(accountId: string, period: string): Promise<number>;

  // Many intakes at once, for the scheduler's batches: by id whatever the account (the system's
  // own reads), in id order, unknown ids left out.
  abstract getMany(intakeIds: readonly string[]): Promise<IntakeRecord[]>;
  /** Like getMany, locking the rows (in id order, as every caller must) until the unit of work ends. */
  abstract getManyForUpdate(intakeIds: readonly string[]): Promise<IntakeRecord[]>;
  /** The items of these intakes, by intake id and then position. */
  abstract itemsOfMany(intakeIds: readonly string[]): Promise<ItemRecord[]>;
}
