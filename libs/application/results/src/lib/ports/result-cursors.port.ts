/**
 * Where each API key's previous collection of an intake's results left off (`only_new` of GET
 * …/results): the time of its last produced answer.
 */
export abstract class ResultCursors {
  /** The time of the key's previous collection of the intake; null before its first. */
  abstract previous(apiKeyId: string, intakeId: string): Promise<Date | null>;
  /** Records a produced answer at `at` (in the caller's unit of work, so a failure leaves it as it was). */
  abstract advance(apiKeyId: string, intakeId: string, at: Date): Promise<void>;
}
