import { createHash, randomBytes } from 'node:crypto';
import { ConfigError, type TrustProxy, VARIABLES, type VariableSpec } from './variables';

export type StorageConfig =
  | { driver: 'fs'; dir: string; publicBaseUrl: string; signingKey: string }
  | {
      driver: 's3';
      endpoint: string;
      region: string;
      bucket: string;
      accessKey: string;
      secretKey: string;
      pathStyle: boolean;
    };

/** Which SMS driver the apps bind (SmsModule in @intake/sms takes this as its settings). */
export type SmsConfig =
  | { driver: 'none' }
  | { driver: 'outbox-dir'; outboxDir: string }
  | {
      driver: 'twilio';
      baseUrl: string;
      accountSid: string;
      authToken: string;
      /** Exactly one of from and messagingServiceSid is set. */
      from?: string;
      messagingServiceSid?: string;
    };

/** Billing: what /pricing.json shows always; `stripe` only when STRIPE_SECRET_KEY is set. */
export interface BillingConfig {
  monthly: { solo: number; studio: number; agency: number };
  currency: string;
  stripe?: {
    secretKey: string;
    webhookSecret: string;
    apiBase: string;
    toleranceSeconds: number;
    prices: { solo: string; studio: string; agency: string };
    smsPacks: { 100: string; 500: string; 1000: string };
  };
}

export interface AppConfig {
  nodeEnv: 'development' | 'test' | 'production';
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  host: string;
  port: number;
  schedulerPort: number;
  dispatcherPort: number;
  /** The api's Prometheus port (the workers serve /metrics on their probe ports). */
  metricsPort: number;
  /** When set, GET /metrics needs it as a bearer token. */
  metricsToken: string | undefined;
  /** SIGTERM: readiness 503 for drainSeconds, then stop taking work; exit within graceSeconds. */
  shutdown: { graceSeconds: number; drainSeconds: number };
  /** OTLP/HTTP collector for traces; undefined: tracing off. */
  otlpEndpoint: string | undefined;
  /** A stall of the event loop at least this long is logged with the routes in flight and counted. */
  eventLoopBlockWarnMs: number;
  publicBaseUrl: string;
  /**
   * PUBLIC_BASE_URL is https: clients reach the api over TLS, so responses carry
   * Strict-Transport-Security and the session cookies are Secure.
   */
  https: boolean;
  portalUrl: string;
  appUrl: string;
  bodyLimitBytes: number;
  /** DOWNLOAD_MAX_BYTES: the largest ZIP download (its uploads' bytes). */
  downloadMaxBytes: number;
  /** TRUST_PROXY: which X-Forwarded-For hops are believed (false: none, the socket address counts). */
  trustProxy: TrustProxy;
  database: { url: string; poolSize: number; migrateOnStart: boolean };
  redis: { url: string; prefix: string };
  storage: StorageConfig;
  mail: { smtpUrl?: string; outboxDir: string; from: string };
  /** The shared secret of POST /v1/provider/mail-events; undefined turns the endpoint off (503). */
  mailEventsSecret: string | undefined;
  sms: SmsConfig;
  billing: BillingConfig;
  testClock: boolean;
  antivirus: { driver: 'none' } | { driver: 'clamd'; host: string; port: number };
  signup: boolean;
  /** observe: count requests and send the headers, but never answer 429 for the hourly limit. */
  rateLimitMode: 'enforce' | 'observe';
  /**
   * The keys that seal secrets at rest: `current` (SECRETS_KEY) seals, `previous` (SECRETS_KEYS)
   * only open; `development`: the fixed key used when SECRETS_KEY is unset outside production,
   * which protects nothing (the apps warn at start-up).
   */
  encryption: { keys: { current: SecretKeyConfig; previous: SecretKeyConfig[] }; development: boolean };
  webhooks: {
    /** Endpoints on loopback and private addresses are allowed (development and tests only). */
    allowPrivateNetworks: boolean;
  };
}

