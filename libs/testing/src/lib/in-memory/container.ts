import {
  ChaseIntakes,
  ChaseQueue,
  ChaseStore,
  MailIdentity,
  NotifyOwner,
  OwnerMailSettings,
  OwnerNoticeQueue,
  PlannedReminders,
  SchedulerIdentity,
  SentChases,
  StoredChaseIntakes,
  ThankClient,
} from '@intake/application-chasing';
import {
  type AccountRecord,
  AccountStore,
  ApiKeyStore,
  DEFAULT_NOTIFICATION_SETTINGS,
  SessionStore,
  TeamSettings,
  UsageStore,
  BillingStore,
  type UserRecord,
} from '@intake/application-accounts';
import {
  Antivirus,
  FileInspector,
  FileIntakes,
  FileStore,
  ObjectStorage,
  ScanQueue,
  StagingArea,
  StoredFileIntakes,
  StoredIntakeFiles,
} from '@intake/application-files';
import { PortalIntakes, StoredPortalIntakes } from '@intake/application-portal';
import {
  ClientDirectory,
  ClientThanks,
  FolderStore,
  IdempotencyStore,
  IntakeChases,
  IntakeFiles,
  IntakeStore,
  IntakeSweeps,
  OwnerNotifier,
  PortalLinks,
  ReminderPlanner,
  TemplateStore,
  TestClockAdvances,
  TestClockStore,
} from '@intake/application-intakes';
import { MailTransport } from '@intake/application-mail';
import {
  WebhookDeliveryLog,
  WebhookEndpointStore,
  WebhookSettings,
  WebhookSubscriptions,
  DeliveryQueue,
  DispatchLog,
  DispatchSettings,
  WebhookRelayStore,
  WebhookSender,
} from '@intake/application-webhooks';
import { SmsTransport } from '@intake/application-sms';
import { type Principal, type Role, type Scope } from '@intake/domain-accounts';
import { type Mode } from '@intake/domain-kernel';
import { newId } from '@intake/ids';
import {
  AuditLog,
  AuditRecorder,
  Clock,
  Diagnostics,
  ManualClock,
  Outbox,
  SecretBox,
  type Token,
  UnitOfWork,
  WindowCounter,
  FailureCounter,
  ProcessCache,
  LimitCounter,
  TestClockTimes,
} from '@intake/kernel';
import { AesGcmSecretBox } from '@intake/secret-box';
import {
  DownloadSettings,
  ItemSecrets,
  ReportPdf,
  ResultCursors,
  ResultIntakes,
  StoredResultIntakes,
} from '@intake/application-results';
import { PdfKitReportPdf } from '@intake/pdf-report';
import { StreamingFileInspector } from '@intake/uploads';
import { construct } from '../construct';
import {
  InMemoryAccountStore,
  InMemoryApiKeyStore,
  InMemorySessionStore,
  InMemoryUsageStore,
  quickPasswordHash,
} from './account-stores';
import { InMemoryBillingStore } from './billing-store';
import { InMemoryDatabase } from './database';
import { RecordedDiagnostics } from './diagnostics';
import { InMemoryAntivirus, InMemoryObjectStorage, InMemoryScanQueue, InMemoryStagingArea } from './file-ports';
import { InMemoryFileStore } from './file-store';
import {
  InMemoryClientDirectory,
  InMemoryFolderStore,
  InMemoryIdempotencyStore,
  InMemoryIntakeStore,
  InMemoryTemplateStore,
} from './intake-stores';
import { InMemoryChaseQueue } from './chase-queue';
import { InMemoryChaseStore } from './chase-store';
import { InMemorySentChases } from './sent-chases';
import { InMemoryIntakeSweeps } from './intake-sweeps';
import { InMemoryTestClockAdvances, InMemoryTestClockStore } from './test-clocks';
import { InMemoryOwnerNoticeQueue } from './owner-notice-queue';
import { InMemoryMailTransport } from './mail-transport';
import { InMemorySmsTransport } from './sms-transport';
import { InMemoryWindowCounter } from './window-counter';
import { InMemoryFailureCounter } from './failure-counter';
import { InMemoryProcessCache } from './process-cache';
import { InMemoryLimitCounter } from './limit-counter';
import { InMemoryItemSecrets, InMemoryResultCursors } from './item-secrets';
import {
  InMemoryWebhookDeliveryLog,
  InMemoryWebhookEndpointStore,
  InMemoryWebhookSubscriptions,
} from './webhook-stores';
import {
  InMemoryDeliveryQueue,
  InMemoryWebhookRelayStore,
  RecordedDispatchLog,
  RecordingWebhookSender,
} from './webhook-delivery';

