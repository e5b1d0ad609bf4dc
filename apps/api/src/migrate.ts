import { loadConfigOrExit } from '@intake/config';
import { migrateDatabase } from '@intake/postgres';
import { AesGcmSecretBox } from '@intake/secret-box';

/** `npm run db:migrate`: applies pending migrations and exits. */
async function main(): Promise<void> {
  const config = loadConfigOrExit(process.env, 'migrate');
  const applied = await migrateDatabase({
    url: config.database.url,
    poolSize: 2,
    secretBox: new AesGcmSecretBox(config.encryption.keys),
  });
  process.stdout.write(applied.length ? `applied: ${applied.join(', ')}\n` : 'database is up to date\n');
}

main().catch((error: unknown) => {
  process.stderr.write(`migrate: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
