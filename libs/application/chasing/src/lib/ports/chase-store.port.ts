import { type ChaseRecord, IntakeChases } from '@intake/application-intakes';

/**
 * The chases of intakes: what the intakes context reads and writes of them (IntakeChases, which
 * this store implements for it), and the scheduler's batches. Writes join the caller's unit of work.
 */
export abstract class ChaseStore extends IntakeChases {
  /** The chases of these intakes, by intake id, then as `chases` orders them. */
  abstract chasesOfMany(intakeIds: readonly string[]): Promise<ChaseRecord[]>;
  abstract insertChases(chases: readonly ChaseRecord[]): Promise<void>;
}
