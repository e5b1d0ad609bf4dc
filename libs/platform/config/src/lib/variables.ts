import { isIP } from 'node:net';
/**
 * Every environment variable the three apps read, with its default and how it is parsed.
 * `.env.example` lists exactly these (a test keeps the two in step).
 */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`${variable} ${problem}`);
    this.name = 'ConfigError';
  }
}

export interface VariableSpec<T> {
  name: string;
  description: string;
  /** Text default written into `.env.example`; undefined means "empty / unset". */
  default?: string;
  /** Parses the raw text (the default when unset or empty). Throws ConfigError naming the variable. */
  parse(raw: string | undefined, name: string): T;
  /** Never printed (the value is a credential). */
  secret?: boolean;
}

type Parser<T> = (raw: string | undefined, name: string) => T;

/** Whose X-Forwarded-For to believe: nobody's, every hop's, or these proxies' (addresses, CIDR ranges). */
export type TrustProxy = boolean | string[];

const fail = (name: string, problem: string): never => {
  throw new ConfigError(name, problem);
};

export const parsers = {
  string:
    (options: { optional?: boolean } = {}): Parser<string | undefined> =>
    (raw, name) =>
      raw === undefined || raw === '' ? (options.optional ? undefined : fail(name, 'is required')) : raw,
  requiredString: (): Parser<string> => (raw, name) =>
    raw === undefined || raw === '' ? fail(name, 'is required') : raw,
  integer:
    (min: number, max: number): Parser<number> =>
    (raw, name) => {
      if (raw === undefined || raw === '') return fail(name, 'is required');
      if (!/^-?\d+$/.test(raw)) return fail(name, `must be a whole number, got "${raw}"`);
      const value = Number(raw);
      if (value < min || value > max) return fail(name, `must be between ${min} and ${max}, got ${raw}`);
      return value;
    },
  /**
   * TRUST_PROXY: false, true, or the proxies to trust as a comma-separated list of addresses and
   * CIDR ranges (what Fastify's trustProxy takes).
   */
  trustProxy: (): Parser<TrustProxy> => (raw, name) => {
    if (raw === 'true' || raw === '1') return true;
    if (raw === 'false' || raw === '0' || raw === undefined || raw === '') return false;
    const proxies = raw.split(',').map((entry) => entry.trim());
    for (const entry of proxies) {
      const [address = '', prefix, ...rest] = entry.split('/');
      const version = isIP(address);
      const bits = version === 4 ? 32 : 128;
      const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits);
      if (version === 0 || !prefixOk || rest.length > 0) {
        return fail(
          name,
          `must be true, false or a comma-separated list of proxy addresses or CIDR ranges, got "${entry}"`,
        );
      }
    }
    return proxies;
  },
  boolean: (): Parser<boolean> => (raw, name) => {
    if (raw === 'true' || raw === '1') return true;
    if (raw === 'false' || raw === '0') return false;
    return fail(name, `must be true or false, got "${raw ?? ''}"`);
  },
  oneOf:
    <const T extends readonly string[]>(values: T): Parser<T[number]> =>
    (raw, name) =>
      raw !== undefined && (values as readonly string[]).includes(raw)
        ? (raw as T[number])
        : fail(name, `must be one of ${values.join(', ')}, got "${raw ?? ''}"`),
  url:
    (protocols: string[], options: { optional?: boolean } = {}): Parser<string | undefined> =>
    (raw, name) => {
      if (raw === undefined || raw === '') return options.optional ? undefined : fail(name, 'is required');
      let parsed: URL;
      try {
        parsed = new URL(raw);
      } catch {
        return fail(name, 'must be a URL');
      }
      if (!protocols.includes(parsed.protocol.replace(/:$/, ''))) {
        return fail(name, `must be a URL with scheme ${protocols.join(' or ')}`);
      }
      return raw.replace(/\/+$/, '');
    },
};

const PRICE_ID = /^price_[A-Za-z0-9]+$/;
const stripePrice = (name: string, what: string) =>
  v({
    name,
    description: `Stripe price id (price_…) of ${what}`,
    parse: (raw: string | undefined, variable: string) =>
      raw === undefined || raw === ''
        ? undefined
        : PRICE_ID.test(raw)
          ? raw
          : fail(variable, 'must be a Stripe price id (price_…)'),
  });

