/**
 * docs/contract.md "Retention": contents are purged 90 days after completion unless the intake says
 * otherwise.
 */
export const DEFAULT_RETENTION_DAYS = 90;
/**
 * docs/contract.md "Retention": `on_delivery` removes the contents 24 hours after results are first
 * collected.
 */
export const ON_DELIVERY_DELAY_MS = 24 * 3600_000;
const DAY_MS = 24 * 3600_000;

export interface RetentionSettings {
  retention_mode: 'days' | 'on_delivery';
  /** Whole days after completion (mode `days`); null falls back to the default. */
  retention_days: number | null;
}

/** What the purge time depends on besides the settings. */
export interface RetentionFacts {
  completed_at: Date | null;
  /** When results were first collected (set by the results work). */
  delivered_at: Date | null;
}

/**
 * When an intake's contents are purged (`purge_at`), or null while that is not known yet:
 * mode `days`, `days` × 24 hours after completion (a reopened intake has no completion, so no purge
 * time); mode `on_delivery`, 24 hours after results were first collected, and never before that.
 */
export function purgeAt(settings: RetentionSettings, facts: RetentionFacts): Date | null {
  if (settings.retention_mode === 'on_delivery') {
    return facts.delivered_at ? new Date(facts.delivered_at.getTime() + ON_DELIVERY_DELAY_MS) : null;
  }
  if (!facts.completed_at) return null;
  return new Date(facts.completed_at.getTime() + (settings.retention_days ?? DEFAULT_RETENTION_DAYS) * DAY_MS);
}
