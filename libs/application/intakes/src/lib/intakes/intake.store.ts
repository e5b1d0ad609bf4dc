import { type AccessContext } from '@intake/domain-accounts';
import { type ChaseRecord, type IntakeRecord, type ItemRecord, type ListFilter, type ListRow } from './records';

/** Intakes and their items. Every read takes the caller's access context. */
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
  abstract chases(intakeId: string): Promise<ChaseRecord[]>;
  abstract insertChase(chase: ChaseRecord): Promise<void>;
  /** Cancels every still-scheduled chase; returns how many. */
  abstract cancelScheduledChases(intakeId: string): Promise<number>;
  /** Counts the intake against the monthly quota; returns the month's count after it. */
  abstract countCreated(accountId: string, period: string): Promise<number>;
}

export interface IdempotencyClaim {
  request_hash: string;
  intake_id: string;
}

/** Idempotency-Key bookkeeping for POST /v1/intakes. */
export abstract class IdempotencyStore {
  /** The live claim of a key (not expired at `now`), if any. */
  abstract find(accountId: string, key: string, now: Date): Promise<IdempotencyClaim | undefined>;
  /**
   * Claims a key for an intake, replacing an expired claim. False when another live claim holds
   * it (a concurrent duplicate): the caller re-reads it.
   */
  abstract claim(accountId: string, key: string, claim: IdempotencyClaim, now: Date, expiresAt: Date): Promise<boolean>;
}