/** One key of the secrets keyring: its id (stored with every value it seals) and 32 bytes. */
export interface SecretKeyConfig {
  id: string;
  key: Buffer;
}

export type Environment = Record<string, string | undefined>;

function read<T>(env: Environment, spec: VariableSpec<T>): T {
  const raw = env[spec.name];
  return spec.parse(raw === undefined || raw === '' ? spec.default : raw, spec.name);
}

/** Production needs a stable key; elsewhere a random one per start is fine (URLs die with the process). */
function signingKey(nodeEnv: AppConfig['nodeEnv'], configured: string | undefined): string {
  if (configured) return configured;
  if (nodeEnv === 'production')
    throw new ConfigError('SIGNING_SECRET', 'is required when NODE_ENV=production and STORAGE_DRIVER=fs');
  return randomBytes(32).toString('base64url');
}

/**
 * The key of development machines and tests when SECRETS_KEY is unset (id `dev`): fixed, so that
 * the apps started separately agree, and public, so it protects nothing.
 */
export const DEVELOPMENT_ENCRYPTION_KEY = createHash('sha256')
  .update('intake development encryption key: public, protects nothing')
  .digest();

export const DEVELOPMENT_KEY_ID = 'dev';

function encryption(
  nodeEnv: AppConfig['nodeEnv'],
  configured: SecretKeyConfig | undefined,
  previous: SecretKeyConfig[],
): AppConfig['encryption'] {
  if (nodeEnv === 'production') {
    if (!configured) throw new ConfigError('SECRETS_KEY', 'is required when NODE_ENV=production');
    for (const [variable, key] of [
      ['SECRETS_KEY', configured] as const,
      ...previous.map((k) => ['SECRETS_KEYS', k] as const),
    ]) {
      if (key.key.equals(DEVELOPMENT_ENCRYPTION_KEY)) {
        throw new ConfigError(variable, 'holds the public development key; generate one with openssl rand -hex 32');
      }
    }
  }
  const current = configured ?? { id: DEVELOPMENT_KEY_ID, key: DEVELOPMENT_ENCRYPTION_KEY };
  const ids = new Set([current.id]);
  for (const older of previous) {
    if (ids.has(older.id))
      throw new ConfigError('SECRETS_KEYS', `uses the key id ${older.id} twice (or as SECRETS_KEY's)`);
    ids.add(older.id);
  }
  return { keys: { current, previous }, development: !configured };
}

function need(value: string | undefined, variable: string, when: string): string {
  if (value === undefined) throw new ConfigError(variable, `is required when ${when}`);
  return value;
}

/**
 * SMS_DRIVER, or when it is unset: twilio as soon as any Twilio credential or sender is set (so a
 * half-filled Twilio configuration is an error, not a silent "SMS off"), else none. outbox-dir is
 * only ever chosen explicitly, so no environment writes text messages to disk by accident.
 */
function smsConfig(get: <T>(spec: VariableSpec<T>) => T): SmsConfig {
  const chosen = get(VARIABLES.SMS_DRIVER);
  const accountSid = get(VARIABLES.TWILIO_ACCOUNT_SID);
  const authToken = get(VARIABLES.TWILIO_AUTH_TOKEN);
  const from = get(VARIABLES.TWILIO_FROM);
  const messagingServiceSid = get(VARIABLES.TWILIO_MESSAGING_SERVICE_SID);
  const anyTwilio = [accountSid, authToken, from, messagingServiceSid].some((value) => value !== undefined);
  const driver = chosen ?? (anyTwilio ? 'twilio' : 'none');
  switch (driver) {
    case 'none':
      return { driver };
    case 'outbox-dir':
      return { driver, outboxDir: get(VARIABLES.SMS_OUTBOX_DIR) };
    case 'twilio': {
      const when = chosen ? 'SMS_DRIVER=twilio' : 'another TWILIO_ variable is set';
      const credentials = {
        accountSid: need(accountSid, 'TWILIO_ACCOUNT_SID', when),
        authToken: need(authToken, 'TWILIO_AUTH_TOKEN', when),
      };
      if (from && messagingServiceSid) {
        throw new ConfigError('TWILIO_FROM', 'and TWILIO_MESSAGING_SERVICE_SID cannot both be set: choose one sender');
      }
      if (!from && !messagingServiceSid) {
        throw new ConfigError('TWILIO_FROM', `(or TWILIO_MESSAGING_SERVICE_SID) is required when ${when}`);
      }
      return {
        driver,
        baseUrl: get(VARIABLES.TWILIO_BASE_URL),
        ...credentials,
        ...(from ? { from } : { messagingServiceSid }),
      };
    }
  }
}

