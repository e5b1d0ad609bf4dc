import { Client } from 'pg';
import { type AppConfig } from '@intake/config';
import {
  type AppProcess,
  png,
  SmtpSink,
  startAppProcess,
  startTestApp,
  type TestApp,
  useTestEnvironment,
  type ReceivedWebhook,
  WebhookReceiver,
} from '@intake/testing';
import { FixedHostResolver, HttpWebhookSender } from '@intake/webhook-http';
import { verify } from '@intake/webhook-verify';
import { WEBHOOK_EVENTS } from '@intake/domain-webhooks';
import { DispatcherModule } from '../src/app/dispatcher.module';
import { type Customer, type DeliveryView, ServiceClient } from './service-client';

/** A Tuesday, 10:00 in Prague. */
const T0 = new Date('2031-03-04T09:00:00Z');
const MAIL_EVENTS_SECRET = 'webhook-e2e-mail-events-secret-0123456789';

const unix = (at: Date) => Math.floor(at.getTime() / 1000);
const json = (received: ReceivedWebhook | undefined) => JSON.parse(received?.body ?? 'null') as Record<string, unknown>;
/** The `t` of a request's signature. */
const signedAt = (received: ReceivedWebhook | undefined) =>
  Number(/^t=(\d+),/.exec(String(received?.headers['x-service-signature']))?.[1]);

/**
 * The path of an event, end to end (issue #13): the api and the scheduler as processes of their
 * own (their real main.ts), the dispatcher in this process (so that a test can see its settings),
 * all on the shared test clock, real PostgreSQL, Redis and SMTP, and a local HTTP receiver. Every
 * action goes through the api; POST /_test/tick runs the scheduler's pass and waits until the
 * dispatcher has settled every delivery due.
 */
