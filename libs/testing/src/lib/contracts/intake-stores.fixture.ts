import { type ChaseStore } from '@intake/application-chasing';
import {
  type ChaseRecord,
  type ClientDirectory,
  type FolderRecord,
  type FolderStore,
  type IdempotencyStore,
  type IntakeStore,
  type ReadModels,
  type TemplateRecord,
  type TemplateStore,
} from '@intake/application-intakes';
import { type AccessContext } from '@intake/domain-accounts';
import { NO_WAIVER, type IntakeRecord, type ItemRecord } from '@intake/domain-intake';
import { newId, randomToken } from '@intake/ids';
import { type UnitOfWork } from '@intake/kernel';

/** The intakes context's stores, and the chases' store, over one database, as a contract suite drives them. */
export interface IntakeStoresFixture {
  intakes: IntakeStore;
  /** The chasing context's store of the intakes' chases (the intakes context's IntakeChases). */
  chases: ChaseStore;
  idempotency: IdempotencyStore;
  folders: FolderStore;
  templates: TemplateStore;
  clients: ClientDirectory;
  readModels: ReadModels;
  /** The unit of work the stores join (writes of folders and templates run inside one, as their callers do). */
  uow: UnitOfWork;
  /** Creates an account (every row below belongs to one) and returns its id. */
  createAccount(): Promise<string>;
  /**
   * Resolves once another unit of work waits for a row lock that a running one holds; at once
   * where units of work run one at a time (a waiting unit has not even started).
   */
  waitForLockWaiter(): Promise<void>;
  teardown(): Promise<void>;
}

export type IntakeStoresSetup = () => Promise<IntakeStoresFixture>;

/**
 * Registers the fixture's set-up and tear-down in the surrounding describe block; the returned
 * getter reads it inside tests.
 */
export function useIntakeStores(setup: IntakeStoresSetup): () => IntakeStoresFixture {
  let fixture: IntakeStoresFixture | undefined;
  beforeAll(async () => {
    fixture = await setup();
  });
  afterAll(async () => {
    await fixture?.teardown();
  });
  return () => {
    if (!fixture) throw new Error('the intake stores fixture is not set up');
    return fixture;
  };
}

/**
 * A new account's intake stored with two items, `logo` (position 0) and `brief` (position 1),
 * inserted out of order: the narrow intake ports' contract suites read it back.
 */
export async function givenStoredIntake(
  fixture: IntakeStoresFixture,
  overrides: Partial<IntakeRecord> = {},
): Promise<{ accountId: string; intake: IntakeRecord }> {
  const accountId = await fixture.createAccount();
  const intake = anIntake(accountId, overrides);
  await fixture.intakes.insert(intake, [anItem(intake.id, 'brief', 1), anItem(intake.id, 'logo', 0)]);
  return { accountId, intake };
}

/** A dashboard session's view of an account: both modes, every key's intakes. */
export const sessionAccess = (accountId: string): AccessContext => ({ accountId, mode: null, createdByKeyId: null });
/** A live API key's view: live intakes only. */
export const liveKeyAccess = (accountId: string): AccessContext => ({ accountId, mode: 'live', createdByKeyId: null });
/** A test API key's view: the test intakes it created. */
export const testKeyAccess = (accountId: string, keyId: string): AccessContext => ({
  accountId,
  mode: 'test',
  createdByKeyId: keyId,
});

export const T0 = new Date('2026-11-23T09:00:00.000Z');
/** `T0` plus some minutes. */
export const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

/** A sent live intake with every optional field empty; `overrides` name what a test cares about. */
export function anIntake(accountId: string, overrides: Partial<IntakeRecord> = {}): IntakeRecord {
  return {
    id: newId('intake'),
    account_id: accountId,
    mode: 'live',
    created_by_key_id: null,
    created_by_user_id: null,
    slug: randomToken(16),
    project_name: 'Website',
    status: 'sent',
    client_email: 'jana@example.com',
    client_name: 'Jana Novakova',
    client_phone: null,
    client_language: 'cs',
    client_timezone: 'Europe/Prague',
    client_bounced_at: null,
    client_temporary_bounces: 0,
    also_notify: [],
    email_copy: null,
    branding: null,
    folder_id: null,
    chase_schedule: 'default',
    chase_interval_minutes: null,
    respect_quiet_hours: true,
    send_thank_you: null,
    max_reminders: 3,
    chase_at_time: null,
    due_date: null,
    retention_mode: 'days',
    retention_days: 90,
    retention_anonymize: false,
    client_note: null,
    owner_note: null,
    client_brief: null,
    created_at: T0,
    sent_at: T0,
    completed_at: null,
    delivered_at: null,
    anonymized_at: null,
    client_last_seen: null,
    stalled_at: null,
    purge_at: null,
    overdue_at: null,
    test_clock_id: null,
    version: 0,
    ...overrides,
  };
}

/** A pending, required client text item. */
export function anItem(
  intakeId: string,
  key: string,
  position: number,
  overrides: Partial<ItemRecord> = {},
): ItemRecord {
  return {
    intake_id: intakeId,
    key,
    position,
    type: 'text',
    label: `Item ${key}`,
    help: null,
    required: true,
    assignee: 'client',
    constraints: {},
    schema: null,
    options: null,
    pattern: null,
    proposed: null,
    status: 'pending',
    value: null,
    submitted_at: null,
    approved_at: null,
    revision_note: null,
    revision_count: 0,
    waiver: { ...NO_WAIVER },
    client_note: null,
    owner_note: null,
    received_outside: false,
    received_outside_note: null,
    decided_by: null,
    ...overrides,
  };
}

/** A scheduled e-mail reminder. */
export function aChase(intakeId: string, overrides: Partial<ChaseRecord> = {}): ChaseRecord {
  return {
    id: newId('chase'),
    intake_id: intakeId,
    channel: 'email',
    kind: 'reminder',
    status: 'scheduled',
    scheduled_at: at(60 * 24),
    sent_at: null,
    attempt_no: 1,
    missing_items_count: null,
    error: null,
    created_at: T0,
    ...overrides,
  };
}

export function aFolder(accountId: string, overrides: Partial<FolderRecord> = {}): FolderRecord {
  return { id: newId('folder'), account_id: accountId, name: 'Clients', sort_order: 0, created_at: T0, ...overrides };
}

export function aTemplate(accountId: string, overrides: Partial<TemplateRecord> = {}): TemplateRecord {
  return {
    id: newId('template'),
    account_id: accountId,
    slug: 'website',
    name: 'Website',
    items: [
      {
        key: 'logo',
        type: 'image',
        label: 'Logo',
        help: 'SVG or a large PNG',
        required: true,
        assignee: 'client',
        constraints: { formats: ['svg', 'png'], min_width: 1000 },
        schema: null,
        options: null,
        pattern: null,
        proposed: null,
      },
    ],
    settings: { chase_schedule: 'gentle', max_reminders: 'unlimited', email_copy: { subject: 'Your files' } },
    created_at: T0,
    ...overrides,
  };
}

/** Ids sharing a random stem, so that they sort (in any collation) as their suffixes do. */
export function orderedIds(kind: 'intake' | 'chase', suffixes: string[]): string[] {
  const stem = newId(kind);
  return suffixes.map((suffix) => `${stem}${suffix}`);
}

/** A promise with its resolve function outside, to hold a unit of work open until a test says. */
export function gate(): { opened: Promise<void>; open: () => void } {
  let open = () => undefined as void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/** The value, which a test expects to be there (fails the test, not the type checker, otherwise). */
export function present<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('expected a value, got none');
  return value;
}