/**
 * A container of in-memory twins that builds use cases the way the apps' Nest modules do: a
 * token is its bound twin, or a class built from its static `inject` (once, then reused).
 */
export class TestContainer {
  private readonly bindings = new Map<unknown, unknown>();

  bind<T>(token: Token<T>, value: T): this {
    this.bindings.set(token, value);
    return this;
  }

  get(token: unknown): unknown {
    if (this.bindings.has(token)) return this.bindings.get(token);
    if (typeof token === 'function' && 'inject' in token) {
      const built = construct({ get: (dependency) => this.get(dependency) }, token as never);
      this.bindings.set(token, built);
      return built;
    }
    throw new Error(`TestContainer: nothing is bound to ${String((token as { name?: string })?.name ?? token)}`);
  }

  /** A use case (or any wired class, or a bound port) by its class. */
  use<T>(token: Token<T>): T {
    return this.get(token) as T;
  }
}

export const PORTAL_URL = 'https://portal.test/p';
export const APP_URL = 'https://app.test';
export const START = '2026-11-23T09:00:00.000Z';
export const MAIL_FROM_ADDRESS = 'noreply@intake.test';
/** The From header of the service's own mail (owner notifications). */
export const SERVICE_MAIL_FROM = `Intake <${MAIL_FROM_ADDRESS}>`;
/** The key of the test contexts' SecretBox (AES-256-GCM, as the apps use). */
export const TEST_ENCRYPTION_KEY = Buffer.alloc(32, 7);

/** DOWNLOAD_MAX_BYTES of the test contexts: 1 MiB, so a test can go over it cheaply. */
export const TEST_DOWNLOAD_MAX_BYTES = 1024 * 1024;

/**
 * Every port of the shared kernel and of the accounts, intakes, portal, files, chasing, webhooks
 * and results contexts, in memory.
 */
export class InMemoryContext extends TestContainer {
  readonly db = new InMemoryDatabase();
  readonly clock = new ManualClock(START);
  readonly counters = new InMemoryWindowCounter();
  readonly failures = new InMemoryFailureCounter();
  readonly processCache = new InMemoryProcessCache();
  readonly diagnostics = new RecordedDiagnostics();
  readonly mail = new InMemoryMailTransport();
  readonly sms = new InMemorySmsTransport();
  readonly storage = new InMemoryObjectStorage();
  readonly antivirus: InMemoryAntivirus;
  readonly scans = new InMemoryScanQueue();
  readonly staging = new InMemoryStagingArea();
  readonly accounts = new InMemoryAccountStore(this.db);
  readonly sessions = new InMemorySessionStore(this.db);
  readonly apiKeys = new InMemoryApiKeyStore(this.db);
  readonly intakes = new InMemoryIntakeStore(this.db);
  readonly chases = new InMemoryChaseStore(this.db);
  /** The chasing context's ChaseIntakes, on the intakes twin. */
  readonly chaseIntakes = new StoredChaseIntakes(this.intakes);
  readonly files = new InMemoryFileStore(this.db);
  readonly chaseQueue = new InMemoryChaseQueue(this.db);
  readonly sentChases = new InMemorySentChases(this.db);
  readonly ownerNotices = new InMemoryOwnerNoticeQueue(this.db);
  readonly sweeps = new InMemoryIntakeSweeps(this.db);
  readonly testClocks = new InMemoryTestClockStore(this.db);
  readonly testClockAdvances = new InMemoryTestClockAdvances(this.db);
  readonly secretBox = new AesGcmSecretBox(TEST_ENCRYPTION_KEY);
  readonly itemSecrets = new InMemoryItemSecrets(this.db);
  readonly webhookEndpoints = new InMemoryWebhookEndpointStore(this.db);
  readonly webhookDeliveries = new InMemoryWebhookDeliveryLog(this.db);
  readonly deliveryQueue = new InMemoryDeliveryQueue(this.db);
  /** The receivers: every request the dispatcher sent, answered as `answer` says. */
  readonly webhookSender = new RecordingWebhookSender();
  readonly dispatchLog = new RecordedDispatchLog();