function billingConfig(get: <T>(spec: VariableSpec<T>) => T): BillingConfig {
  const display = { monthly: get(VARIABLES.BILLING_MONTHLY_PRICES), currency: get(VARIABLES.BILLING_CURRENCY) };
  const secretKey = get(VARIABLES.STRIPE_SECRET_KEY);
  if (secretKey === undefined) return display;
  const when = 'STRIPE_SECRET_KEY is set';
  const price = (spec: VariableSpec<string | undefined>) => need(get(spec), spec.name, when);
  return {
    ...display,
    stripe: {
      secretKey,
      webhookSecret: need(get(VARIABLES.STRIPE_WEBHOOK_SECRET), 'STRIPE_WEBHOOK_SECRET', when),
      apiBase: get(VARIABLES.STRIPE_API_BASE),
      toleranceSeconds: get(VARIABLES.STRIPE_WEBHOOK_TOLERANCE_SECONDS),
      prices: {
        solo: price(VARIABLES.STRIPE_PRICE_SOLO),
        studio: price(VARIABLES.STRIPE_PRICE_STUDIO),
        agency: price(VARIABLES.STRIPE_PRICE_AGENCY),
      },
      smsPacks: {
        100: price(VARIABLES.STRIPE_PRICE_SMS_100),
        500: price(VARIABLES.STRIPE_PRICE_SMS_500),
        1000: price(VARIABLES.STRIPE_PRICE_SMS_1000),
      },
    },
  };
}

/**
 * Reads and validates the whole configuration. Throws ConfigError naming the first variable that
 * is missing or malformed; nothing else in the code reads process.env.
 */
