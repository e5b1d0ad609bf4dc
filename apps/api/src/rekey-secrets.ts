import { DataSource } from 'typeorm';
import { loadConfigOrExit } from '@intake/config';
import { dataSourceOptions, rekeySecrets } from '@intake/postgres';
import { AesGcmSecretBox } from '@intake/secret-box';

/**
 * `npm run secrets:rekey`: after SECRETS_KEY got a new key (the old one moved to SECRETS_KEYS),
 * seals every stored secret again under the new key; then the old key can leave SECRETS_KEYS.
 */
async function main(): Promise<void> {
  const config = loadConfigOrExit(process.env, 'secrets:rekey');
  const box = new AesGcmSecretBox(config.encryption.keys);
  const dataSource = await new DataSource(
    dataSourceOptions({ url: config.database.url, poolSize: 2, applicationName: 'intake-rekey' }),
  ).initialize();
  try {
    const counts = await rekeySecrets(dataSource, box);
    const summary = Object.entries(counts)
      .map(([table, n]) => `${table} ${n}`)
      .join(', ');
    process.stdout.write(`re-sealed under key ${box.currentKeyId}: ${summary}\n`);
  } finally {
    await dataSource.destroy();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`secrets:rekey: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