  constructor(options: { antivirus?: 'clamd' | 'none' } = {}) {
    super();
    this.antivirus = new InMemoryAntivirus(options.antivirus ?? 'clamd');
    this.bind(UnitOfWork, this.db.uow)
      .bind(Clock, this.clock)
      .bind(AuditLog, this.db.auditLog)
      .bind(Outbox, this.db.outbox)
      .bind(WindowCounter, this.counters)
      .bind(FailureCounter, this.failures)
      .bind(ProcessCache, this.processCache)
      .bind(LimitCounter, new InMemoryLimitCounter(this.counters))
      .bind(Diagnostics, this.diagnostics)
      .bind(MailTransport, this.mail)
      .bind(SmsTransport, this.sms)
      .bind(AccountStore, this.accounts)
      .bind(UsageStore, new InMemoryUsageStore(this.db))
      .bind(BillingStore, new InMemoryBillingStore(this.db))
      .bind(SessionStore, this.sessions)
      .bind(ApiKeyStore, this.apiKeys)
      .bind(TeamSettings, new TeamSettings(APP_URL))
      .bind(IntakeStore, this.intakes)
      .bind(IdempotencyStore, new InMemoryIdempotencyStore(this.db))
      .bind(FolderStore, new InMemoryFolderStore(this.db))
      .bind(TemplateStore, new InMemoryTemplateStore(this.db))
      .bind(ClientDirectory, new InMemoryClientDirectory(this.db))
      .bind(ChaseStore, this.chases)
      .bind(IntakeChases, this.chases)
      .bind(ReminderPlanner, new PlannedReminders(this.chases))
      .bind(ChaseQueue, this.chaseQueue)
      .bind(SentChases, this.sentChases)
      .bind(OwnerNoticeQueue, this.ownerNotices)
      .bind(ChaseIntakes, this.chaseIntakes)
      .bind(OwnerNotifier, new NotifyOwner(this.accounts, this.chaseIntakes, this.chases, this.ownerNotices))
      .bind(ClientThanks, new ThankClient(this.accounts, this.chases, new AuditRecorder(this.db.auditLog, this.clock)))
      .bind(OwnerMailSettings, new OwnerMailSettings(APP_URL, SERVICE_MAIL_FROM))
      .bind(IntakeSweeps, this.sweeps)
      .bind(TestClockStore, this.testClocks)
      .bind(TestClockTimes, this.testClocks)
      .bind(TestClockAdvances, this.testClockAdvances)
      .bind(MailIdentity, new MailIdentity(MAIL_FROM_ADDRESS))
      .bind(SchedulerIdentity, new SchedulerIdentity('scheduler-test'))
      .bind(FileStore, this.files)
      .bind(ObjectStorage, this.storage)
      .bind(Antivirus, this.antivirus)
      .bind(ScanQueue, this.scans)
      .bind(StagingArea, this.staging)
      .bind(FileInspector, new StreamingFileInspector())
      .bind(IntakeFiles, new StoredIntakeFiles(this.files, this.storage))
      .bind(FileIntakes, new StoredFileIntakes(this.intakes))
      .bind(PortalLinks, new PortalLinks(PORTAL_URL))
      .bind(PortalIntakes, new StoredPortalIntakes(this.intakes))
      .bind(SecretBox, this.secretBox)
      .bind(ItemSecrets, this.itemSecrets)
      .bind(ResultCursors, new InMemoryResultCursors(this.db))
      .bind(ResultIntakes, new StoredResultIntakes(this.intakes))
      .bind(DownloadSettings, new DownloadSettings(TEST_DOWNLOAD_MAX_BYTES))
      .bind(ReportPdf, new PdfKitReportPdf())
      .bind(WebhookEndpointStore, this.webhookEndpoints)
      .bind(WebhookDeliveryLog, this.webhookDeliveries)
      .bind(WebhookSubscriptions, new InMemoryWebhookSubscriptions(this.db))
      .bind(WebhookSettings, new WebhookSettings(false))
      .bind(WebhookRelayStore, new InMemoryWebhookRelayStore(this.db))
      .bind(DeliveryQueue, this.deliveryQueue)
      .bind(WebhookSender, this.webhookSender)
      .bind(DispatchLog, this.dispatchLog)
      .bind(DispatchSettings, new DispatchSettings(4, 30, 10));
  }