/** STRIPE_PRICE_<PLAN> (a recurring monthly price) and STRIPE_PRICE_SMS_<N> (a one-time price). */
function stripePrices() {
  return {
    STRIPE_PRICE_SOLO: stripePrice('STRIPE_PRICE_SOLO', 'the Solo plan (recurring, monthly)'),
    STRIPE_PRICE_STUDIO: stripePrice('STRIPE_PRICE_STUDIO', 'the Studio plan (recurring, monthly)'),
    STRIPE_PRICE_AGENCY: stripePrice('STRIPE_PRICE_AGENCY', 'the Agency plan (recurring, monthly)'),
    STRIPE_PRICE_SMS_100: stripePrice('STRIPE_PRICE_SMS_100', 'the pack of 100 SMS credits (one-time)'),
    STRIPE_PRICE_SMS_500: stripePrice('STRIPE_PRICE_SMS_500', 'the pack of 500 SMS credits (one-time)'),
    STRIPE_PRICE_SMS_1000: stripePrice('STRIPE_PRICE_SMS_1000', 'the pack of 1000 SMS credits (one-time)'),
  };
}

function monthlyPrices(raw: string, name: string): { solo: number; studio: number; agency: number } {
  const prices: Record<string, number> = {};
  for (const part of raw
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const match = /^(solo|studio|agency)=(\d{1,6}(?:\.\d{1,2})?)$/.exec(part);
    if (!match?.[1] || !match[2])
      return fail(name, `must be plan=amount pairs (solo=19,studio=49,agency=149), got "${part}"`);
    prices[match[1]] = Number(match[2]);
  }
  const { solo, studio, agency } = prices;
  if (solo === undefined || studio === undefined || agency === undefined)
    return fail(name, 'must give a price for solo, studio and agency');
  return { solo, studio, agency };
}

/**
 * A 256-bit key written as 64 hexadecimal digits or as base64 (standard or URL alphabet, padding
 * optional). Hexadecimal is tried first: 64 hex digits are also valid base64, of 48 bytes.
 */
