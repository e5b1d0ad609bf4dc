import { Client } from 'pg';
import { seedDueReminders } from '@intake/testing';

/** Far enough ahead that no scheduler pass finds the reminders due before the benchmark says so. */
const NOT_YET = new Date('2100-01-01T00:00:00Z');
/** Accounts the intakes are spread over (consecutive intakes belong to different accounts). */
export const BENCH_ACCOUNTS = 1_000;

/**
 * `count` live intakes sent three days ago (seedDueReminders: four items, the invitation sent),
 * each with its first reminder scheduled far ahead (`makeDue` brings them all due at once); then
 * VACUUM ANALYZE.
 */
export async function seed(url: string, count: number): Promise<void> {
  const invitedAt = new Date(Date.now() - 3 * 24 * 3600_000);
  await seedDueReminders(url, { count, invitedAt, remindAt: NOT_YET, accounts: BENCH_ACCOUNTS });
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    await db.query('VACUUM ANALYZE');
  } finally {
    await db.end();
  }
}

/**
 * Every seeded first reminder falls due a minute ago (then VACUUM, so the claim does not wade
 * through the update's dead rows, which a real insert would not leave). Returns how many.
 */
export async function makeDue(url: string): Promise<number> {
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    const { rowCount } = await db.query(
      `UPDATE chases SET scheduled_at = now() - interval '1 minute' WHERE status = 'scheduled' AND scheduled_at = $1`,
      [NOT_YET],
    );
    await db.query('VACUUM ANALYZE chases');
    return rowCount ?? 0;
  } finally {
    await db.end();
  }
}
