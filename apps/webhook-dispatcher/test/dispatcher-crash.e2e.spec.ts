import { Client } from 'pg';
import { DispatchSettings } from '@intake/application-webhooks';
import { type AppProcess, startAppProcess, useTestEnvironment, WebhookReceiver } from '@intake/testing';
import { commitEvents, givenAccount, givenEndpoint, sealedWithDevelopmentKey } from './given';

const EVENTS = 300;
/** A slow receiver: each answer comes this long after its request, so a run has many sends in flight. */
const ANSWER_AFTER_MS = 200;

/**
 * The dispatcher's real main.ts in processes of their own (as the scheduler's crash test does),
 * against real PostgreSQL and Redis and a slow local receiver: kill -9 in the middle of a run
 * loses nothing, and SIGTERM finishes what it holds.
 */
describe('the dispatcher survives crashes and stops cleanly (dispatcher processes)', () => {
  const receiver = new WebhookReceiver();
  const running: AppProcess[] = [];
  let db: Client;
  // Before the environment's own afterAll (hooks run in the order they are declared): it drops the database.
  afterEach(async () => {
    for (const app of running.splice(0)) await app.kill();
  });
  afterAll(async () => {
    for (const app of running) await app.kill();
    await db?.end();
    await receiver.stop();
  }, 60_000);
  const harness = useTestEnvironment();

  beforeAll(async () => {
    await receiver.start();
    receiver.answer = () => ({ status: 204, delayMs: ANSWER_AFTER_MS });
    db = new Client({ connectionString: harness.environment.db.url });
    await db.connect();
  }, 60_000);

  const start = async () => {
    const app = await startAppProcess('webhook-dispatcher', {
      ...harness.environment.env,
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    });
    running.push(app);
    return app;
  };

  /** An endpoint on `path` and `count` committed events for it, before any dispatcher runs. */
  const given = async (path: string, count: number) => {
    const accountId = await givenAccount(db);
    const endpointId = await givenEndpoint(db, accountId, receiver.url(path), sealedWithDevelopmentKey('whsec_crash'));
    await commitEvents(db, accountId, count);
    return endpointId;
  };
  const deliveries = async (endpointId: string) =>
    (
      await db.query<{ id: string; status: string; attempts: number; leased: boolean }>(
        `SELECT id, status, attempts, lease_until IS NOT NULL AS leased FROM webhook_deliveries WHERE endpoint_id = $1`,
        [endpointId],
      )
    ).rows;
  /** Requests per delivery id on `path`. */
  const receipts = (path: string) => {
    const counts = new Map<string, number>();
    for (const r of receiver.on(path)) {
      const id = String(r.headers['x-service-delivery']);
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    return counts;
  };
  const until = async (what: string, probe: () => Promise<boolean>, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await probe())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  it('kill -9 in the middle of a run: a restarted dispatcher delivers everything; only what was cut mid-send goes twice', async () => {
    const endpointId = await given('/kill', EVENTS);
    const first = await start();
    // Past the first claim of 128 (answered and recorded), into the second.
    await receiver.waitFor(200, '/kill', 30_000);
    first.child.kill('SIGKILL');
    await first.exited;

    const atKill = receipts('/kill');
    const crashed = await deliveries(endpointId);
    expect(crashed).toHaveLength(EVENTS); // the relay had fanned every event out
    const leased = crashed.filter((d) => d.leased && d.status === 'pending').map((d) => d.id);
    // Sends were in flight: claimed under a lease, reached the receiver, never recorded.
    const cutMidSend = leased.filter((id) => atKill.has(id));
    expect(leased.length).toBeGreaterThan(0);
    expect(cutMidSend.length).toBeGreaterThan(0);
    const recorded = crashed.filter((d) => d.status === 'delivered');
    expect(recorded.length).toBeGreaterThan(0);
    expect(recorded.every((d) => atKill.has(d.id))).toBe(true);

    await start(); // the restarted dispatcher: the rest at once, the leased ones once their lease ran out
    await until(
      'every delivery delivered',
      async () => (await deliveries(endpointId)).every((d) => d.status === 'delivered'),
      new DispatchSettings().leaseSeconds * 1000 + 30_000,
    );
    await new Promise((resolve) => setTimeout(resolve, ANSWER_AFTER_MS * 2)); // anything still arriving

    const after = receipts('/kill');
    const rows = await deliveries(endpointId);
    expect(rows.every((d) => d.attempts === 1 && !d.leased)).toBe(true);
    expect(rows.filter((d) => !after.has(d.id))).toEqual([]); // nothing lost
    const twice = [...after].filter(([, n]) => n > 1).map(([id]) => id);
    expect([...after.values()].every((n) => n <= 2)).toBe(true);
    expect(twice.sort()).toEqual([...cutMidSend].sort()); // exactly the sends cut mid-flight
    expect(twice.filter((id) => recorded.some((d) => d.id === id))).toEqual([]); // nothing recorded went twice
  }, 120_000);

  it('SIGTERM stops claiming, lets the sends in flight finish, records them and exits', async () => {
    const endpointId = await given('/term', EVENTS);
    const dispatcher = await start();
    await receiver.waitFor(20, '/term', 30_000);
    dispatcher.child.kill('SIGTERM');
    const exit = await dispatcher.exited;
    expect(exit).toEqual({ code: 0, signal: null });

    const received = receipts('/term');
    const rows = await deliveries(endpointId);
    expect(rows.filter((d) => d.leased)).toEqual([]); // nothing left under a lease
    const delivered = rows.filter((d) => d.status === 'delivered').map((d) => d.id);
    // Everything sent was answered and recorded; nothing was sent twice or left half done.
    expect(delivered.sort()).toEqual([...received.keys()].sort());
    expect([...received.values()].every((n) => n === 1)).toBe(true);
    expect(delivered.length).toBeLessThan(EVENTS); // it stopped claiming
    expect(rows.filter((d) => d.status === 'pending')).toHaveLength(EVENTS - delivered.length);
  }, 60_000);
});
