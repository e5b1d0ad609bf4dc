/**
 * The webhook benchmark's load, in a process of its own (forked by run.ts): commits webhook
 * events into the outbox the way the write path does. IPC:
 * - `{type: 'burst', count, accounts}`: `count` events in a few large transactions (each with the
 *   outbox's NOTIFY), answered `{type: 'burst-done', committedAt}`;
 * - `{type: 'steady', rate, seconds, accounts}`: one event per transaction through PostgresOutbox
 *   (INSERT and pg_notify, as IntakeEvents appends), `rate` per second on a fixed schedule;
 *   answered `{type: 'steady-done', commits: [[intake_id, committedAt]…], late}` where `late`
 *   counts events committed more than 50 ms after their slot (the load could not keep up).
 */
import { DataSource } from 'typeorm';
import { dataSourceOptions, PostgresOutbox, PostgresUnitOfWork, Sql } from '@intake/postgres';
import { accountIdOf } from './accounts';

const BURST_CHUNK = 5_000;

const payload = (intakeId: string) => ({
  event: 'intake.archived',
  intake_id: intakeId,
  project_name: 'Bench project',
  timestamp: Math.floor(Date.now() / 1000),
});

async function main(): Promise<void> {
  const dataSource = await new DataSource(
    dataSourceOptions({ url: process.env['DATABASE_URL'] ?? '', poolSize: 16, applicationName: 'bench-load' }),
  ).initialize();
  const sql = new Sql(dataSource);
  const uow = new PostgresUnitOfWork(dataSource);
  const outbox = new PostgresOutbox(sql);

  const burst = async (count: number, accounts: number) => {
    for (let start = 0; start < count; start += BURST_CHUNK) {
      const size = Math.min(BURST_CHUNK, count - start);
      await sql.query(
        `WITH appended AS (
           INSERT INTO outbox_messages (topic, payload, created_at)
           SELECT 'webhook', jsonb_build_object('account_id', 'acc_bench' || lpad((g % $3)::text, 17, '0'),
                    'mode', 'live', 'payload', jsonb_build_object('event', 'intake.archived',
                    'intake_id', 'in_burst' || g, 'project_name', 'Bench project', 'timestamp', $4::int)), now()
             FROM generate_series($1::int, $2::int) g
           RETURNING id)
         SELECT pg_notify('webhook_outbox', '') FROM appended LIMIT 1`,
        [start, start + size - 1, accounts, Math.floor(Date.now() / 1000)],
      );
    }
    return Date.now();
  };

  const steady = async (rate: number, seconds: number, accounts: number) => {
    const total = rate * seconds;
    const commits: Array<[string, number]> = [];
    let late = 0;
    const begin = Date.now() + 100;
    const one = async (i: number) => {
      const slot = begin + (i * 1000) / rate;
      const wait = slot - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const intakeId = `in_steady${i}`;
      await uow.run(() =>
        outbox.append(
          'webhook',
          { account_id: accountIdOf(i % accounts), mode: 'live', payload: payload(intakeId) },
          new Date(),
        ),
      );
      const committedAt = Date.now();
      if (committedAt - slot > 50) late += 1;
      commits.push([intakeId, committedAt]);
    };
    // Each event on its slot, several in flight at once so one slow commit does not delay the next.
    let next = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < total) await one(next++);
      }),
    );
    return { commits, late };
  };

  process.on(
    'message',
    (message: { type: string; count?: number; rate?: number; seconds?: number; accounts?: number }) => {
      const accounts = message.accounts ?? 1;
      if (message.type === 'burst') {
        void burst(message.count ?? 0, accounts).then((committedAt) =>
          process.send?.({ type: 'burst-done', committedAt }),
        );
      }
      if (message.type === 'steady') {
        void steady(message.rate ?? 0, message.seconds ?? 0, accounts).then((result) =>
          process.send?.({ type: 'steady-done', ...result }),
        );
      }
    },
  );
  process.on('disconnect', () => void dataSource.destroy().then(() => process.exit(0)));
  process.send?.({ type: 'ready' });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