  /** The audit entries' actions, oldest first. */
  auditActions(): string[] {
    return [...this.db.auditLog.entries].map((e) => e.action);
  }

  /** The webhook payloads in the outbox, oldest first. */
  webhooks(): Array<Record<string, unknown>> {
    return this.db.outbox.payloads('webhook').map((m) => m['payload'] as Record<string, unknown>);
  }
}

/** An account with its owner's session and API keys of both modes, as the tests call in. */
export interface GivenAccount {
  account: AccountRecord;
  owner: Principal & { kind: 'session' };
  liveKey: Principal & { kind: 'api_key' };
  testKey: Principal & { kind: 'api_key' };
}

const key = (accountId: string, mode: Mode, scopes: Scope[]): Principal & { kind: 'api_key' } => ({
  kind: 'api_key',
  accountId,
  keyId: newId('apiKey'),
  mode,
  scopes,
});

/** Creates an account (free plan unless said otherwise) and principals to act for it. */
export async function givenAccount(
  context: InMemoryContext,
  overrides: Partial<AccountRecord> = {},
): Promise<GivenAccount> {
  const now = context.clock.now();
  const account: AccountRecord = {
    id: newId('account'),
    name: 'Studio',
    plan: 'free',
    default_language: 'en',
    default_timezone: 'Europe/Prague',
    sender_name: null,
    branding: null,
    ...DEFAULT_NOTIFICATION_SETTINGS,
    storage_bytes_used: 0,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
  await context.accounts.createAccount(account);
  const userId = newId('user');
  await context.accounts.createUser({
    id: userId,
    account_id: account.id,
    email: `${userId}@example.com`,
    name: 'Owner',
    role: 'owner',
    password_hash: 'not used',
    created_at: now,
  });
  return {
    account,
    owner: { kind: 'session', accountId: account.id, userId, role: 'owner', sessionId: 'session' },
    liveKey: key(account.id, 'live', ['admin']),
    testKey: key(account.id, 'test', ['admin']),
  };
}

/** Adds a user to an account (a member unless said otherwise) who logs in with `password`. */
export async function givenUser(
  context: InMemoryContext,
  accountId: string,
  options: { email?: string; role?: Role; password?: string } = {},
): Promise<{ user: UserRecord; principal: Principal & { kind: 'session' } }> {
  const id = newId('user');
  const user: UserRecord = {
    id,
    account_id: accountId,
    email: options.email ?? `${id.toLowerCase()}@example.com`,
    name: 'Member',
    role: options.role ?? 'member',
    password_hash: quickPasswordHash(options.password ?? 'correct horse battery'),
    created_at: context.clock.now(),
  };
  if (!(await context.accounts.createUser(user))) throw new Error(`givenUser: ${user.email} is taken`);
  return { user, principal: { kind: 'session', accountId, userId: id, role: user.role, sessionId: 'session' } };
}

/** Request metadata of a test call. */
export const META = { ip: '203.0.113.7', requestId: 'req_test' } as const;