function encryptionKey(raw: string, name: string): Buffer {
  if (/^[0-9a-fA-F]{64}$/.test(raw)) return Buffer.from(raw, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(raw)) {
    const key = Buffer.from(raw.replace(/=$/, '').replace(/\+/g, '-').replace(/\//g, '_'), 'base64url');
    if (key.length === 32) return key;
  }
  return fail(name, 'must be 32 bytes written as 64 hexadecimal digits or as base64 (openssl rand -hex 32)');
}

/** `<key id>:<key>`; the message names the entry's id at most, never the key. */
function secretKey(raw: string, name: string): { id: string; key: Buffer } {
  const colon = raw.indexOf(':');
  const id = colon < 0 ? '' : raw.slice(0, colon);
  if (!/^[A-Za-z0-9_-]{1,32}$/.test(id)) {
    return fail(
      name,
      'must be <key id>:<key>, the id 1 to 32 letters, digits, "_" or "-" (e.g. 2026-11:<64 hex digits>)',
    );
  }
  return { id, key: encryptionKey(raw.slice(colon + 1), name) };
}

function v<T>(spec: VariableSpec<T>): VariableSpec<T> {
  return spec;
}

export const VARIABLES = {
  NODE_ENV: v({
    name: 'NODE_ENV',
    description: 'development, test or production; production refuses development-only settings',
    default: 'development',
    parse: parsers.oneOf(['development', 'test', 'production'] as const),
  }),
  LOG_LEVEL: v({
    name: 'LOG_LEVEL',
    description: 'pino level: fatal, error, warn, info, debug, trace or silent',
    default: 'info',
    parse: parsers.oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const),
  }),
  HOST: v({
    name: 'HOST',
    description: 'interface every app listens on (0.0.0.0 in containers)',
    default: '127.0.0.1',
    parse: parsers.requiredString(),
  }),
  PORT: v({
    name: 'PORT',
    description: 'api port',
    default: '3000',
    parse: parsers.integer(1, 65535),
  }),
  SCHEDULER_PORT: v({
    name: 'SCHEDULER_PORT',
    description: 'scheduler probe port (/healthz, /readyz)',
    default: '3001',
    parse: parsers.integer(1, 65535),
  }),
  DISPATCHER_PORT: v({
    name: 'DISPATCHER_PORT',
    description: 'webhook-dispatcher probe port (/healthz, /readyz)',
    default: '3002',
    parse: parsers.integer(1, 65535),
  }),
  METRICS_PORT: v({
    name: 'METRICS_PORT',
    description:
      "the api's Prometheus port (GET /metrics), apart from its public port so that metrics never reach the internet; the scheduler and dispatcher serve /metrics on their probe ports",
    default: '9464',
    parse: parsers.integer(1, 65535),
  }),
  METRICS_TOKEN: v({
    name: 'METRICS_TOKEN',
    description:
      'when set, every GET /metrics needs Authorization: Bearer <token> (at least 32 characters, no spaces); unset, /metrics answers anyone who reaches the port',
    parse: (raw, name) =>
      raw === undefined || raw === ''
        ? undefined
        : !/^\S{32,512}$/.test(raw)
          ? fail(name, 'must be 32 to 512 characters without spaces')
          : raw,
    secret: true,
  }),
  SHUTDOWN_GRACE_SECONDS: v({
    name: 'SHUTDOWN_GRACE_SECONDS',
    description:
      "after SIGTERM, how long in-flight requests and jobs may take to finish before the process exits anyway (with 1); keep it under the orchestrator's stop timeout",
    default: '25',
    parse: parsers.integer(1, 3600),
  }),
  SHUTDOWN_DRAIN_SECONDS: v({
    name: 'SHUTDOWN_DRAIN_SECONDS',
    description:
      'after SIGTERM, how long an app keeps serving with /readyz answering 503 before it stops taking work (time for a load balancer to take it out); part of SHUTDOWN_GRACE_SECONDS',
    default: '0',
    parse: parsers.integer(0, 3600),
  }),
  EVENT_LOOP_BLOCK_WARN_MS: v({
    name: 'EVENT_LOOP_BLOCK_WARN_MS',
    description:
      'an app logs a warning (event loop blocked, naming the routes in flight) when its event loop stalls at least this long; counted in intake_event_loop_blocks_total',
    default: '100',
    parse: parsers.integer(20, 60_000),
  }),
  OTEL_EXPORTER_OTLP_ENDPOINT: v({
    name: 'OTEL_EXPORTER_OTLP_ENDPOINT',
    description:
      'OpenTelemetry collector (OTLP over HTTP, e.g. http://collector:4318): traces are exported there; unset, tracing is off and its SDK is not even loaded',
    parse: parsers.url(['http', 'https'], { optional: true }),
  }),
  PUBLIC_BASE_URL: v({
    name: 'PUBLIC_BASE_URL',
    description: 'public address of the API ({base_url})',
    default: 'http://127.0.0.1:3000',
    parse: parsers.url(['http', 'https']) as Parser<string>,
  }),
  PORTAL_URL: v({
    name: 'PORTAL_URL',
    description: 'client portal base address ({portal_url}); links are {portal_url}/{slug}',
    default: 'http://127.0.0.1:3000/p',
    parse: parsers.url(['http', 'https']) as Parser<string>,
  }),
  APP_URL: v({
    name: 'APP_URL',
    description: 'dashboard address ({app_url})',
    default: 'http://127.0.0.1:3000',
    parse: parsers.url(['http', 'https']) as Parser<string>,
  }),
  BODY_LIMIT_BYTES: v({
    name: 'BODY_LIMIT_BYTES',
    description: 'largest JSON request body accepted; larger bodies get 422 unprocessable',
    default: '1048576',
    parse: parsers.integer(1024, 64 * 1024 * 1024),
  }),
  DOWNLOAD_MAX_BYTES: v({
    name: 'DOWNLOAD_MAX_BYTES',
    description:
      'largest ZIP download of an intake (the uploads it holds); above it GET /v1/intakes/:id/download is 413 download_too_large and the preflight says too_large',
    default: '5368709120',
    parse: parsers.integer(1024 * 1024, 1024 * 1024 * 1024 * 1024),
  }),
  TRUST_PROXY: v({
    name: 'TRUST_PROXY',
    description:
      'which client address counts (throttles, audit log): false, the connection’s own, X-Forwarded-For ignored; a comma-separated list of the proxies’ addresses or CIDR ranges (e.g. 10.0.0.0/8), the nearest X-Forwarded-For address not among them; true, every hop trusted: the leftmost X-Forwarded-For address, which a client can forge unless the proxy overwrites the header',
    default: 'false',
    parse: parsers.trustProxy(),
  }),
  DATABASE_URL: v({
    name: 'DATABASE_URL',
    description: 'PostgreSQL connection URL',
    default: 'postgres://postgres@127.0.0.1:5432/intake',
    parse: parsers.url(['postgres', 'postgresql']) as Parser<string>,
    secret: true,
  }),
  DB_POOL_SIZE: v({
    name: 'DB_POOL_SIZE',
    description: 'PostgreSQL connections per process',
    default: '10',
    parse: parsers.integer(1, 200),
  }),
  DB_MIGRATE_ON_START: v({
    name: 'DB_MIGRATE_ON_START',
    description:
      'run pending migrations when the api starts (development default; use npm run db:migrate in production)',
    default: 'true',
    parse: parsers.boolean(),
  }),
  REDIS_URL: v({
    name: 'REDIS_URL',
    description: 'Redis URL (queues, rate limits, shared test clock)',
    default: 'redis://127.0.0.1:6379',
    parse: parsers.url(['redis', 'rediss']) as Parser<string>,
    secret: true,
  }),
  REDIS_PREFIX: v({
    name: 'REDIS_PREFIX',
    description: 'prefix of every Redis key and queue, so several deployments can share one Redis',
    default: 'intake',
    parse: (raw, name) =>
      raw !== undefined && /^[A-Za-z0-9_.-]{1,40}$/.test(raw)
        ? raw
        : fail(name, 'must be 1 to 40 letters, digits, dots, dashes or underscores'),
  }),
  STORAGE_DRIVER: v({
    name: 'STORAGE_DRIVER',
    description: 'object storage: fs (a local directory) or s3 (S3 or MinIO)',
    default: 'fs',
    parse: parsers.oneOf(['fs', 's3'] as const),
  }),
  STORAGE_DIR: v({
    name: 'STORAGE_DIR',
    description: 'directory of the fs storage driver',
    default: './var/storage',
    parse: parsers.requiredString(),
  }),
  S3_ENDPOINT: v({
    name: 'S3_ENDPOINT',
    description: 'S3 endpoint URL (required with STORAGE_DRIVER=s3)',
    parse: parsers.url(['http', 'https'], { optional: true }),
  }),
  S3_REGION: v({
    name: 'S3_REGION',
    description: 'S3 region',
    default: 'us-east-1',
    parse: parsers.requiredString(),
  }),
  S3_BUCKET: v({
    name: 'S3_BUCKET',
    description: 'S3 bucket (required with STORAGE_DRIVER=s3)',
    parse: parsers.string({ optional: true }),
  }),
  S3_ACCESS_KEY: v({
    name: 'S3_ACCESS_KEY',
    description: 'S3 access key (required with STORAGE_DRIVER=s3)',
    parse: parsers.string({ optional: true }),
    secret: true,
  }),
  S3_SECRET_KEY: v({
    name: 'S3_SECRET_KEY',
    description: 'S3 secret key (required with STORAGE_DRIVER=s3)',
    parse: parsers.string({ optional: true }),
    secret: true,
  }),
  S3_PATH_STYLE: v({
    name: 'S3_PATH_STYLE',
    description: 'path-style bucket addressing (true for MinIO and most self-hosted servers)',
    default: 'true',
    parse: parsers.boolean(),
  }),
  SIGNING_SECRET: v({
    name: 'SIGNING_SECRET',
    description:
      'HMAC key of signed file URLs of the fs storage driver (at least 32 characters); required in production, random per start otherwise',
    parse: (raw, name) =>
      raw === undefined || raw === ''
        ? undefined
        : raw.length >= 32
          ? raw
          : fail(name, 'must be at least 32 characters'),
    secret: true,
  }),
  SMTP_URL: v({
    name: 'SMTP_URL',
    description: 'SMTP server (smtp:// or smtps://); unset writes .eml files into MAIL_OUTBOX_DIR instead',
    parse: parsers.url(['smtp', 'smtps'], { optional: true }),
    secret: true,
  }),
  MAIL_OUTBOX_DIR: v({
    name: 'MAIL_OUTBOX_DIR',
    description: 'where mail goes as .eml files when SMTP_URL is unset',
    default: './var/mail',
    parse: parsers.requiredString(),
  }),
  MAIL_FROM: v({
    name: 'MAIL_FROM',
    description: 'sender address of every e-mail',
    default: 'Intake <no-reply@localhost>',
    parse: parsers.requiredString(),
  }),
  MAIL_EVENTS_SECRET: v({
    name: 'MAIL_EVENTS_SECRET',
    description:
      'shared secret of POST /v1/provider/mail-events (bounces, complaints, deliveries from the mail provider): Authorization: Bearer <secret>, or Basic with it as the password; at least 32 characters, no spaces; unset turns the endpoint off (503)',
    parse: (raw, name) =>
      raw === undefined || raw === ''
        ? undefined
        : !/^\S{32,}$/.test(raw)
          ? fail(name, 'must be at least 32 characters without spaces')
          : raw.length > 512
            ? fail(name, 'must be at most 512 characters')
            : raw,
    secret: true,
  }),
  SECRETS_KEY: v({
    name: 'SECRETS_KEY',
    description:
      'the key that seals secrets at rest (secret items, webhook signing secrets), AES-256-GCM: <key id>:<32 random bytes as 64 hex digits or base64>, e.g. 2026-11:$(openssl rand -hex 32); the id (1 to 32 letters, digits, _ or -) is stored with every sealed value, so keys rotate (see SECRETS_KEYS); every app needs the same one; required in production, a fixed development key otherwise (with a warning at start-up)',
    parse: (raw, name) => (raw === undefined || raw === '' ? undefined : secretKey(raw, name)),
    secret: true,
  }),
  SECRETS_KEYS: v({
    name: 'SECRETS_KEYS',
    description:
      'older keys, comma-separated <key id>:<key>, that only open what they sealed: after a rotation, until npm run secrets:rekey has sealed everything again under SECRETS_KEY',
    parse: (raw, name) =>
      raw === undefined || raw.trim() === '' ? [] : raw.split(',').map((entry) => secretKey(entry.trim(), name)),
    secret: true,
  }),
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: v({
    name: 'WEBHOOK_ALLOW_PRIVATE_NETWORKS',
    description:
      'true lets webhook endpoints be registered and delivered to on loopback and private addresses (local development, tests); refused when NODE_ENV=production',
    default: 'false',
    parse: parsers.boolean(),
  }),
  SMS_DRIVER: v({
    name: 'SMS_DRIVER',
    description:
      'SMS: twilio, outbox-dir (one JSON file per message in SMS_OUTBOX_DIR, development) or none (sending fails with "SMS is not configured"); unset means twilio when a TWILIO_ account, token or sender is set, else none',
    parse: (raw, name) =>
      raw === undefined || raw === '' ? undefined : parsers.oneOf(['twilio', 'outbox-dir', 'none'] as const)(raw, name),
  }),
  SMS_OUTBOX_DIR: v({
    name: 'SMS_OUTBOX_DIR',
    description: 'where text messages go as JSON files with SMS_DRIVER=outbox-dir',
    default: './var/sms',
    parse: parsers.requiredString(),
  }),
  TWILIO_BASE_URL: v({
    name: 'TWILIO_BASE_URL',
    description: 'address of the Twilio API (or a service speaking its Messages API)',
    default: 'https://api.twilio.com',
    parse: parsers.url(['http', 'https']) as Parser<string>,
  }),
  TWILIO_ACCOUNT_SID: v({
    name: 'TWILIO_ACCOUNT_SID',
    description: 'Twilio account SID (AC followed by 32 hex digits); required with SMS_DRIVER=twilio',
    parse: (raw, name) =>
      raw === undefined || raw === ''
        ? undefined
        : /^AC[0-9a-fA-F]{32}$/.test(raw)
          ? raw
          : fail(name, 'must be AC followed by 32 hexadecimal digits'),
  }),
  TWILIO_AUTH_TOKEN: v({
    name: 'TWILIO_AUTH_TOKEN',
    description: 'Twilio auth token of that account; required with SMS_DRIVER=twilio',
    parse: parsers.string({ optional: true }),
    secret: true,
  }),
  TWILIO_FROM: v({
    name: 'TWILIO_FROM',
    description:
      'sender of every text message: an E.164 number, a short code or an alphanumeric sender ID (up to 11 characters); or set TWILIO_MESSAGING_SERVICE_SID',
    parse: (raw, name) =>
      raw === undefined || raw === ''
        ? undefined
        : /^\+[1-9]\d{6,14}$/.test(raw) || /^\d{3,8}$/.test(raw) || /^(?=.*[A-Za-z])[A-Za-z0-9 ]{1,11}$/.test(raw)
          ? raw
          : fail(name, 'must be an E.164 number, a short code or an alphanumeric sender ID of up to 11 characters'),
  }),
  TWILIO_MESSAGING_SERVICE_SID: v({
    name: 'TWILIO_MESSAGING_SERVICE_SID',
    description:
      'Twilio messaging service SID (MG followed by 32 hex digits) that picks the sender, instead of TWILIO_FROM',
    parse: (raw, name) =>
      raw === undefined || raw === ''
        ? undefined
        : /^MG[0-9a-fA-F]{32}$/.test(raw)
          ? raw
          : fail(name, 'must be MG followed by 32 hexadecimal digits'),
  }),
  STRIPE_SECRET_KEY: v({
    name: 'STRIPE_SECRET_KEY',
    description:
      'billing: the Stripe secret (sk_…) or restricted (rk_…) key; unset turns billing off (POST /v1/billing/* and /v1/provider/payments answer 503); when set, STRIPE_WEBHOOK_SECRET and every STRIPE_PRICE_ are required',
    parse: (raw, name) =>
      raw === undefined || raw === ''
        ? undefined
        : /^(sk|rk)_(test|live)_\S+$/.test(raw)
          ? raw
          : fail(name, 'must be a Stripe secret key (sk_test_…, sk_live_…, rk_…)'),
    secret: true,
  }),
  STRIPE_WEBHOOK_SECRET: v({
    name: 'STRIPE_WEBHOOK_SECRET',
    description: 'signing secret (whsec_…) of the Stripe webhook endpoint that posts to /v1/provider/payments',
    parse: (raw, name) =>
      raw === undefined || raw === ''
        ? undefined
        : /^whsec_\S+$/.test(raw)
          ? raw
          : fail(name, 'must be a Stripe webhook signing secret (whsec_…)'),
    secret: true,
  }),
  STRIPE_API_BASE: v({
    name: 'STRIPE_API_BASE',
    description: 'address of the Stripe API (a local fake in tests)',
    default: 'https://api.stripe.com',
    parse: parsers.url(['http', 'https']) as Parser<string>,
  }),
  STRIPE_WEBHOOK_TOLERANCE_SECONDS: v({
    name: 'STRIPE_WEBHOOK_TOLERANCE_SECONDS',
    description: 'how old (or how far ahead of our clock) a signed Stripe event may be before it is refused (400)',
    default: '300',
    parse: parsers.integer(30, 3600),
  }),
  ...stripePrices(),
  BILLING_MONTHLY_PRICES: v({
    name: 'BILLING_MONTHLY_PRICES',
    description:
      'monthly price of each paid plan as GET /pricing.json shows it (what the STRIPE_PRICE_ prices charge): plan=amount, comma-separated',
    default: 'solo=19,studio=49,agency=149',
    parse: (raw, name) => monthlyPrices(raw ?? '', name),
  }),
  BILLING_CURRENCY: v({
    name: 'BILLING_CURRENCY',
    description: 'currency of BILLING_MONTHLY_PRICES (ISO 4217, lower case)',
    default: 'eur',
    parse: (raw, name) => (raw && /^[a-z]{3}$/.test(raw) ? raw : fail(name, 'must be a three-letter currency code')),
  }),
  AV: v({
    name: 'AV',
    description: 'antivirus: clamd, or none (marks every file clean; refused when NODE_ENV=production)',
    default: 'none',
    parse: parsers.oneOf(['none', 'clamd'] as const),
  }),
  CLAMD_HOST: v({
    name: 'CLAMD_HOST',
    description: 'clamd host (AV=clamd)',
    default: '127.0.0.1',
    parse: parsers.requiredString(),
  }),
  CLAMD_PORT: v({
    name: 'CLAMD_PORT',
    description: 'clamd TCP port (AV=clamd)',
    default: '3310',
    parse: parsers.integer(1, 65535),
  }),
  SIGNUP: v({
    name: 'SIGNUP',
    description: 'enabled lets anyone create an account with POST /v1/auth/signup; disabled refuses it (403)',
    default: 'enabled',
    parse: parsers.oneOf(['enabled', 'disabled'] as const),
  }),
  RATE_LIMIT_MODE: v({
    name: 'RATE_LIMIT_MODE',
    description:
      'enforce answers 429 beyond the hourly request limit; observe only counts and reports it (load tests, introducing limits)',
    default: 'enforce',
    parse: parsers.oneOf(['enforce', 'observe'] as const),
  }),
  TEST_CLOCK: v({
    name: 'TEST_CLOCK',
    description: 'enabled exposes POST /_test/clock and /_test/tick and a Redis-shared clock; refused in production',
    default: 'disabled',
    parse: parsers.oneOf(['enabled', 'disabled'] as const),
  }),
};

export type VariableName = keyof typeof VARIABLES;
