/** A month's counters, and the account's balance of bought SMS credits (kept across months). */
export interface MonthlyUsage {
  intakes_created: number;
  /** SMS paid for by the plan's monthly allowance. */
  sms_sent: number;
  /** SMS paid for by bought credits this month. */
  sms_from_credits: number;
  /** Bought SMS credits left. */
  sms_credits: number;
}

/** An account's monthly usage counters (period `YYYY-MM`). */
export abstract class UsageStore {
  abstract get(accountId: string, period: string): Promise<MonthlyUsage>;
  /**
   * Counts one SMS against the period if fewer than `limit` were counted, else takes a bought
   * credit: true when counted, false (nothing written) when the credits are used up. In the caller's unit of work, so the
   * credit is taken with the chase that spends it, and two callers never take the last one both.
   */
  abstract takeSmsCredit(accountId: string, period: string, limit: number): Promise<boolean>;
  /** Gives back a credit taken for an SMS that was never sent (a bought one first; never below zero). */
  abstract returnSmsCredit(accountId: string, period: string): Promise<void>;
}
