import { type ChaseRecord } from '../model/records';

/**
 * What the intakes context needs of an intake's chases (the invitation, revision and new-item
 * notices it queues, the reminders it counts or cancels as the intake moves), declared here so
 * intakes depends on no chasing code: the chasing context's ChaseStore extends it and the app binds
 * it to the same store. Writes join the caller's unit of work.
 */
export abstract class IntakeChases {
  /** The intake's chases, by created_at, attempt_no and id (without `item_keys`). */
  abstract chases(intakeId: string): Promise<ChaseRecord[]>;
  abstract insertChase(chase: ChaseRecord): Promise<void>;
  /** Cancels the intake's still-scheduled chases (of these kinds only, when given); how many. */
  abstract cancelScheduledChases(intakeId: string, kinds?: readonly ChaseRecord['kind'][]): Promise<number>;
}
