/** Rows found wrong (missing, extra or different) per read model, and repaired. */
export interface ReadModelDrift {
  client_stats: number;
  client_totals: number;
  intake_search: number;
  intake_client_texts: number;
  intake_counts: number;
  audit_counts: number;
  search_totals: number;
}

export const NO_DRIFT: ReadModelDrift = {
  client_stats: 0,
  client_totals: 0,
  intake_search: 0,
  intake_client_texts: 0,
  intake_counts: 0,
  audit_counts: 0,
  search_totals: 0,
};

/**
 * The read models kept beside the intakes (client list, client totals, search text, client
 * texts, intake counts, audit counts, remembered search totals): in PostgreSQL triggers keep
 * them in the writing transaction (ADR 0011; docs/read-models.md); this port recomputes
 * them from scratch to find and repair drift.
 */
export abstract class ReadModels {
  /** Account ids after `after` (in id order), at most `limit` of them. */
  abstract accounts(after: string | null, limit: number): Promise<string[]>;
  /** Recomputes one account's read models from its intakes, repairs what differs, says how much did. */
  abstract reconcile(accountId: string): Promise<ReadModelDrift>;
  /** Claims the sweep due at or before `now`, next due at `next`; false when another took it. */
  abstract claimSweep(now: Date, next: Date): Promise<boolean>;
}
