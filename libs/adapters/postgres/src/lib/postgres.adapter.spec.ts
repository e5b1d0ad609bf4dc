import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DataSource, type QueryRunner } from 'typeorm';
import { DomainError } from '@intake/errors';
import { createTestDatabase, TcpProxy, type TestDatabase } from '@intake/testing';
import { dataSourceOptions, migrateDatabase, runMigrations } from './data-source';
import { isDatabaseUnavailable, translateDatabaseError } from './database-errors';
import { MIGRATIONS } from './migrations';
import { PostgresProbe } from './postgres.probe';

describe('postgres adapter (real database)', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase((url) => migrateDatabase({ url, poolSize: 2 }));
  });
  afterAll(async () => {
    await db.drop();
  });

  it('the harness handed us a migrated test database', async () => {
    expect(db.name).toMatch(/^test_/);
    const ds = await new DataSource(dataSourceOptions({ url: db.url, poolSize: 1 })).initialize();
    try {
      const rows: Array<{ name: string }> = await ds.query('SELECT name FROM schema_migrations ORDER BY id');
      expect(rows.map((r) => r.name)).toEqual(MIGRATIONS.map((m) => new m().name));
      const [{ exists }] = await ds.query(`SELECT to_regclass('outbox_messages') IS NOT NULL AS exists`);
      expect(exists).toBe(true);
    } finally {
      await ds.destroy();
    }
  });

  it('applies each migration exactly once, even with concurrent migrators', async () => {
    const results = await Promise.all([1, 2, 3].map(() => migrateDatabase({ url: db.url, poolSize: 2 })));
    expect(results.flat()).toEqual([]); // already migrated by the harness
  });

  it('every migration can be reverted and re-applied', async () => {
    const ds = await new DataSource(dataSourceOptions({ url: db.url, poolSize: 2 })).initialize();
    try {
      for (let i = 0; i < MIGRATIONS.length; i += 1) await ds.undoLastMigration({ transaction: 'each' });
      const [{ exists }] = await ds.query(`SELECT to_regclass('outbox_messages') IS NOT NULL AS exists`);
      expect(exists).toBe(false);
      expect(await runMigrations(ds)).toHaveLength(MIGRATIONS.length);
    } finally {
      await ds.destroy();
    }
  });

  it('registers every migration file, in timestamp order', () => {
    const files = readdirSync(join(__dirname, 'migrations')).filter(
      (f) => /^\d+-.+\.ts$/.test(f) && !f.endsWith('.spec.ts'),
    );
    const timestamps = files.map((f) => f.split('-')[0]).sort();
    expect(MIGRATIONS.map((m) => new m().name.match(/(\d+)$/)?.[1])).toEqual(timestamps);
  });

  it('never synchronises the schema from entities', () => {
    expect(dataSourceOptions({ url: db.url, poolSize: 1 }).synchronize).toBe(false);
  });

  describe('when the server becomes unreachable', () => {
    let proxy: TcpProxy;
    let ds: DataSource;

    beforeAll(async () => {
      const target = new URL(db.url);
      proxy = await new TcpProxy(target.hostname, Number(target.port || 5432)).start();
      const viaProxy = new URL(db.url);
      viaProxy.host = `127.0.0.1:${proxy.port}`;
      ds = await new DataSource(dataSourceOptions({ url: viaProxy.toString(), poolSize: 2 })).initialize();
    });
    afterAll(async () => {
      await ds.destroy().catch(() => undefined);
      await proxy.stop();
    });

    it('the probe fails and the error is classified as 503 service_unavailable', async () => {
      const probe = new PostgresProbe(ds);
      await expect(probe.check()).resolves.toBeUndefined();

      proxy.cut();
      const failures: unknown[] = [];
      for (let i = 0; i < 2; i += 1) await probe.check().catch((error: unknown) => failures.push(error));
      expect(failures).toHaveLength(2);
      for (const failure of failures) {
        expect(isDatabaseUnavailable(failure)).toBe(true);
        const translated = translateDatabaseError(failure);
        expect(translated).toBeInstanceOf(DomainError);
        expect(translated?.code).toBe('service_unavailable');
        expect(translated?.retryAfterSeconds).toBeGreaterThan(0);
      }

      proxy.restore();
      await expect(probe.check()).resolves.toBeUndefined();
    });

    it('a connection lost between two statements of a transaction is a 503 too, not a 500', async () => {
      // TypeORM releases a query runner whose connection emits an error; the transaction's next
      // statement then fails with "query runner already released" (found by the crash drills:
      // POST /v1/intakes answered 500 during the PostgreSQL cut). Through the runner, as Sql
      // queries, and through its entity manager.
      const lostBetween = async (next: (runner: QueryRunner) => Promise<unknown>) => {
        const runner = ds.createQueryRunner();
        await runner.startTransaction();
        await runner.query('SELECT 1');
        proxy.cut();
        await new Promise((resolve) => setTimeout(resolve, 200));
        const failure = await next(runner).then(
          () => undefined,
          (error: unknown) => error,
        );
        proxy.restore();
        await runner.release().catch(() => undefined);
        return failure;
      };
      const failures = [
        await lostBetween((runner) => runner.query('SELECT 1')),
        await lostBetween((runner) => runner.manager.query('SELECT 1')),
      ];
      for (const failure of failures) {
        expect(failure).toBeInstanceOf(Error);
        expect(isDatabaseUnavailable(failure)).toBe(true);
        expect(translateDatabaseError(failure)?.code).toBe('service_unavailable');
      }
    });
  });

  it('leaves ordinary query errors alone', async () => {
    const ds = await new DataSource(dataSourceOptions({ url: db.url, poolSize: 1 })).initialize();
    try {
      const error = await ds.query('SELECT * FROM no_such_table').catch((e: unknown) => e);
      expect(isDatabaseUnavailable(error)).toBe(false);
      expect(translateDatabaseError(error)).toBeUndefined();
    } finally {
      await ds.destroy();
    }
  });
});
