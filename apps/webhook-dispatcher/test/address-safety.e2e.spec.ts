import { Client } from 'pg';
import { DeliveryQueue } from '@intake/application-webhooks';
import { newId } from '@intake/ids';
import { Clock, Outbox, SecretBox, UnitOfWork } from '@intake/kernel';
import { startTestApp, type TestApp, useTestEnvironment, WebhookReceiver } from '@intake/testing';
import { FixedHostResolver } from '@intake/webhook-http';
import { DispatcherModule } from '../src/app/dispatcher.module';
import { givenAccount } from './given';

/**
 * Issue #13 item 5 at delivery time, with WEBHOOK_ALLOW_PRIVATE_NETWORKS off: every unsafe
 * address is refused on every attempt, with an error naming the address and why, and nothing
 * reaches the receiver listening on loopback. The endpoints are stored directly: the api refuses
 * most of them at registration already (its own tests), while a host name can change what it
 * resolves to after registering, and stored rows may predate a rule.
 */
describe('address safety at delivery (the dispatcher in-process, real Postgres and Redis)', () => {
  const receiver = new WebhookReceiver();
  let t: TestApp;
  let db: Client;
  // Before the environment's own afterAll (hooks run in the order they are declared): it drops the database.
  afterAll(async () => {
    await db?.end();
    await t?.close();
    await receiver.stop();
  }, 60_000);
  const harness = useTestEnvironment();
  const port = () => receiver.port;

  /** URL → the error of its attempt. */
  const UNSAFE: Array<[string, string]> = [
    ['http://127.0.0.1:{port}/hook', '127.0.0.1 is a loopback address'],
    ['http://0x7f000001:{port}/hook', '127.0.0.1 is a loopback address'],
    ['http://2130706433:{port}/hook', '127.0.0.1 is a loopback address'],
    ['http://0177.0.0.1:{port}/hook', '127.0.0.1 is a loopback address'],
    ['http://127.1:{port}/hook', '127.0.0.1 is a loopback address'],
    ['http://localhost:{port}/hook', 'localhost is a loopback host name'],
    ['http://10.0.0.1:8080/hook', '10.0.0.1 is a private address'],
    ['http://172.16.5.4/hook', '172.16.5.4 is a private address'],
    ['http://192.168.1.1/hook', '192.168.1.1 is a private address'],
    ['http://169.254.169.254/latest/meta-data/', '169.254.169.254 is a cloud metadata address'],
    ['http://100.64.0.1/hook', '100.64.0.1 is a carrier-grade NAT (shared) address'],
    ['http://198.18.0.1/hook', '198.18.0.1 is a benchmarking address'],
    ['http://224.0.0.1/hook', '224.0.0.1 is a multicast address'],
    ['http://240.0.0.1/hook', '240.0.0.1 is a reserved address'],
    ['http://0.0.0.0:{port}/hook', '0.0.0.0 is an unspecified address'],
    ['http://[::1]:{port}/hook', '::1 is a loopback address'],
    ['http://[::]:{port}/hook', ':: is an unspecified address'],
    ['http://[fc00::1]/hook', 'fc00::1 is a unique local (private) address'],
    ['http://[fe80::1]/hook', 'fe80::1 is a link-local address'],
    ['http://[fd00:ec2::254]/latest/meta-data/', 'fd00:ec2::254 is a cloud metadata address'],
    [
      'http://[::ffff:127.0.0.1]:{port}/hook',
      '::ffff:7f00:1 is an IPv4-mapped address of 127.0.0.1, a loopback address',
    ],
    ['http://[64:ff9b::7f00:1]/hook', '64:ff9b::7f00:1 is a NAT64 address of 127.0.0.1, a loopback address'],
    ['http://[2002:7f00:1::1]/hook', '2002:7f00:1::1 is a 6to4 address embedding 127.0.0.1, a loopback address'],
    [
      'http://[2001:0:4136:e378:8000:63bf:f5ff:fffe]/hook',
      '2001:0:4136:e378:8000:63bf:f5ff:fffe is a Teredo address whose client is 10.0.0.1, a private address',
    ],
    [
      'http://rebind.test:{port}/hook',
      'the host rebind.test resolves to an unsafe address: 127.0.0.1 is a loopback address',
    ],
    [
      'http://mixed.test:{port}/hook',
      'the host mixed.test resolves to an unsafe address: 10.1.2.3 is a private address',
    ],
  ];

  beforeAll(async () => {
    await receiver.start();
    t = await startTestApp(
      { ...harness.environment.env, WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'false' },
      (c) =>
        DispatcherModule.forRoot(c, {
          // What DNS answers for these names: a rebinding name, and one with a private address among public ones.
          resolver: new FixedHostResolver({
            'rebind.test': ['127.0.0.1'],
            'mixed.test': ['93.184.216.34', '10.1.2.3'],
          }),
        }),
      { app: 'webhook-dispatcher' },
    );
    db = new Client({ connectionString: harness.environment.db.url });
    await db.connect();
  }, 60_000);

  /** Until no delivery is due or in flight (what POST /_test/tick waits for). */
  const settled = async () => {
    const queue = t.app.get(DeliveryQueue, { strict: false });
    const clock = t.app.get(Clock, { strict: false });
    for (let i = 0; i < 400; i += 1) {
      if (await queue.settled(clock.now())) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('the deliveries never settled');
  };

  it('refuses each unsafe address on every attempt, saying which and why; nothing reaches the receiver', async () => {
    const accountId = await givenAccount(db);
    const sealed = t.app.get(SecretBox, { strict: false }).seal('whsec_address_safety_test_secret');
    const endpoints = new Map<string, string>(); // endpoint id → expected error
    for (const [template, error] of UNSAFE) {
      const id = newId('webhookEndpoint');
      endpoints.set(id, error);
      await db.query(
        `INSERT INTO webhook_endpoints (id, account_id, mode, url, events, format, secret_sealed, created_at)
         VALUES ($1, $2, 'live', $3, '{intake.archived}', 'raw', $4, now())`,
        [id, accountId, template.replace('{port}', String(port())), sealed],
      );
    }
    // An event committed the way the write path commits it: the outbox's NOTIFY wakes the dispatcher.
    const clock = t.app.get(Clock, { strict: false });
    await t.app.get(UnitOfWork, { strict: false }).run(() =>
      t.app.get(Outbox, { strict: false }).append(
        'webhook',
        {
          account_id: accountId,
          mode: 'live',
          payload: { event: 'intake.archived', intake_id: newId('intake'), project_name: 'P', timestamp: 1 },
        },
        clock.now(),
      ),
    );
    await settled();

    const attempts = async () =>
      (
        await db.query<{
          endpoint_id: string;
          status: string;
          attempts: number;
          response_code: number | null;
          error: string;
        }>(`SELECT endpoint_id, status, attempts, response_code, error FROM webhook_deliveries WHERE account_id = $1`, [
          accountId,
        ])
      ).rows;
    const first = await attempts();
    expect(first).toHaveLength(UNSAFE.length);
    for (const row of first) {
      expect(row).toEqual({
        endpoint_id: row.endpoint_id,
        status: 'pending', // a failed attempt: the next one per the schedule
        attempts: 1,
        response_code: null,
        error: endpoints.get(row.endpoint_id),
      });
    }

    // A retry (what a manual retry does: due now) checks again, and refuses again.
    await db.query(`UPDATE webhook_deliveries SET next_retry_at = $2 WHERE account_id = $1`, [accountId, clock.now()]);
    await db.query(`NOTIFY webhook_deliveries`);
    await settled();
    const second = await attempts();
    expect(second.map((r) => [r.attempts, r.error === endpoints.get(r.endpoint_id)])).toEqual(
      UNSAFE.map(() => [2, true]),
    );
    expect(receiver.received).toEqual([]);
    // The log says why, per attempt, and never the URL.
    const lines = t.logs.records().filter((r) => r['event'] === 'webhook.attempt');
    expect(lines).toHaveLength(2 * UNSAFE.length);
    expect(t.logs.text()).not.toContain('/hook');
    expect(lines[0]).toMatchObject({
      webhook_event: 'intake.archived',
      response_code: null,
      error: expect.any(String),
    });
  }, 60_000);
});
