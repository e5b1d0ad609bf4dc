/** What became of one secret item's one-time release (ItemSecrets.release). */
export type SecretRelease =
  /** This caller won: the value (still sealed) is now wiped from the database. */
  | { outcome: 'released'; sealed: string; submitted_at: Date }
  /** Someone released it before (200 `already_revealed`). */
  | { outcome: 'already_revealed'; revealed_at: Date }
  /** Its reveal window passed unrevealed: purged, or about to be (410 `gone`). */
  | { outcome: 'gone'; purged_at: Date | null }
  /** Nothing to release: not answered (yet), or the answer was discarded. */
  | { outcome: 'unanswered' };

/** A secret item's release state, read without consuming anything. */
export interface SecretState {
  key: string;
  /** A sealed value is stored and can still be released. */
  releasable: boolean;
  submitted_at: Date | null;
  released_at: Date | null;
  purged_at: Date | null;
}

/**
 * The one-time release of secret items' values (`items.value` holds them sealed) and the purge
 * of those never released within the reveal window. Both wipe the value in the same statement
 * that decides, under the intake's row lock, so of any number of concurrent readers exactly one
 * gets the value and no write of the intake can put it back.
 */
export abstract class ItemSecrets {
  /**
   * Releases the secret `key` of the intake if it holds a value submitted at or after
   * `submittedSince` (the reveal window) that nobody released yet: returns it (sealed) and wipes
   * it, recording `now` as the release time. Otherwise says why not.
   */
  abstract release(intakeId: string, key: string, now: Date, submittedSince: Date): Promise<SecretRelease>;
  /** The release state of every secret item of the intake, in the intake's order. */
  abstract states(intakeId: string): Promise<SecretState[]>;
  /**
   * Wipes up to `limit` values submitted before `submittedBefore` and never released, recording
   * `now` as their purge time; returns how many. `clock`: null (the default) only the intakes on
   * real time, a test clock's id only that clock's intakes.
   */
  abstract purgeUnreleased(submittedBefore: Date, now: Date, limit: number, clock: string | null): Promise<number>;
}
