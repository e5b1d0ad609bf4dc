import { Diagnostics } from '@intake/kernel';
import { RecordedDiagnostics } from '@intake/testing';
import { NO_DRIFT, type ReadModelDrift, ReadModels } from '../ports/read-models.port';
import { RECONCILE_ACCOUNT_PAGE, RECONCILE_EVERY_MS, ReconcileReadModels } from './reconcile-read-models';

/**
 * The sweep's own rules (paging, stopping, summing, logging, the daily claim) over a scripted
 * ReadModels; the PostgreSQL read models' drift and repair are tested in postgres-intakes.
 */
class ScriptedReadModels extends ReadModels {
  readonly pages: Array<[string | null, number]> = [];
  readonly reconciled: string[] = [];
  readonly claims: Array<[Date, Date]> = [];
  claimGranted = true;

  constructor(
    private readonly ids: string[],
    private readonly drift: (accountId: string) => Partial<ReadModelDrift> = () => ({}),
  ) {
    super();
  }

  async accounts(after: string | null, limit: number): Promise<string[]> {
    this.pages.push([after, limit]);
    const from = after === null ? 0 : this.ids.indexOf(after) + 1;
    return this.ids.slice(from, from + limit);
  }

  async reconcile(accountId: string): Promise<ReadModelDrift> {
    this.reconciled.push(accountId);
    return { ...NO_DRIFT, ...this.drift(accountId) };
  }

  async claimSweep(now: Date, next: Date): Promise<boolean> {
    this.claims.push([now, next]);
    return this.claimGranted;
  }
}

const accountIds = (n: number) => Array.from({ length: n }, (_, i) => `acc_${String(i).padStart(4, '0')}`);
const NOW = new Date('2030-03-04T09:00:00.000Z');

describe('ReconcileReadModels', () => {
  it('reads the accounts page by page, each page after the last id of the one before, and reconciles every one', async () => {
    const ids = accountIds(2 * RECONCILE_ACCOUNT_PAGE + 3);
    const models = new ScriptedReadModels(ids);
    const report = await new ReconcileReadModels(models, new RecordedDiagnostics()).execute();
    expect(models.pages).toEqual([
      [null, RECONCILE_ACCOUNT_PAGE],
      [ids[RECONCILE_ACCOUNT_PAGE - 1], RECONCILE_ACCOUNT_PAGE],
      [ids[2 * RECONCILE_ACCOUNT_PAGE - 1], RECONCILE_ACCOUNT_PAGE],
    ]);
    expect(models.reconciled).toEqual(ids);
    expect(report).toEqual({ ...NO_DRIFT, accounts: ids.length });
  });

  it('asks once more after a full last page, and stops at the empty one', async () => {
    const ids = accountIds(RECONCILE_ACCOUNT_PAGE);
    const models = new ScriptedReadModels(ids);
    expect(await new ReconcileReadModels(models, new RecordedDiagnostics()).execute()).toEqual({
      ...NO_DRIFT,
      accounts: RECONCILE_ACCOUNT_PAGE,
    });
    expect(models.pages).toEqual([
      [null, RECONCILE_ACCOUNT_PAGE],
      [ids[RECONCILE_ACCOUNT_PAGE - 1], RECONCILE_ACCOUNT_PAGE],
    ]);
  });

  it('sums the drift per read model over the accounts, and logs it once as a warning', async () => {
    const models = new ScriptedReadModels(['acc_a', 'acc_b', 'acc_c'], (id) =>
      id === 'acc_a'
        ? { client_stats: 1, intake_search: 2, search_totals: 1 }
        : id === 'acc_c'
          ? { client_stats: 3, client_totals: 1, intake_client_texts: 4, intake_counts: 5, audit_counts: 6 }
          : {},
    );
    const diagnostics = new RecordedDiagnostics();
    const report = await new ReconcileReadModels(models, diagnostics).execute();
    expect(report).toEqual({
      accounts: 3,
      client_stats: 4,
      client_totals: 1,
      intake_search: 2,
      intake_client_texts: 4,
      intake_counts: 5,
      audit_counts: 6,
      search_totals: 1,
    });
    expect(diagnostics.warnings).toEqual([{ event: 'read_models.drift_repaired', fields: report }]);
  });

  it('logs nothing when nothing drifted', async () => {
    const diagnostics = new RecordedDiagnostics();
    await new ReconcileReadModels(new ScriptedReadModels(accountIds(3)), diagnostics).execute();
    expect(diagnostics.warnings).toEqual([]);
  });

  it('one account: reconciles only it, without listing the accounts', async () => {
    const models = new ScriptedReadModels(accountIds(3), () => ({ intake_counts: 1 }));
    const report = await new ReconcileReadModels(models, new RecordedDiagnostics()).execute({ accountId: 'acc_0001' });
    expect(models.pages).toEqual([]);
    expect(models.reconciled).toEqual(['acc_0001']);
    expect(report).toEqual({ ...NO_DRIFT, intake_counts: 1, accounts: 1 });
  });

  it('stops between accounts once the signal is aborted, reporting (and logging) what it did', async () => {
    const stop = new AbortController();
    const models = new ScriptedReadModels(accountIds(5), (id) => {
      if (id === 'acc_0001') stop.abort();
      return { client_stats: 1 };
    });
    const diagnostics = new RecordedDiagnostics();
    const report = await new ReconcileReadModels(models, diagnostics).execute({ stop: stop.signal });
    expect(models.reconciled).toEqual(['acc_0000', 'acc_0001']);
    expect(report).toEqual({ ...NO_DRIFT, client_stats: 2, accounts: 2 });
    expect(diagnostics.warnings).toEqual([{ event: 'read_models.drift_repaired', fields: report }]);
  });

  it('as a scheduler pass: claims the day, then answers the rows it repaired over every read model', async () => {
    const models = new ScriptedReadModels(['acc_a', 'acc_b'], (id) =>
      id === 'acc_a' ? { client_stats: 2, search_totals: 1 } : { audit_counts: 4 },
    );
    const pass = new ReconcileReadModels(models, new RecordedDiagnostics());
    expect(pass.name).toBe('read_models.reconcile');
    expect(ReconcileReadModels.inject).toEqual([ReadModels, Diagnostics]);
    expect(await pass.run(NOW)).toBe(7);
    expect(models.claims).toEqual([[NOW, new Date(NOW.getTime() + RECONCILE_EVERY_MS)]]);
    expect(RECONCILE_EVERY_MS).toBe(24 * 60 * 60 * 1000);
  });

  it('as a scheduler pass: does nothing when another scheduler has the day', async () => {
    const models = new ScriptedReadModels(['acc_a'], () => ({ client_stats: 2 }));
    models.claimGranted = false;
    expect(await new ReconcileReadModels(models, new RecordedDiagnostics()).run(NOW)).toBe(0);
    expect(models.reconciled).toEqual([]);
  });

  it('as a scheduler pass: stops with the scheduler', async () => {
    const stop = new AbortController();
    stop.abort();
    const models = new ScriptedReadModels(['acc_a'], () => ({ client_stats: 2 }));
    expect(await new ReconcileReadModels(models, new RecordedDiagnostics()).run(NOW, stop.signal)).toBe(0);
    expect(models.reconciled).toEqual([]);
  });
});
