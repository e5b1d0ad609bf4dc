import { type DataSource, type QueryRunner } from 'typeorm';
import { type SecretBox } from '@intake/kernel';

/**
 * The SecretBox a migration that seals or opens stored values uses. TypeORM builds migrations
 * itself (no constructor arguments), so the migrator lends the deployment's box to its data source
 * for the run (`runMigrations(dataSource, box)`).
 */
const lent = new WeakMap<DataSource, SecretBox>();

export function lendSecretBox(dataSource: DataSource, box: SecretBox | undefined): void {
  if (box) lent.set(dataSource, box);
  else lent.delete(dataSource);
}

/** The box lent to this migration's data source; throws with the fix when there are values to seal and none. */
export function secretBoxOf(q: QueryRunner, why: string): SecretBox {
  const box = lent.get(q.connection);
  if (!box)
    throw new Error(
      `${why}: run the migrations with SECRETS_KEY set (npm run db:migrate or the api with DB_MIGRATE_ON_START)`,
    );
  return box;
}
