import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, VARIABLES } from './variables';
import { DEVELOPMENT_ENCRYPTION_KEY, DEVELOPMENT_KEY_ID, loadConfig } from './app-config';

const KEY_HEX = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';

const expectConfigError = (env: Record<string, string>, variable: string, text?: RegExp) => {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variable).toBe(variable);
    expect((error as ConfigError).message.startsWith(variable)).toBe(true);
    expect((error as ConfigError).message).not.toContain('\n');
    if (text) expect((error as ConfigError).message).toMatch(text);
    return;
  }
  throw new Error(`expected a configuration error naming ${variable}`);
};

describe('loadConfig', () => {
  it('applies the embedded development defaults', () => {
    const config = loadConfig({});
    expect(config.nodeEnv).toBe('development');
    expect(config.port).toBe(3000);
    expect(config.schedulerPort).toBe(3001);
    expect(config.dispatcherPort).toBe(3002);
    expect(config.database.migrateOnStart).toBe(true);
    expect(config.storage).toMatchObject({
      driver: 'fs',
      dir: './var/storage',
      publicBaseUrl: 'http://127.0.0.1:3000',
    });
    expect((config.storage as { signingKey: string }).signingKey.length).toBeGreaterThanOrEqual(32);
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(config.testClock).toBe(false);
  });

  it('treats an empty value as unset', () => {
    expect(loadConfig({ PORT: '' }).port).toBe(3000);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT', /whole number/],
    [{ PORT: '70000' }, 'PORT', /between 1 and 65535/],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL', /scheme postgres/],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL', /must be a URL/],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV', /one of/],
    [{ DB_MIGRATE_ON_START: 'yes' }, 'DB_MIGRATE_ON_START', /true or false/],
    [{ REDIS_PREFIX: 'a b' }, 'REDIS_PREFIX', undefined],
    [{ STORAGE_DRIVER: 's3' }, 'S3_ENDPOINT', /STORAGE_DRIVER=s3/],
    [{ STORAGE_DRIVER: 's3', S3_ENDPOINT: 'http://127.0.0.1:9000' }, 'S3_BUCKET', /required/],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL', /smtp/],
  ])('rejects %j naming %s', (env, variable, text) => expectConfigError(env, variable, text));

  it('refuses AV=none in production and reads the clamd address', () => {
    expectConfigError({ NODE_ENV: 'production', SIGNING_SECRET: 'x'.repeat(32) }, 'AV', /production/);
    expect(loadConfig({ AV: 'clamd', CLAMD_HOST: 'clamav', CLAMD_PORT: '3311' }).antivirus).toEqual({
      driver: 'clamd',
      host: 'clamav',
      port: 3311,
    });
    expect(loadConfig({}).antivirus).toEqual({ driver: 'none' });
  });

  it('needs a stable signing secret for local files in production', () => {
    expectConfigError({ NODE_ENV: 'production', AV: 'clamd' }, 'SIGNING_SECRET', /production/);
    expectConfigError({ SIGNING_SECRET: 'short' }, 'SIGNING_SECRET', /32/);
    expect(
      loadConfig({ NODE_ENV: 'production', AV: 'clamd', SIGNING_SECRET: 'x'.repeat(32), SECRETS_KEY: `k1:${KEY_HEX}` })
        .nodeEnv,
    ).toBe('production');
  });

  it('derives https from PUBLIC_BASE_URL (HSTS and Secure cookies follow it)', () => {
    expect(loadConfig({}).https).toBe(false);
    expect(loadConfig({ PUBLIC_BASE_URL: 'https://api.example.com' }).https).toBe(true);
    expect(loadConfig({ PUBLIC_BASE_URL: 'http://api.example.com' }).https).toBe(false);
  });

  it('reads the event-loop stall threshold, 100 ms by default, 20 ms to 60 s', () => {
    expect(loadConfig({}).eventLoopBlockWarnMs).toBe(100);
    expect(loadConfig({ EVENT_LOOP_BLOCK_WARN_MS: '250' }).eventLoopBlockWarnMs).toBe(250);
    expectConfigError({ EVENT_LOOP_BLOCK_WARN_MS: '5' }, 'EVENT_LOOP_BLOCK_WARN_MS', /between 20 and 60000/);
    expectConfigError({ EVENT_LOOP_BLOCK_WARN_MS: '1e3' }, 'EVENT_LOOP_BLOCK_WARN_MS', /whole number/);
  });

  it('reads the mail-events secret, unset by default, refusing a short one or one with spaces', () => {
    const secret = 'mail-events-secret-0123456789abcdef';
    expect(loadConfig({}).mailEventsSecret).toBeUndefined();
    expect(loadConfig({ MAIL_EVENTS_SECRET: secret }).mailEventsSecret).toBe(secret);
    expectConfigError({ MAIL_EVENTS_SECRET: 'short' }, 'MAIL_EVENTS_SECRET', /32 characters/);
    expectConfigError({ MAIL_EVENTS_SECRET: `${secret} ${secret}` }, 'MAIL_EVENTS_SECRET', /without spaces/);
    expectConfigError({ MAIL_EVENTS_SECRET: 'x'.repeat(513) }, 'MAIL_EVENTS_SECRET', /at most 512/);
  });

  it('reads TRUST_PROXY as false (the default), true, or a list of proxy addresses and CIDR ranges', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    for (const raw of ['false', '0']) expect(loadConfig({ TRUST_PROXY: raw }).trustProxy).toBe(false);
    for (const raw of ['true', '1']) expect(loadConfig({ TRUST_PROXY: raw }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,fd00::/8,::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      'fd00::/8',
      '::1',
    ]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/32,::/128' }).trustProxy).toEqual(['10.0.0.0/32', '::/128']);
    for (const raw of ['yes', '10.0.0.0/33', '::/129', '10.0.0.0/8/1', '10.0.0.0/x', '10.0.0.1,', 'proxy.internal']) {
      expectConfigError({ TRUST_PROXY: raw }, 'TRUST_PROXY', /true, false or a comma-separated list/);
    }
  });

  it('refuses the test clock in production', () => {
    expectConfigError(
      { NODE_ENV: 'production', TEST_CLOCK: 'enabled', SIGNING_SECRET: 'x'.repeat(32) },
      'TEST_CLOCK',
      /production/,
    );
    expect(loadConfig({ NODE_ENV: 'test', TEST_CLOCK: 'enabled' }).testClock).toBe(true);
  });

  describe('SECRETS_KEY and SECRETS_KEYS', () => {
    const production = { NODE_ENV: 'production', AV: 'clamd', SIGNING_SECRET: 'x'.repeat(32) };
    const key = Buffer.from(KEY_HEX, 'hex');
    const current = (written: string) => loadConfig({ SECRETS_KEY: written }).encryption;

    it('reads <key id>:<32 bytes as 64 hex digits or as base64 of either alphabet, padded or not>', () => {
      for (const written of [
        KEY_HEX,
        KEY_HEX.toUpperCase(),
        key.toString('base64'),
        key.toString('base64').replace(/=$/, ''),
        key.toString('base64url'),
      ]) {
        expect(current(`2026-11:${written}`)).toEqual({
          keys: { current: { id: '2026-11', key }, previous: [] },
          development: false,
        });
      }
    });

    it('reads older keys for opening only, comma-separated, and refuses an id used twice', () => {
      const older = Buffer.alloc(32, 9);
      const config = loadConfig({
        SECRETS_KEY: `k3:${KEY_HEX}`,
        SECRETS_KEYS: ` k2:${older.toString('hex')} , k1:${older.toString('base64')}`,
      }).encryption;
      expect(config.keys.previous).toEqual([
        { id: 'k2', key: older },
        { id: 'k1', key: older },
      ]);
      expectConfigError({ SECRETS_KEY: `k3:${KEY_HEX}`, SECRETS_KEYS: `k3:${KEY_HEX}` }, 'SECRETS_KEYS', /k3 twice/);
      expectConfigError({ SECRETS_KEYS: `a:${KEY_HEX},a:${KEY_HEX}` }, 'SECRETS_KEYS', /a twice/);
    });

    it('falls back to the fixed development key (id dev) outside production, and says so', () => {
      expect(loadConfig({}).encryption).toEqual({
        keys: { current: { id: DEVELOPMENT_KEY_ID, key: DEVELOPMENT_ENCRYPTION_KEY }, previous: [] },
        development: true,
      });
      expect(loadConfig({ NODE_ENV: 'test' }).encryption).toEqual(loadConfig({}).encryption);
      expect(DEVELOPMENT_ENCRYPTION_KEY).toHaveLength(32);
    });

    it('is required in production, where the development key is refused, current or older', () => {
      expectConfigError(production, 'SECRETS_KEY', /required when NODE_ENV=production/);
      const dev = `dev:${DEVELOPMENT_ENCRYPTION_KEY.toString('hex')}`;
      expectConfigError({ ...production, SECRETS_KEY: dev }, 'SECRETS_KEY', /development key/);
      expectConfigError(
        { ...production, SECRETS_KEY: `k:${KEY_HEX}`, SECRETS_KEYS: dev },
        'SECRETS_KEYS',
        /development key/,
      );
      expect(loadConfig({ ...production, SECRETS_KEY: `k:${KEY_HEX}` }).encryption).toEqual({
        keys: { current: { id: 'k', key }, previous: [] },
        development: false,
      });
    });

    it.each([
      ['without an id', KEY_HEX],
      ['with an empty id', `:${KEY_HEX}`],
      ['with an id holding a dot', `a.b:${KEY_HEX}`],
      ['too short', `k:${KEY_HEX.slice(2)}`],
      ['too long', `k:${KEY_HEX}00`],
      ['16 bytes of base64', `k:${Buffer.alloc(16, 1).toString('base64')}`],
      ['48 bytes of base64', `k:${Buffer.alloc(48, 1).toString('base64')}`],
      ['not hex nor base64', `k:${KEY_HEX.slice(1)}g`],
    ])('refuses a key %s, without echoing it', (_what, written) => {
      for (const variable of ['SECRETS_KEY', 'SECRETS_KEYS']) {
        expectConfigError({ [variable]: written }, variable, /32 bytes|<key id>:<key>/);
        try {
          loadConfig({ [variable]: written });
        } catch (error) {
          expect((error as Error).message).not.toContain(KEY_HEX.slice(4, 60));
        }
      }
    });
  });

  it('allows webhooks to private networks only when asked, and never in production', () => {
    expect(loadConfig({}).webhooks).toEqual({ allowPrivateNetworks: false });
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' }).webhooks).toEqual({ allowPrivateNetworks: true });
    expectConfigError({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'yes' }, 'WEBHOOK_ALLOW_PRIVATE_NETWORKS', /true or false/);
    expectConfigError(
      {
        NODE_ENV: 'production',
        AV: 'clamd',
        SIGNING_SECRET: 'x'.repeat(32),
        SECRETS_KEY: `k1:${KEY_HEX}`,
        WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
      },
      'WEBHOOK_ALLOW_PRIVATE_NETWORKS',
      /production/,
    );
  });

  describe('billing', () => {
    const stripe = {
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      STRIPE_PRICE_SOLO: 'price_solo',
      STRIPE_PRICE_STUDIO: 'price_studio',
      STRIPE_PRICE_AGENCY: 'price_agency',
      STRIPE_PRICE_SMS_100: 'price_s100',
      STRIPE_PRICE_SMS_500: 'price_s500',
      STRIPE_PRICE_SMS_1000: 'price_s1000',
    };

    it('is off without a secret key, with the displayed monthly prices', () => {
      expect(loadConfig({}).billing).toEqual({ monthly: { solo: 19, studio: 49, agency: 149 }, currency: 'eur' });
      expect(loadConfig({ BILLING_MONTHLY_PRICES: 'agency=200, solo=9.50,studio=30' }).billing.monthly).toEqual({
        solo: 9.5,
        studio: 30,
        agency: 200,
      });
    });

    it('takes the key, the signing secret, the API base and every price', () => {
      expect(loadConfig({ ...stripe, STRIPE_API_BASE: 'http://127.0.0.1:4010/' }).billing.stripe).toEqual({
        secretKey: 'sk_test_123',
        webhookSecret: 'whsec_abc',
        apiBase: 'http://127.0.0.1:4010',
        toleranceSeconds: 300,
        prices: { solo: 'price_solo', studio: 'price_studio', agency: 'price_agency' },
        smsPacks: { 100: 'price_s100', 500: 'price_s500', 1000: 'price_s1000' },
      });
    });

    it.each([
      [{ ...stripe, STRIPE_WEBHOOK_SECRET: '' }, 'STRIPE_WEBHOOK_SECRET', /required when STRIPE_SECRET_KEY/],
      [{ ...stripe, STRIPE_PRICE_STUDIO: '' }, 'STRIPE_PRICE_STUDIO', /required/],
      [{ ...stripe, STRIPE_PRICE_SMS_500: 'prod_123' }, 'STRIPE_PRICE_SMS_500', /price_/],
      [{ ...stripe, STRIPE_SECRET_KEY: 'pk_test_123' }, 'STRIPE_SECRET_KEY', /secret key/],
      [{ BILLING_MONTHLY_PRICES: 'solo=19' }, 'BILLING_MONTHLY_PRICES', /solo, studio and agency/],
      [{ BILLING_MONTHLY_PRICES: 'gold=19' }, 'BILLING_MONTHLY_PRICES', /plan=amount/],
      [{ BILLING_CURRENCY: 'EURO' }, 'BILLING_CURRENCY', /three-letter/],
    ])('refuses %j naming %s', (env, variable, text) => expectConfigError(env, variable, text));
  });

  describe('SMS', () => {
    const sid = `AC${'0123456789abcdef'.repeat(2)}`;
    const service = `MG${'0123456789abcdef'.repeat(2)}`;
    const twilio = { TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: 'token', TWILIO_FROM: '+15005550006' };

    it('is off unless configured, and never writes files unless told to', () => {
      expect(loadConfig({}).sms).toEqual({ driver: 'none' });
      expect(
        loadConfig({
          NODE_ENV: 'production',
          AV: 'clamd',
          SIGNING_SECRET: 'x'.repeat(32),
          SECRETS_KEY: `k1:${KEY_HEX}`,
        }).sms,
      ).toEqual({
        driver: 'none',
      });
      expect(loadConfig({ SMS_DRIVER: 'outbox-dir' }).sms).toEqual({ driver: 'outbox-dir', outboxDir: './var/sms' });
      expect(loadConfig({ SMS_DRIVER: 'outbox-dir', SMS_OUTBOX_DIR: '/tmp/sms' }).sms).toEqual({
        driver: 'outbox-dir',
        outboxDir: '/tmp/sms',
      });
    });

    it('chooses Twilio when its variables are set, with the default API address', () => {
      expect(loadConfig(twilio).sms).toEqual({
        driver: 'twilio',
        baseUrl: 'https://api.twilio.com',
        accountSid: sid,
        authToken: 'token',
        from: '+15005550006',
      });
      expect(
        loadConfig({
          ...twilio,
          TWILIO_FROM: '',
          TWILIO_MESSAGING_SERVICE_SID: service,
          TWILIO_BASE_URL: 'http://127.0.0.1:4010/',
        }).sms,
      ).toEqual({
        driver: 'twilio',
        baseUrl: 'http://127.0.0.1:4010',
        accountSid: sid,
        authToken: 'token',
        messagingServiceSid: service,
      });
      expect(loadConfig({ ...twilio, TWILIO_FROM: 'Intake' }).sms).toMatchObject({ from: 'Intake' });
      expect(loadConfig({ ...twilio, SMS_DRIVER: 'none' }).sms).toEqual({ driver: 'none' });
    });

    it.each([
      [{ SMS_DRIVER: 'vonage' }, 'SMS_DRIVER', /one of twilio, outbox-dir, none/],
      [{ SMS_DRIVER: 'twilio' }, 'TWILIO_ACCOUNT_SID', /required when SMS_DRIVER=twilio/],
      [{ TWILIO_AUTH_TOKEN: 'token', TWILIO_FROM: '+15005550006' }, 'TWILIO_ACCOUNT_SID', /required when/],
      [{ TWILIO_ACCOUNT_SID: sid, TWILIO_FROM: '+15005550006' }, 'TWILIO_AUTH_TOKEN', /required when/],
      [{ TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: 'token' }, 'TWILIO_FROM', /TWILIO_MESSAGING_SERVICE_SID/],
      [{ ...twilio, TWILIO_MESSAGING_SERVICE_SID: service }, 'TWILIO_FROM', /both/],
      [{ ...twilio, TWILIO_ACCOUNT_SID: 'AC123' }, 'TWILIO_ACCOUNT_SID', /32 hexadecimal/],
      [{ ...twilio, TWILIO_FROM: '601 234 567' }, 'TWILIO_FROM', /E.164/],
      [{ ...twilio, TWILIO_FROM: 'IntakeService1' }, 'TWILIO_FROM', /11 characters/],
      [{ ...twilio, TWILIO_FROM: '', TWILIO_MESSAGING_SERVICE_SID: 'MG1' }, 'TWILIO_MESSAGING_SERVICE_SID', /32/],
      [{ ...twilio, TWILIO_BASE_URL: 'ftp://twilio' }, 'TWILIO_BASE_URL', /http/],
    ])('rejects %j naming %s', (env, variable, text) => expectConfigError(env, variable, text));
  });

  it('builds the s3 storage settings', () => {
    const config = loadConfig({
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
      S3_BUCKET: 'uploads',
      S3_ACCESS_KEY: 'a',
      S3_SECRET_KEY: 'b',
    });
    expect(config.storage).toEqual({
      driver: 's3',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      bucket: 'uploads',
      accessKey: 'a',
      secretKey: 'b',
      pathStyle: true,
    });
  });
});

describe('.env.example', () => {
  const lines = readFileSync(join(__dirname, '../../../../../.env.example'), 'utf8')
    .split('\n')
    .filter((line) => /^[A-Z0-9_]+=/.test(line));
  const listed = new Map(lines.map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]));

  it('lists every variable with its default, and nothing else', () => {
    for (const spec of Object.values(VARIABLES)) {
      expect(listed.has(spec.name)).toBe(true);
      expect(listed.get(spec.name)).toBe(spec.default ?? '');
    }
    expect([...listed.keys()].sort()).toEqual(
      Object.values(VARIABLES)
        .map((s) => s.name)
        .sort(),
    );
  });

  it('docs/configuration.md documents every variable with its default', () => {
    const readme = readFileSync(join(__dirname, '../../../../../docs/configuration.md'), 'utf8');
    for (const spec of Object.values(VARIABLES)) {
      const row = readme.split('\n').find((line) => line.startsWith(`| \`${spec.name}\` |`));
      expect([spec.name, row]).toEqual([spec.name, expect.stringContaining(spec.default ?? '(unset)')]);
    }
  });

  it('is a valid configuration as written', () => {
    expect(() => loadConfig(Object.fromEntries(listed))).not.toThrow();
  });
});
