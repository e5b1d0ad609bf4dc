/** An intake a sweep claimed: locked until the claiming unit of work ends. */
export interface SweptIntake {
  id: string;
  account_id: string;
}

/**
 * The intakes table as the overdue and retention sweeps' work queue. Each claim runs in the
 * caller's unit of work and marks the rows it returns in the same statement, so a claim and the
 * work done for it commit or roll back together; rows another unit of work holds are skipped,
 * never waited for, so two schedulers split the work and never handle one intake both. `clock`
 * picks the intakes' time line: null (the default) those on real time, a test clock's id only the
 * intakes on that clock (its advance passes the clock's virtual now).
 */
export abstract class IntakeSweeps {
  /**
   * Up to `limit` intakes (none of `skip`) that became overdue — `overdue_at` at or before `now`,
   * status sent or in_progress, a required client item pending or needing revision — and were
   * never marked so: marked overdue-notified at `now`, which they stay for good.
   */
  abstract claimOverdue(
    now: Date,
    limit: number,
    skip: readonly string[],
    clock: string | null,
  ): Promise<SweptIntake[]>;
  /**
   * Up to `limit` intakes (none of `skip`) whose `purge_at` is at or before `now` and that were not
   * purged since it: marked purged at `now`.
   */
  abstract claimPurges(
    now: Date,
    limit: number,
    skip: readonly string[],
    clock: string | null,
  ): Promise<SweptIntake[]>;
  /** Forgets the addresses the intake's chases went to (anonymization). */
  abstract forgetChaseRecipients(intakeId: string): Promise<void>;
}
