import { Client } from 'pg';
import { startTestApp, TcpProxy, type TestApp, useTestEnvironment, WebhookReceiver } from '@intake/testing';
import { DispatcherModule } from '../src/app/dispatcher.module';
import { commitEvents, givenAccount, givenEndpoint, sealedWithDevelopmentKey } from './given';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * While PostgreSQL or Redis is away the dispatcher waits (a warning, no crash, no busy loop) and
 * resumes by itself when they are back. It reaches both through proxies the test cuts.
 */
describe('the dispatcher rides out outages of PostgreSQL and Redis (in-process, on the shared test clock)', () => {
  const receiver = new WebhookReceiver();
  let pgProxy: TcpProxy;
  let redisProxy: TcpProxy;
  let t: TestApp;
  let db: Client;
  // Before the environment's own afterAll (hooks run in the order they are declared): it drops the database.
  afterAll(async () => {
    await t?.close();
    await pgProxy?.stop();
    await redisProxy?.stop();
    await db?.end();
    await receiver.stop();
  }, 60_000);
  const harness = useTestEnvironment();
  let accountId: string;

  beforeAll(async () => {
    await receiver.start();
    const { env, db: database } = harness.environment;
    const pg = new URL(database.url);
    pgProxy = await new TcpProxy(pg.hostname, Number(pg.port || 5432)).start();
    const redis = new URL(env['REDIS_URL'] as string);
    redisProxy = await new TcpProxy(redis.hostname, Number(redis.port || 6379)).start();
    const viaProxy = new URL(database.url);
    viaProxy.host = `127.0.0.1:${pgProxy.port}`;
    t = await startTestApp(
      {
        ...env,
        DATABASE_URL: viaProxy.toString(),
        REDIS_URL: `redis://127.0.0.1:${redisProxy.port}`,
        TEST_CLOCK: 'enabled',
        WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
      },
      (c) => DispatcherModule.forRoot(c),
      { app: 'webhook-dispatcher' },
    );
    db = new Client({ connectionString: database.url }); // the test's own way in, never cut
    await db.connect();
    accountId = await givenAccount(db);
    await givenEndpoint(db, accountId, receiver.url('/hook'), sealedWithDevelopmentKey('whsec_outage'));
  }, 60_000);

  const logged = (event: string) => t.logs.records().filter((r) => r['event'] === event);
  const eventually = async (what: string, probe: () => boolean, timeoutMs = 15_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!probe()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await sleep(50);
    }
  };

  it('delivers at once while everything is up', async () => {
    await commitEvents(db, accountId, 1);
    await receiver.waitFor(1, '/hook', 5_000);
  });

  it.each([
    ['PostgreSQL', () => pgProxy, ['relay', 'claim'], true],
    ['Redis', () => redisProxy, ['clock'], false],
  ] as const)(
    '%s away: warns once, sends nothing, and delivers what was committed meanwhile once it is back',
    async (_name, proxy, steps, listening) => {
      const before = receiver.on('/hook').length;
      const troubles = logged('webhook.dispatch_trouble').length;
      proxy().cut();
      await commitEvents(db, accountId, 3); // committed while the dispatcher cannot see it
      await eventually('a warning', () => logged('webhook.dispatch_trouble').length > troubles);
      await sleep(3_000); // several polls in the outage
      const warnings = logged('webhook.dispatch_trouble').slice(troubles);
      expect(warnings.map((w) => w['step'])).toEqual(expect.arrayContaining([expect.stringMatching(steps.join('|'))]));
      expect(warnings.length).toBeLessThanOrEqual(3); // once per failing step, not once per poll
      expect(warnings[0]).toMatchObject({
        level: expect.any(Number),
        msg: expect.stringContaining('waiting and trying again'),
      });
      expect(receiver.on('/hook')).toHaveLength(before);

      proxy().restore();
      await receiver.waitFor(before + 3, '/hook', 15_000);
      const recorded = async () =>
        (
          await db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM webhook_deliveries WHERE account_id = $1 AND status = 'delivered'`,
            [accountId],
          )
        ).rows[0]?.n ===
        before + 3;
      for (let i = 0; i < 100 && !(await recorded()); i += 1) await sleep(50);
      await eventually('the recovery logged', () =>
        logged('webhook.dispatch_recovered').some((r) => (steps as readonly string[]).includes(String(r['step']))),
      );
      const { rows } = await db.query<{ status: string; n: number }>(
        `SELECT status, count(*)::int AS n FROM webhook_deliveries WHERE account_id = $1 GROUP BY status`,
        [accountId],
      );
      expect(rows).toEqual([{ status: 'delivered', n: before + 3 }]);
      if (listening) {
        // The connection that LISTENs was lost too, and is opened again (meanwhile the poll did the work).
        expect(t.logs.text()).toContain('cannot listen for webhook wake-ups');
        await eventually('listening again', () => t.logs.text().includes('listening for webhook wake-ups again'));
      }
    },
    60_000,
  );
});