export function loadConfig(env: Environment): AppConfig {
  const get = <T>(spec: VariableSpec<T>): T => read(env, spec);

  const nodeEnv = get(VARIABLES.NODE_ENV);
  const testClock = get(VARIABLES.TEST_CLOCK) === 'enabled';
  if (testClock && nodeEnv === 'production') {
    throw new ConfigError('TEST_CLOCK', 'cannot be enabled when NODE_ENV=production');
  }

  const av = get(VARIABLES.AV);
  if (av === 'none' && nodeEnv === 'production') {
    throw new ConfigError('AV', 'cannot be none when NODE_ENV=production: set AV=clamd and CLAMD_HOST');
  }
  const antivirus: AppConfig['antivirus'] =
    av === 'clamd'
      ? { driver: 'clamd', host: get(VARIABLES.CLAMD_HOST), port: get(VARIABLES.CLAMD_PORT) }
      : { driver: 'none' };

  const allowPrivateNetworks = get(VARIABLES.WEBHOOK_ALLOW_PRIVATE_NETWORKS);
  if (allowPrivateNetworks && nodeEnv === 'production') {
    throw new ConfigError('WEBHOOK_ALLOW_PRIVATE_NETWORKS', 'cannot be true when NODE_ENV=production');
  }

  const driver = get(VARIABLES.STORAGE_DRIVER);
  const s3When = 'STORAGE_DRIVER=s3';
  const storage: StorageConfig =
    driver === 's3'
      ? {
          driver,
          endpoint: need(get(VARIABLES.S3_ENDPOINT), 'S3_ENDPOINT', s3When),
          region: get(VARIABLES.S3_REGION),
          bucket: need(get(VARIABLES.S3_BUCKET), 'S3_BUCKET', s3When),
          accessKey: need(get(VARIABLES.S3_ACCESS_KEY), 'S3_ACCESS_KEY', s3When),
          secretKey: need(get(VARIABLES.S3_SECRET_KEY), 'S3_SECRET_KEY', s3When),
          pathStyle: get(VARIABLES.S3_PATH_STYLE),
        }
      : {
          driver,
          dir: get(VARIABLES.STORAGE_DIR),
          publicBaseUrl: get(VARIABLES.PUBLIC_BASE_URL),
          signingKey: signingKey(nodeEnv, get(VARIABLES.SIGNING_SECRET)),
        };

  return {
    nodeEnv,
    logLevel: get(VARIABLES.LOG_LEVEL),
    host: get(VARIABLES.HOST),
    port: get(VARIABLES.PORT),
    schedulerPort: get(VARIABLES.SCHEDULER_PORT),
    dispatcherPort: get(VARIABLES.DISPATCHER_PORT),
    metricsPort: get(VARIABLES.METRICS_PORT),
    metricsToken: get(VARIABLES.METRICS_TOKEN),
    shutdown: {
      graceSeconds: get(VARIABLES.SHUTDOWN_GRACE_SECONDS),
      drainSeconds: Math.min(get(VARIABLES.SHUTDOWN_DRAIN_SECONDS), get(VARIABLES.SHUTDOWN_GRACE_SECONDS)),
    },
    otlpEndpoint: get(VARIABLES.OTEL_EXPORTER_OTLP_ENDPOINT),
    eventLoopBlockWarnMs: get(VARIABLES.EVENT_LOOP_BLOCK_WARN_MS),
    publicBaseUrl: get(VARIABLES.PUBLIC_BASE_URL),
    https: new URL(get(VARIABLES.PUBLIC_BASE_URL)).protocol === 'https:',
    portalUrl: get(VARIABLES.PORTAL_URL),
    appUrl: get(VARIABLES.APP_URL),
    bodyLimitBytes: get(VARIABLES.BODY_LIMIT_BYTES),
    downloadMaxBytes: get(VARIABLES.DOWNLOAD_MAX_BYTES),
    trustProxy: get(VARIABLES.TRUST_PROXY),
    database: {
      url: get(VARIABLES.DATABASE_URL),
      poolSize: get(VARIABLES.DB_POOL_SIZE),
      migrateOnStart: get(VARIABLES.DB_MIGRATE_ON_START),
    },
    redis: {
      url: get(VARIABLES.REDIS_URL),
      prefix: get(VARIABLES.REDIS_PREFIX),
    },
    storage,
    mail: {
      smtpUrl: get(VARIABLES.SMTP_URL),
      outboxDir: get(VARIABLES.MAIL_OUTBOX_DIR),
      from: get(VARIABLES.MAIL_FROM),
    },
    mailEventsSecret: get(VARIABLES.MAIL_EVENTS_SECRET),
    sms: smsConfig(get),
    billing: billingConfig(get),
    testClock,
    antivirus,
    signup: get(VARIABLES.SIGNUP) === 'enabled',
    rateLimitMode: get(VARIABLES.RATE_LIMIT_MODE),
    encryption: encryption(nodeEnv, get(VARIABLES.SECRETS_KEY), get(VARIABLES.SECRETS_KEYS)),
    webhooks: { allowPrivateNetworks },
  };
}

/**
 * For `main.ts`: loads the configuration or stops the process with one line naming the variable.
 */
export function loadConfigOrExit(env: Environment, app: string): AppConfig {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${app}: configuration error: ${error.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
}
