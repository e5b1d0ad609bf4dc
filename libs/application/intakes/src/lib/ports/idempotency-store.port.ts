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
