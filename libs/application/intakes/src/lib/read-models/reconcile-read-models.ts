import { type SchedulerPass } from '@intake/application-scheduling';
import { Diagnostics } from '@intake/kernel';
import { NO_DRIFT, type ReadModelDrift, ReadModels } from '../ports/read-models.port';

/** Accounts read per page of the sweep. */
export const RECONCILE_ACCOUNT_PAGE = 200;

/** How often the scheduler's sweep runs. */
export const RECONCILE_EVERY_MS = 24 * 60 * 60 * 1000;

export interface ReconcileReport extends ReadModelDrift {
  accounts: number;
}

const MODELS = Object.keys(NO_DRIFT) as Array<keyof ReadModelDrift>;

/** Repaired rows over every read model. */
function rowsOf(drift: ReadModelDrift): number {
  return MODELS.reduce((sum, model) => sum + drift[model], 0);
}

/**
 * Recomputes the read models from the intakes, account by account, and repairs drift: the
 * `npm run db:reconcile` command, and the scheduler pass `read_models.reconcile` once a day (the
 * first scheduler to claim the day runs it). Drift is logged as a warning with its size per read
 * model; the pass reports the number of repaired rows.
 */
export class ReconcileReadModels implements SchedulerPass {
  static readonly inject = [ReadModels, Diagnostics] as const;

  readonly name = 'read_models.reconcile';

  constructor(
    private readonly models: ReadModels,
    private readonly diagnostics: Diagnostics,
  ) {}

  async run(now: Date, stop?: AbortSignal): Promise<number> {
    if (!(await this.models.claimSweep(now, new Date(now.getTime() + RECONCILE_EVERY_MS)))) return 0;
    return rowsOf(await this.execute({ stop }));
  }

  /** Every account (or the one given); stops between accounts once `stop` is aborted. */
  async execute({ accountId, stop }: { accountId?: string; stop?: AbortSignal } = {}): Promise<ReconcileReport> {
    const report: ReconcileReport = { ...NO_DRIFT, accounts: 0 };
    let after: string | null = null;
    for (;;) {
      const page: string[] = accountId ? [accountId] : await this.models.accounts(after, RECONCILE_ACCOUNT_PAGE);
      for (const id of page) {
        if (stop?.aborted) return this.logged(report);
        const drift = await this.models.reconcile(id);
        report.accounts += 1;
        for (const model of MODELS) report[model] += drift[model];
      }
      if (accountId || page.length < RECONCILE_ACCOUNT_PAGE) return this.logged(report);
      after = page[page.length - 1] ?? null;
    }
  }

  private logged(report: ReconcileReport): ReconcileReport {
    if (rowsOf(report) > 0) this.diagnostics.warn('read_models.drift_repaired', { ...report });
    return report;
  }
}
