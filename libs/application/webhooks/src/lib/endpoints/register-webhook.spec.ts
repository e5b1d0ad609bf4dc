import { type Principal } from '@intake/domain-accounts';
import { WEBHOOK_EVENTS } from '@intake/domain-webhooks';
import {
  type GivenAccount,
  givenAccount,
  givenMember,
  givenWebhook,
  InMemoryContext,
  META,
  writtenState,
} from '@intake/testing';
import { WebhookSettings } from '../webhook-settings';
import { RegisterWebhook, type RegisterWebhookInput } from './register-webhook';

const URL = 'https://hooks.example.com/intake';

describe('RegisterWebhook', () => {
  let context: InMemoryContext;
  let given: GivenAccount;
  let registerWebhook: RegisterWebhook;

  beforeEach(async () => {
    context = new InMemoryContext();
    given = await givenAccount(context);
    registerWebhook = context.use(RegisterWebhook);
  });

  const register = (input: Partial<RegisterWebhookInput> = {}, principal: Principal = given.liveKey) =>
    registerWebhook.execute({ principal, url: URL, events: ['item.submitted'], meta: META, ...input });

  it('registers an active raw endpoint of the key’s mode with a 256-bit secret shown once and stored sealed', async () => {
    const { endpoint, secret } = await register({ events: ['item.submitted', 'intake.completed'] });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(endpoint).toEqual({
      id: expect.stringMatching(/^whe_[A-Za-z0-9_-]{22}$/),
      account_id: given.account.id,
      mode: 'live',
      url: URL,
      events: ['item.submitted', 'intake.completed'],
      format: 'raw',
      secret_sealed: expect.stringMatching(/^v2\.k1\./),
      active: true,
      deactivated_at: null,
      created_at: context.clock.now(),
    });
    expect(context.db.webhookEndpoints.rows).toEqual([endpoint]);
    expect(JSON.stringify(context.db.webhookEndpoints.rows)).not.toContain(secret);
    expect(context.secretBox.open(endpoint.secret_sealed)).toBe(secret);
    const again = await register();
    expect(again.secret).not.toBe(secret);
  });

  it('gives a key’s endpoint the key’s mode; a session’s the mode it asks for, live by default', async () => {
    expect((await register({}, given.testKey)).endpoint.mode).toBe('test');
    expect((await register({ mode: 'test' }, given.testKey)).endpoint.mode).toBe('test');
    expect((await register({ mode: 'live' }, given.liveKey)).endpoint.mode).toBe('live');
    expect((await register({}, given.owner)).endpoint.mode).toBe('live');
    expect((await register({ mode: 'live' }, given.owner)).endpoint.mode).toBe('live');
    const test = await register({ mode: 'test' }, given.owner);
    expect(test.endpoint.mode).toBe('test');
    expect(context.db.auditLog.entries.at(-1)).toMatchObject({
      action: 'webhook.created',
      actor_type: 'user',
      target_id: test.endpoint.id,
      summary: { mode: 'test' },
    });
  });

  it('never lets a key register an endpoint of the other mode: 422 on mode, registering nothing', async () => {
    const before = writtenState(context);
    for (const [principal, mode] of [
      [given.liveKey, 'test'],
      [given.testKey, 'live'],
    ] as const) {
      await expect(register({ mode }, principal)).rejects.toMatchObject({
        code: 'unprocessable',
        reason: 'validation_failed',
        details: [{ path: 'mode', message: expect.stringMatching(/^a (live|test) key registers \1 endpoints only/) }],
      });
    }
    await expect(register({ mode: 'staging' }, given.owner)).rejects.toMatchObject({
      details: [{ path: 'mode', message: 'must be one of live, test' }],
    });
    // Reported with the other fields' problems.
    await expect(register({ mode: 'test', events: [] }, given.liveKey)).rejects.toMatchObject({
      details: [expect.objectContaining({ path: 'events' }), expect.objectContaining({ path: 'mode' })],
    });
    expect(writtenState(context)).toEqual(before);
  });

  it('audits the registration with the URL, events, format and mode, never the secret; a chat URL as its origin', async () => {
    const raw = await register({ url: 'https://hooks.example.com/intake?token=abc' });
    const slack = await register(
      { url: 'https://hooks.slack.com/services/T000/B000/XXXX', format: 'slack', events: ['intake.completed'] },
      given.owner,
    );
    expect(context.db.auditLog.entries).toEqual([
      expect.objectContaining({
        action: 'webhook.created',
        actor_type: 'api_key',
        actor_mode: 'live',
        target_id: raw.endpoint.id,
        summary: {
          url: 'https://hooks.example.com/intake?token=abc',
          events: ['item.submitted'],
          format: 'raw',
          mode: 'live',
        },
      }),
      expect.objectContaining({
        action: 'webhook.created',
        actor_type: 'user',
        target_id: slack.endpoint.id,
        summary: { url: 'https://hooks.slack.com', events: ['intake.completed'], format: 'slack', mode: 'live' },
      }),
    ]);
    const audit = JSON.stringify(context.db.auditLog.entries);
    for (const hidden of [raw.secret, slack.secret, '/services/', raw.endpoint.secret_sealed]) {
      expect(audit).not.toContain(hidden);
    }
  });

  it('takes each of the seven events and the three formats', async () => {
    const all = [...WEBHOOK_EVENTS].reverse();
    expect(all).toHaveLength(7);
    expect((await register({ events: all })).endpoint.events).toEqual(all);
    for (const format of ['raw', 'slack', 'discord']) {
      expect((await register({ format })).endpoint.format).toBe(format);
    }
  });

  it('is 422 validation_failed naming every bad field, registering nothing', async () => {
    const before = writtenState(context);
    await expect(
      register({
        url: 'http://127.0.0.1:8080/hook',
        events: ['item.submitted', 'item.approved', 'item.submitted', 'ITEM.SUBMITTED'],
        format: 'teams',
      }),
    ).rejects.toMatchObject({
      code: 'unprocessable',
      reason: 'validation_failed',
      details: [
        { path: 'url', message: '127.0.0.1 is a loopback address' },
        { path: 'events[1]', message: expect.stringMatching(/^must be one of item\.submitted, intake\.completed, /) },
        { path: 'events[2]', message: 'duplicates events[0]' },
        { path: 'events[3]', message: expect.stringMatching(/^must be one of /) },
        { path: 'format', message: 'must be one of raw, slack, discord' },
      ],
    });
    await expect(register({ events: [] })).rejects.toMatchObject({
      details: [{ path: 'events', message: 'must name at least one event' }],
    });
    await expect(register({ events: Array.from({ length: 100_000 }, () => 'item.submitted') })).rejects.toMatchObject({
      details: [{ path: 'events', message: 'must list at most 7 events, each once' }],
    });
    expect(writtenState(context)).toEqual(before);
  });

  it.each([
    ['ftp://hooks.example.com/x', /scheme ftp/],
    ['https://user:pw@hooks.example.com/x', /user name or password/],
    ['https://hooks.example.com:22/x', /port 22/],
    ['http://localhost:3000/x', /localhost/],
    ['http://0x7f000001/x', /127\.0\.0\.1/],
    ['http://10.0.0.8/x', /10\.0\.0\.8/],
    ['http://169.254.169.254/latest/meta-data', /169\.254\.169\.254/],
    ['http://[::1]/x', /::1/],
    ['not a url', /valid absolute URL/],
  ])('refuses the unsafe or malformed URL %s with 422 on url', async (url, reason) => {
    await expect(register({ url })).rejects.toMatchObject({
      reason: 'validation_failed',
      details: [{ path: 'url', message: expect.stringMatching(reason) }],
    });
    expect(context.db.webhookEndpoints.rows).toEqual([]);
  });

  it('accepts loopback and private addresses with WEBHOOK_ALLOW_PRIVATE_NETWORKS', async () => {
    const allowing = new InMemoryContext().bind(WebhookSettings, new WebhookSettings(true));
    const account = await givenAccount(allowing);
    const registerAllowing = (url: string) =>
      allowing
        .use(RegisterWebhook)
        .execute({ principal: account.liveKey, url, events: ['item.submitted'], meta: META });
    for (const url of ['http://127.0.0.1:8080/hook', 'http://localhost:4000/x', 'http://10.0.0.8/x']) {
      expect((await registerAllowing(url)).endpoint.url).toBe(url);
    }
    await expect(registerAllowing('ftp://127.0.0.1/x')).rejects.toMatchObject({ reason: 'validation_failed' });
    await expect(registerAllowing('http://169.254.169.254/x')).rejects.toMatchObject({ reason: 'validation_failed' });
  });

  it('allows 20 endpoints per account and mode; the 21st is 409 webhook_limit, writing nothing', async () => {
    const other = await givenAccount(context);
    for (let i = 0; i < 19; i += 1) givenWebhook(context, given, { mode: 'live', active: i % 2 === 0 });
    givenWebhook(context, given, { mode: 'test' });
    givenWebhook(context, other, { mode: 'live' });
    await register();
    const before = writtenState(context);
    await expect(register({}, given.owner)).rejects.toMatchObject({
      code: 'conflict',
      reason: 'webhook_limit',
      params: { limit: 20, mode: 'live' },
    });
    expect(writtenState(context)).toEqual(before);
    expect((await register({}, given.testKey)).endpoint.mode).toBe('test');
    expect((await register({}, other.liveKey)).endpoint.mode).toBe('live');
    // A session's test endpoints count against the test mode's 20.
    expect((await register({ mode: 'test' }, given.owner)).endpoint.mode).toBe('test');
  });

  it('is the same for a member’s session: the owner-only rule is the edge’s', async () => {
    const member = await givenMember(context, given);
    expect((await register({}, member)).endpoint.mode).toBe('live');
  });
});
