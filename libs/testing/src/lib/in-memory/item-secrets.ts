import { ItemSecrets, ResultCursors, type SecretRelease, type SecretState } from '@intake/application-results';
import { isSealedSecret } from '@intake/application-intakes';
import { type InMemoryDatabase, type ItemSecretRow } from './database';

/** ItemSecrets over the in-memory database, with the Postgres store's semantics (one winner, wiped at once). */
export class InMemoryItemSecrets extends ItemSecrets {
  constructor(private readonly db: InMemoryDatabase) {
    super();
  }

  private marks(intakeId: string, key: string): ItemSecretRow | undefined {
    return this.db.itemSecrets.rows.find((s) => s.intake_id === intakeId && s.key === key);
  }

  private mark(intakeId: string, key: string, change: Partial<ItemSecretRow>): void {
    const row = this.marks(intakeId, key);
    if (row) Object.assign(row, change);
    else this.db.itemSecrets.rows.push({ intake_id: intakeId, key, released_at: null, purged_at: null, ...change });
  }

  async release(intakeId: string, key: string, now: Date, submittedSince: Date): Promise<SecretRelease> {
    const item = this.db.items.rows.find((i) => i.intake_id === intakeId && i.key === key && i.type === 'secret');
    if (!item) return { outcome: 'unanswered' };
    const marks = this.marks(intakeId, key);
    if (isSealedSecret(item.value) && !marks?.released_at && item.submitted_at && item.submitted_at >= submittedSince) {
      const { sealed } = item.value;
      item.value = null;
      this.mark(intakeId, key, { released_at: new Date(now) });
      return { outcome: 'released', sealed, submitted_at: new Date(item.submitted_at) };
    }
    if (item.value === null && marks?.released_at)
      return { outcome: 'already_revealed', revealed_at: new Date(marks.released_at) };
    if (item.value === null && marks?.purged_at) return { outcome: 'gone', purged_at: new Date(marks.purged_at) };
    if (item.value !== null && item.submitted_at && item.submitted_at < submittedSince)
      return { outcome: 'gone', purged_at: null };
    return { outcome: 'unanswered' };
  }

  async states(intakeId: string): Promise<SecretState[]> {
    return this.db.items.rows
      .filter((i) => i.intake_id === intakeId && i.type === 'secret')
      .sort((a, b) => a.position - b.position)
      .map((item) => {
        const marks = this.marks(intakeId, item.key);
        return {
          key: item.key,
          releasable: item.value !== null,
          submitted_at: item.submitted_at && new Date(item.submitted_at),
          released_at: marks?.released_at ? new Date(marks.released_at) : null,
          purged_at: marks?.purged_at ? new Date(marks.purged_at) : null,
        };
      });
  }

  async purgeUnreleased(submittedBefore: Date, now: Date, limit: number, clock: string | null = null): Promise<number> {
    const due = this.db.items.rows
      .filter((i) => this.db.onClock(i.intake_id, clock))
      .filter(
        (i) =>
          i.type === 'secret' &&
          i.value !== null &&
          !this.marks(i.intake_id, i.key)?.released_at &&
          i.submitted_at !== null &&
          i.submitted_at < submittedBefore,
      )
      .sort((a, b) => (a.submitted_at?.getTime() ?? 0) - (b.submitted_at?.getTime() ?? 0))
      .slice(0, limit);
    for (const item of due) {
      item.value = null;
      this.mark(item.intake_id, item.key, { purged_at: new Date(now) });
    }
    return due.length;
  }
}

/** ResultCursors over the in-memory database (never backwards, as the Postgres store). */
export class InMemoryResultCursors extends ResultCursors {
  constructor(private readonly db: InMemoryDatabase) {
    super();
  }

  async previous(apiKeyId: string, intakeId: string): Promise<Date | null> {
    const row = this.db.resultCursors.rows.find((c) => c.api_key_id === apiKeyId && c.intake_id === intakeId);
    return row ? new Date(row.collected_at) : null;
  }

  async advance(apiKeyId: string, intakeId: string, at: Date): Promise<void> {
    const row = this.db.resultCursors.rows.find((c) => c.api_key_id === apiKeyId && c.intake_id === intakeId);
    if (!row)
      this.db.resultCursors.rows.push({ api_key_id: apiKeyId, intake_id: intakeId, collected_at: new Date(at) });
    else if (row.collected_at < at) row.collected_at = new Date(at);
  }
}
