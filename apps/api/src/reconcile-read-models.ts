import { DataSource } from 'typeorm';
import { ReconcileReadModels } from '@intake/application-intakes';
import { loadConfigOrExit } from '@intake/config';
import { dataSourceOptions } from '@intake/postgres';
import { PostgresReadModels } from '@intake/postgres-intakes';
import { Diagnostics } from '@intake/kernel';

/** Drift as a line on stderr (the command's only log). */
class StderrDiagnostics extends Diagnostics {
  warn(event: string, fields: Record<string, unknown>): void {
    process.stderr.write(`${event} ${JSON.stringify(fields)}\n`);
  }
}

/**
 * `npm run db:reconcile [account id]`: recomputes the read models (client list, client totals,
 * search text, intake counts) from the intakes, repairs drift and prints how much it found. The
 * scheduler does the same once a day (pass `read_models.reconcile`).
 */
async function main(): Promise<void> {
  const config = loadConfigOrExit(process.env, 'db:reconcile');
  const dataSource = await new DataSource(
    dataSourceOptions({ url: config.database.url, poolSize: 2, applicationName: 'intake-reconcile' }),
  ).initialize();
  try {
    const reconcile = new ReconcileReadModels(new PostgresReadModels(dataSource), new StderrDiagnostics());
    const report = await reconcile.execute({ accountId: process.argv[2] });
    const { accounts, ...drift } = report;
    const rows = Object.entries(drift)
      .map(([model, n]) => `${model} ${n}`)
      .join(', ');
    process.stdout.write(`reconciled ${accounts} account(s); rows repaired: ${rows}\n`);
  } finally {
    await dataSource.destroy();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`db:reconcile: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
