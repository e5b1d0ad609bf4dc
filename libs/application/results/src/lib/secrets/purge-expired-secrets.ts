import { type ClockedPass } from '@intake/application-scheduling';
import { ItemSecrets } from '../ports/item-secrets.port';
import { revealWindowStart } from './reveal-window';

/** Answers purged per statement batch. */
export const SECRET_PURGE_BATCH = 500;

/**
 * The scheduler pass `results.secret_purge`: wipes every secret answer submitted before the
 * reveal window that nobody revealed (`secret_purged_at` records when); reading it afterwards
 * answers 410 `gone`. Safe in two schedulers at once: each intake's purge is one guarded UPDATE
 * under its row lock. The answers of intakes on a test clock go when their clock advances (`runOn`).
 */
export class PurgeExpiredSecrets implements ClockedPass {
  static readonly inject = [ItemSecrets] as const;

  readonly name = 'results.secret_purge';

  constructor(private readonly secrets: ItemSecrets) {}

  run(now: Date, stop?: AbortSignal): Promise<number> {
    return this.runOn(null, now, stop);
  }

  async runOn(clock: string | null, now: Date, stop?: AbortSignal): Promise<number> {
    let purged = 0;
    for (;;) {
      const batch = await this.secrets.purgeUnreleased(revealWindowStart(now), now, SECRET_PURGE_BATCH, clock);
      purged += batch;
      if (batch < SECRET_PURGE_BATCH || stop?.aborted) return purged;
    }
  }
}