describe('webhook delivery end to end (api and scheduler processes, the dispatcher, a local receiver)', () => {
  const receiver = new WebhookReceiver();
  const sink = new SmtpSink();
  let api: AppProcess | undefined;
  let scheduler: AppProcess | undefined;
  let dispatcher: TestApp;
  let service: ServiceClient;
  let db: Client;
  // Before the environment's own afterAll (hooks run in the order they are declared): it drops the database.
  afterAll(async () => {
    await db?.end();
    await dispatcher?.close();
    await api?.kill();
    await scheduler?.kill();
    await receiver.stop();
    await sink.stop();
  }, 60_000);
  const harness = useTestEnvironment();

  beforeAll(async () => {
    await receiver.start();
    await sink.start();
    const env = {
      ...harness.environment.env,
      TEST_CLOCK: 'enabled',
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
      RATE_LIMIT_MODE: 'observe',
      SMTP_URL: sink.url,
      MAIL_FROM: 'Intake <noreply@intake.example>',
      MAIL_EVENTS_SECRET,
    };
    [api, scheduler] = await Promise.all([startAppProcess('api', env), startAppProcess('scheduler', env)]);
    dispatcher = await startTestApp(
      env,
      (c: AppConfig) =>
        DispatcherModule.forRoot(c, { resolver: new FixedHostResolver({ 'hooks.test': ['127.0.0.1'] }) }),
      { app: 'webhook-dispatcher' },
    );
    service = new ServiceClient(api.url);
    db = new Client({ connectionString: harness.environment.db.url });
    await db.connect();
  }, 120_000);

  /** An intake created as a draft and archived at once: one `intake.archived` event. */
  const archivedDraft = async (customer: Customer, project: string) => {
    const created = await customer.expect<{ intake_id: string }>(201, 'POST', '/v1/intakes', {
      project_name: project,
      client: { email: 'client@client.example', name: 'Anna' },
      items: [{ key: 'brief', type: 'text', label: 'Brief' }],
      send: false,
    });
    await customer.expect(200, 'POST', `/v1/intakes/${created.intake_id}/archive`);
    return created.intake_id;
  };
  /** A receiver path and an endpoint of a fresh account listening to `events` there. */
  const endpointAt = async (path: string, events: string[], format = 'raw') => {
    const customer = await service.owner();
    const endpoint = await customer.register(`http://hooks.test:${receiver.port}${path}`, events, format);
    return { customer, endpoint };
  };

  it('each of the seven events reaches the receiver with its exact payload, signed, with the delivery headers', async () => {
    await service.setClock(T0);
    const customer = await service.owner();
    const endpoint = await customer.register(receiver.url('/all'), [...WEBHOOK_EVENTS]);
    const all = () => receiver.on('/all');

    // Intake A: the client opens the portal, submits both items (the intake completes), then it is archived.
    const a = await customer.expect<{ intake_id: string; portal_url: string }>(201, 'POST', '/v1/intakes', {
      project_name: 'Bakery <!channel>',
      client: { email: 'anna@client.example', name: 'Anna' },
      items: [
        { key: 'about', type: 'text', label: 'About you' },
        { key: 'logo', type: 'image', label: 'Logo' },
      ],
    });
    const slug = a.portal_url.split('/').pop() as string;
    await service.expect(200, 'GET', `/portal/v1/${slug}`);
    await service.tick();
    await service.expect(200, 'PUT', `/portal/v1/${slug}/items/about`, { value: 'We bake bread.' });
    await service.tick();
    const upload = new FormData();
    upload.append('file', new Blob([png(4, 4)], { type: 'image/png' }), 'logo.png');
    const uploaded = await fetch(`${service.url}/portal/v1/${slug}/items/logo/files`, { method: 'POST', body: upload });
    expect(uploaded.status).toBe(201);
    await service.expect(200, 'POST', `/portal/v1/${slug}/items/logo/submit`);
    await service.tick();
    await customer.expect(200, 'POST', `/v1/intakes/${a.intake_id}/archive`);
    await service.tick();

    // Intake B: chased every 5 minutes, one reminder at most, due today; its invitation bounces.
    const b = await customer.expect<{ intake_id: string }>(201, 'POST', '/v1/intakes', {
      project_name: 'Florist',
      client: { email: 'bob@client.example', name: 'Bob', timezone: 'Europe/Prague' },
      items: [{ key: 'brief', type: 'text', label: 'Brief' }],
      chase_schedule: 'custom',
      chase_interval: 5,
      chase_interval_unit: 'minutes',
      respect_quiet_hours: false,
      max_reminders: 1,
      due_date: '2031-03-04',
    });
    await service.tick(); // the invitation goes out
    const invite = (
      await db.query<{ id: string; provider_message_id: string }>(
        `SELECT id, provider_message_id FROM chases WHERE intake_id = $1 AND kind = 'invite'`,
        [b.intake_id],
      )
    ).rows[0];
    const messageId = String(invite?.provider_message_id).replace(/^<|>$/g, '');
    await service.expect(
      200,
      'POST',
      '/v1/provider/mail-events',
      {
        notificationType: 'Bounce',
        mail: {
          timestamp: T0.toISOString(),
          messageId,
          source: 'noreply@intake.example',
          destination: ['bob@client.example'],
        },
        bounce: {
          bounceType: 'Transient',
          bouncedRecipients: [{ emailAddress: 'bob@client.example' }],
          timestamp: T0.toISOString(),
        },
      },
      { authorization: `Bearer ${MAIL_EVENTS_SECRET}` },
    );
    await service.tick();
    await service.advanceClock(6 * 60); // the one reminder goes out: stalled
    await service.tick();
    await service.setClock(new Date('2031-03-05T00:00:00Z')); // the due date ended at 2031-03-04T23:00Z in Prague
    await service.tick();

    const received = all();
    const byEvent = (event: string, intakeId: string) =>
      received.filter((r) => json(r)['event'] === event && json(r)['intake_id'] === intakeId).map(json);
    const stamp = { timestamp: expect.any(Number) };
    expect(byEvent('client.viewed', a.intake_id)).toEqual([
      { event: 'client.viewed', intake_id: a.intake_id, slug, project_name: 'Bakery <!channel>' },
    ]);
    expect(byEvent('item.submitted', a.intake_id)).toEqual([
      {
        event: 'item.submitted',
        intake_id: a.intake_id,
        project_name: 'Bakery <!channel>',
        item_key: 'about',
        item_label: 'About you',
        item_type: 'text',
        ...stamp,
      },
      {
        event: 'item.submitted',
        intake_id: a.intake_id,
        project_name: 'Bakery <!channel>',
        item_key: 'logo',
        item_label: 'Logo',
        item_type: 'image',
        file_count: 1,
        ...stamp,
      },
    ]);
    expect(byEvent('intake.completed', a.intake_id)).toEqual([
      { event: 'intake.completed', intake_id: a.intake_id, project_name: 'Bakery <!channel>', ...stamp },
    ]);
    expect(byEvent('intake.archived', a.intake_id)).toEqual([
      { event: 'intake.archived', intake_id: a.intake_id, project_name: 'Bakery <!channel>', ...stamp },
    ]);
    expect(byEvent('chase.bounced', b.intake_id)).toEqual([
      {
        event: 'chase.bounced',
        intake_id: b.intake_id,
        chase_id: invite?.id,
        provider_message_id: expect.stringContaining(messageId),
        event_type: 'bounced',
        recipient: 'bob@client.example',
        still_chasing: true,
        bounce_type: 'Transient',
        delivered_before: false,
        ...stamp,
      },
    ]);
    expect(byEvent('intake.stalled', b.intake_id)).toEqual([
      { event: 'intake.stalled', intake_id: b.intake_id, project_name: 'Florist', missing_items: ['brief'], ...stamp },
    ]);
    expect(byEvent('intake.overdue', b.intake_id)).toEqual([
      {
        event: 'intake.overdue',
        intake_id: b.intake_id,
        project_name: 'Florist',
        due_date: '2031-03-04',
        outstanding_items: ['brief'],
        ...stamp,
      },
    ]);
    expect(received).toHaveLength(8); // nothing else, nothing twice
    // Timestamps are the shared clock's, in Unix seconds, when the event happened.
    const timestampOf = (event: string, intakeId: string) => Number(byEvent(event, intakeId)[0]?.['timestamp']);
    const within = (value: number, from: Date) => {
      expect(value).toBeGreaterThanOrEqual(unix(from));
      expect(value).toBeLessThan(unix(from) + 60);
    };
    within(timestampOf('item.submitted', a.intake_id), T0);
    within(timestampOf('intake.stalled', b.intake_id), new Date(T0.getTime() + 6 * 60_000));
    within(timestampOf('intake.overdue', b.intake_id), new Date('2031-03-05T00:00:00Z'));

    // Every request: POST, JSON, the event and delivery headers, our user agent, a valid signature.
    const log = await customer.deliveries(endpoint.id);
    expect(log).toHaveLength(8);
    for (const request of received) {
      const payload = json(request);
      expect(request.method).toBe('POST');
      expect(request.headers).toMatchObject({
        'content-type': 'application/json',
        'user-agent': 'Service-Webhook/1.0',
        'x-service-event': payload['event'],
      });
      expect(log.map((d) => d.id)).toContain(request.headers['x-service-delivery']);
      const t = signedAt(request);
      expect(verify(request.body, String(request.headers['x-service-signature']), endpoint.secret, { now: t })).toEqual(
        {
          valid: true,
          timestamp: t,
        },
      );
      // The raw body lists the fields in the spec's order.
      expect(Object.keys(payload)[0]).toBe('event');
    }
    expect(log.every((d) => d.status === 'delivered' && d.attempts === 1 && d.response_code === 204)).toBe(true);
  }, 120_000);

  it('a correctly signed item.submitted after a portal submission, checked with the verifier at the clock of sending', async () => {
    await service.setClock(T0);
    const { customer, endpoint } = await endpointAt('/signed', ['item.submitted']);
    const created = await customer.expect<{ intake_id: string; portal_url: string }>(201, 'POST', '/v1/intakes', {
      project_name: 'Signed',
      client: { email: 'sig@client.example', name: 'Sig' },
      items: [{ key: 'about', type: 'text', label: 'About' }],
      send: true,
    });
    const slug = created.portal_url.split('/').pop() as string;
    await service.expect(200, 'PUT', `/portal/v1/${slug}/items/about`, { value: 'Hello' });
    const { now } = await service.tick();
    const [request] = receiver.on('/signed');
    const header = String(request?.headers['x-service-signature']);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    // Signed at send time with the shared clock's time (the receiver here agrees with it).
    expect(Math.abs(signedAt(request) - unix(new Date(now)))).toBeLessThanOrEqual(5);
    expect(verify(request?.body ?? '', header, endpoint.secret, { now: unix(new Date(now)) })).toMatchObject({
      valid: true,
    });
    // 301 seconds after the signature's own time (on a busy machine it may be signed a few seconds after `now`).
    expect(verify(request?.body ?? '', header, endpoint.secret, { now: signedAt(request) + 301 })).toEqual({
      valid: false,
      reason: 'timestamp_out_of_tolerance',
    });
    expect(verify(`${request?.body} `, header, endpoint.secret, { now: unix(new Date(now)) })).toEqual({
      valid: false,
      reason: 'signature_mismatch',
    });
    expect(json(request)).toMatchObject({ event: 'item.submitted', intake_id: created.intake_id, item_key: 'about' });
    expect(request?.body).not.toContain('sig@client.example'); // the client's e-mail is never in it
  }, 60_000);

  it('a receiver answering 500 gets exactly 6 attempts at the scheduled delays, then the delivery is failed; a manual retry adds exactly one', async () => {
    await service.setClock(T0);
    receiver.answer = (r) => (r.path === '/fails' ? { status: 500, body: 'oops' } : { status: 204 });
    const { customer, endpoint } = await endpointAt('/fails', ['intake.archived']);
    await archivedDraft(customer, 'Retries');
    await service.tick();
    expect(receiver.on('/fails')).toHaveLength(1);
    for (const delay of [60, 300, 1_800, 7_200, 21_600]) {
      const before = receiver.on('/fails').length;
      await service.advanceClock(delay - 2);
      await service.tick();
      expect(receiver.on('/fails')).toHaveLength(before); // not yet
      await service.advanceClock(2);
      await service.tick();
      expect(receiver.on('/fails')).toHaveLength(before + 1);
    }
    const attempts = receiver.on('/fails');
    // Each attempt signed at its send time: the gaps are the schedule's delays (to a few seconds of real time).
    const gaps = attempts.slice(1).map((r, i) => signedAt(r) - signedAt(attempts[i]));
    expect(gaps.map((gap) => Math.round(gap / 10) * 10)).toEqual([60, 300, 1_800, 7_200, 21_600]);
    const [failed] = await customer.deliveries(endpoint.id);
    expect(failed).toMatchObject({
      status: 'failed',
      attempts: 6,
      response_code: 500,
      error: 'the receiver answered HTTP 500',
      next_retry_at: null,
    });
    // Days later, nothing more is sent.
    await service.advanceClock(7 * 24 * 3600);
    await service.tick();
    expect(receiver.on('/fails')).toHaveLength(6);

    // The receiver is fixed; a manual retry goes out at the next tick, once.
    receiver.answer = () => ({ status: 204 });
    await customer.expect(200, 'POST', `/v1/webhooks/${endpoint.id}/deliveries/${failed?.id}/retry`);
    await service.tick();
    expect(receiver.on('/fails')).toHaveLength(7);
    expect((await customer.deliveries(endpoint.id))[0]).toMatchObject({
      status: 'delivered',
      attempts: 7,
      response_code: 204,
      error: null,
    });
    await service.advanceClock(7 * 24 * 3600);
    await service.tick();
    expect(receiver.on('/fails')).toHaveLength(7);
  }, 120_000);

  it('410 fails the delivery at once and switches the endpoint off for good', async () => {
    await service.setClock(T0);
    receiver.answer = (r) => (r.path === '/gone' ? { status: 410 } : { status: 204 });
    const { customer, endpoint } = await endpointAt('/gone', ['intake.archived']);
    await archivedDraft(customer, 'Gone 1');
    await service.tick();
    expect((await customer.deliveries(endpoint.id))[0]).toMatchObject({
      status: 'failed',
      attempts: 1,
      response_code: 410,
      next_retry_at: null,
    });
    const listed = await customer.expect<{ webhooks: Array<{ id: string; active: boolean }> }>(
      200,
      'GET',
      '/v1/webhooks',
    );
    expect(listed.webhooks.find((w) => w.id === endpoint.id)?.active).toBe(false);
    await archivedDraft(customer, 'Gone 2');
    await service.advanceClock(24 * 3600);
    await service.tick();
    expect(receiver.on('/gone')).toHaveLength(1);
    expect(await customer.deliveries(endpoint.id)).toHaveLength(1); // nothing more is even queued
  }, 60_000);

  it('a 302 is a failure with its code; the redirect is not followed', async () => {
    await service.setClock(T0);
    receiver.answer = (r) =>
      r.path === '/moved' ? { status: 302, headers: { location: receiver.url('/elsewhere') } } : { status: 204 };
    const { customer, endpoint } = await endpointAt('/moved', ['intake.archived']);
    await archivedDraft(customer, 'Moved');
    await service.tick();
    expect((await customer.deliveries(endpoint.id))[0]).toMatchObject({
      status: 'pending',
      attempts: 1,
      response_code: 302,
      error: 'the receiver answered HTTP 302; redirects are not followed',
    });
    expect(receiver.on('/elsewhere')).toEqual([]);
  }, 60_000);

  it.each([
    ['slack', (body: Record<string, unknown>) => body['text']],
    ['discord', (body: Record<string, unknown>) => body['content']],
  ] as const)(
    'a %s endpoint gets the chat message, signed, with mentions made inert',
    async (format, text) => {
      await service.setClock(T0);
      const { customer, endpoint } = await endpointAt(`/${format}`, ['intake.archived'], format);
      const intakeId = await archivedDraft(customer, 'Launch @everyone <!channel>');
      await service.tick();
      const [request] = receiver.on(`/${format}`);
      const body = json(request);
      expect(Object.keys(body).sort()).toEqual(format === 'slack' ? ['text'] : ['allowed_mentions', 'content']);
      if (format === 'discord') expect(body['allowed_mentions']).toEqual({ parse: [] });
      const message = String(text(body));
      expect(message.replace(/\\/g, '')).toContain(intakeId); // Discord's markdown escapes taken off
      expect(message).toContain('Launch');
      expect(message).not.toContain('<!channel>');
      expect(message).not.toMatch(/(^|[^\u200b])@everyone/);
      expect(
        verify(request?.body ?? '', String(request?.headers['x-service-signature']), endpoint.secret, {
          now: signedAt(request),
        }),
      ).toMatchObject({
        valid: true,
      });
      expect((await customer.deliveries(endpoint.id))[0]).toMatchObject({
        status: 'delivered',
        event: 'intake.archived',
      });
    },
    60_000,
  );

  it('a receiver that never answers is cut at 10 seconds (the configured default) and tried again later', async () => {
    expect(dispatcher.app.get(HttpWebhookSender, { strict: false }).timeout).toBe(10_000);
    await service.setClock(T0);
    receiver.answer = (r) => (r.path === '/silent' ? 'never' : { status: 204 });
    const { customer, endpoint } = await endpointAt('/silent', ['intake.archived']);
    await archivedDraft(customer, 'Silent');
    const started = Date.now();
    await service.tick();
    const arrived = receiver.on('/silent')[0]?.at ?? 0;
    const [delivery] = await customer.deliveries(endpoint.id);
    const recordedAfter = Date.now() - arrived;
    expect(delivery).toMatchObject<Partial<DeliveryView>>({
      status: 'pending',
      attempts: 1,
      response_code: null,
      error: 'no answer within 10 seconds',
    });
    expect(recordedAfter).toBeGreaterThanOrEqual(9_900);
    expect(Date.now() - started).toBeLessThan(30_000);
  }, 60_000);
});
