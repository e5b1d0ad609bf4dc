import {
  accessOf,
  actorOf,
  apiKeyHint,
  DEFAULT_TIMEZONE,
  formatApiKey,
  hasScope,
  isIanaTimeZone,
  normalizeEmail,
  parseApiKey,
  PLANS,
  planOf,
} from '../index';

describe('plans', () => {
  it.each([
    ['free', 60, 300, false],
    ['solo', 600, 30, true],
    ['studio', 1_500, 15, true],
    ['agency', 3_000, 12, true],
  ] as const)('%s: %i requests/hour, poll every %is, revisions and SMS %s', (id, perHour, poll, paid) => {
    const plan = planOf(id);
    expect(plan.requests_per_hour).toBe(perHour);
    expect(plan.recommended_poll_interval_seconds).toBe(poll);
    expect(plan.features).toEqual({ revisions: paid, sms: paid });
    expect(plan.quotas.intakes_per_month).toBeGreaterThan(0);
  });

  it('orders quotas by price and refuses unknown plans', () => {
    const ids = Object.keys(PLANS) as Array<keyof typeof PLANS>;
    for (let i = 1; i < ids.length; i += 1) {
      const [prev, next] = [PLANS[ids[i - 1] as keyof typeof PLANS], PLANS[ids[i] as keyof typeof PLANS]];
      expect(next.quotas.storage_bytes).toBeGreaterThan(prev.quotas.storage_bytes);
      expect(next.quotas.intakes_per_month).toBeGreaterThan(prev.quotas.intakes_per_month);
    }
    expect(() => planOf('platinum')).toThrow(new RangeError('unknown plan platinum'));
  });

  it('each plan is named, under its own id; Free stores 1 GiB', () => {
    expect(Object.values(PLANS).map((p) => [p.id, p.name])).toEqual([
      ['free', 'Free'],
      ['solo', 'Solo'],
      ['studio', 'Studio'],
      ['agency', 'Agency'],
    ]);
    expect(PLANS.free.quotas.storage_bytes).toBe(1024 ** 3);
  });
});

describe('scopes and access', () => {
  it('admin includes every scope; others only themselves', () => {
    expect(hasScope(['admin'], 'secrets:read')).toBe(true);
    expect(hasScope(['intakes:read'], 'intakes:read')).toBe(true);
    expect(hasScope(['intakes:read'], 'intakes:write')).toBe(false);
    expect(hasScope([], 'intakes:read')).toBe(false);
  });

  it('a session sees every mode; a live key its mode; a test key only what it created', () => {
    expect(accessOf({ kind: 'session', accountId: 'a', userId: 'u', role: 'member', sessionId: 's' })).toEqual({
      accountId: 'a',
      mode: null,
      createdByKeyId: null,
    });
    expect(accessOf({ kind: 'api_key', accountId: 'a', keyId: 'k', mode: 'live', scopes: [] })).toEqual({
      accountId: 'a',
      mode: 'live',
      createdByKeyId: null,
    });
    expect(accessOf({ kind: 'api_key', accountId: 'a', keyId: 'k', mode: 'test', scopes: [] })).toEqual({
      accountId: 'a',
      mode: 'test',
      createdByKeyId: 'k',
    });
    expect(actorOf({ kind: 'session', accountId: 'a', userId: 'u', role: 'member', sessionId: 's' })).toEqual({
      type: 'user',
      id: 'u',
      mode: null,
    });
    expect(actorOf({ kind: 'api_key', accountId: 'a', keyId: 'k', mode: 'test', scopes: [] })).toEqual({
      type: 'api_key',
      id: 'k',
      mode: 'test',
    });
  });
});

describe('API keys', () => {
  const token = 'A'.repeat(39) + 'wxyz';

  it('formats, parses and hints', () => {
    const key = formatApiKey('live', token);
    expect(key).toBe(`svc_live_${token}`);
    expect(parseApiKey(key)).toEqual({ mode: 'live' });
    expect(parseApiKey(formatApiKey('test', token))).toEqual({ mode: 'test' });
    expect(apiKeyHint(key)).toEqual({ prefix: 'svc_live_', last4: 'wxyz' });
    expect(() => apiKeyHint('svc_prod_wxyz')).toThrow(new RangeError('not an API key'));
  });

  it.each([
    '',
    'svc_live_',
    `svc_prod_${token}`,
    `svc_live_${token}x`,
    `svc_live_${token.slice(1)}!`,
    `Bearer svc_live_${token}`,
  ])('rejects %j', (raw) => expect(parseApiKey(raw)).toBeUndefined());
});

describe('settings', () => {
  it.each([
    ['Europe/Prague', true],
    ['America/Argentina/Buenos_Aires', true],
    ['UTC', true],
    ['Mars/Olympus', false],
    ['../etc', false],
    ['', false],
    // A UTC offset, which Node 24's Intl takes as a zone: not a zone name.
    ['+05:00', false],
  ])('time zone %s valid: %s', (zone, valid) => expect(isIanaTimeZone(zone)).toBe(valid));

  it('defaults to Europe/Prague', () => expect(DEFAULT_TIMEZONE).toBe('Europe/Prague'));

  it('normalises e-mail addresses', () => {
    expect(normalizeEmail('  Jana.Novakova@Example.CZ ')).toBe('jana.novakova@example.cz');
  });
});
