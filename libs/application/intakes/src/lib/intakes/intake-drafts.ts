import { type AccountRecord, AccountStore } from '@intake/application-accounts';
import {
  accessOf,
  type BrandingInput,
  DEFAULT_TIMEZONE,
  parseBranding,
  type Plan,
  planOf,
  type Principal,
} from '@intake/domain-accounts';
import {
  type ChaseSettingsInput,
  DEFAULT_CHASE_SETTINGS,
  DEFAULT_RETENTION_DAYS,
  resolveChaseSettings,
  type IntakeRecord,
  type ItemRecord,
} from '@intake/domain-intake';
import { type ItemDefinition, parseItemDefinitions } from '@intake/domain-items';
import { usagePeriod } from '@intake/domain-kernel';
import { DomainError, type ErrorDetail, notFound, validationFailed } from '@intake/errors';
import { newId, randomToken } from '@intake/ids';
import { newItemRecord, withDerivedTimes } from '../model/intake-state';
import { FolderStore } from '../ports/folder-store.port';
import { IntakeStore } from '../ports/intake-store.port';
import { TemplateStore } from '../ports/template-store.port';
import { TestClockStore } from '../ports/test-clock-store.port';
import { clockFull, MAX_INTAKES_PER_TEST_CLOCK, type TestClockRecord } from '../test-clocks/test-clock';
import { withTemplateDefaults } from '../templates/template-defaults';

export { DEFAULT_RETENTION_DAYS };

/** The body of POST /v1/intakes. */
export interface CreateIntakeInput extends ChaseSettingsInput {
  project_name: string;
  client: {
    email: string;
    name: string;
    language?: IntakeRecord['client_language'];
    phone?: string;
    timezone?: string;
    also_notify?: Array<{ email: string; name?: string }>;
  };
  email_copy?: { subject?: string; intro?: string };
  /** The intake's own branding; absent or null: the account's default. */
  branding?: BrandingInput | null;
  client_brief?: string | null;
  items: unknown[];
  template?: string;
  due_date?: string;
  send?: boolean;
  retention?: { mode: 'days' | 'on_delivery'; days?: number; anonymize?: boolean };
  folder_id?: string;
  /** Thank the client on completion; null or absent follows the account's `send_thank_you`. */
  send_thank_you?: boolean | null;
  /** A test key's intake on one of the account's test clocks (`clk_…`): it lives on that clock's time. */
  test_clock?: string;
}

/** A new intake, checked and counted against the quota, not yet stored. */
export interface IntakeDraft {
  intake: IntakeRecord;
  items: ItemRecord[];
  account: AccountRecord;
  plan: Plan;
  /** The intake's now: its test clock's frozen time, or the `now` it was drafted at. */
  at: Date;
}

/**
 * Turns a POST /v1/intakes body into a draft intake: the template's items and settings under the
 * request's, every body rule checked at once (one 422 with all details), the folder, and the
 * monthly quota (402), and the test clock (a test key's only; 422 test_clock_full at 100 intakes
 * on it). Runs inside the creating unit of work, which the quota count joins. The quota counts in
 * real time (`now`); an intake on a test clock is created at the clock's frozen time.
 */
export class IntakeDrafts {
  static readonly inject = [AccountStore, TemplateStore, FolderStore, IntakeStore, TestClockStore] as const;

  constructor(
    private readonly accounts: AccountStore,
    private readonly templates: TemplateStore,
    private readonly folders: FolderStore,
    private readonly intakes: IntakeStore,
    private readonly testClocks: TestClockStore,
  ) {}

  async draft(principal: Principal, request: CreateIntakeInput, now: Date): Promise<IntakeDraft> {
    const account = await this.accounts.getAccount(principal.accountId);
    if (!account) throw notFound('Account');
    const details: ErrorDetail[] = [];

    // Items: the template's first, merged by key with the request's (the request wins).
    let command = request;
    let templateItems: ItemDefinition[] = [];
    if (command.template !== undefined) {
      const template = await this.templates.getBySlug(principal.accountId, command.template);
      if (!template) details.push({ path: 'template', message: 'is not a template of this account' });
      else {
        templateItems = template.items;
        command = withTemplateDefaults(command, template.settings);
      }
    }
    const parsed = parseItemDefinitions(command.items, 'items');
    details.push(...parsed.details);
    let definitions: ItemDefinition[] = [];
    if (parsed.definitions) {
      const requested = new Map(parsed.definitions.map((d) => [d.key, d]));
      definitions = [
        ...templateItems.map((t) => requested.get(t.key) ?? t),
        ...parsed.definitions.filter((d) => !templateItems.some((t) => t.key === d.key)),
      ];
    }
    const chase = resolveChaseSettings(command, DEFAULT_CHASE_SETTINGS);
    details.push(...chase.details);
    details.push(...duplicateRecipients(command.client));
    const retention = command.retention ?? { mode: 'days' as const };
    if (retention.mode === 'on_delivery' && retention.days !== undefined) {
      details.push({ path: 'retention.days', message: 'is only accepted with mode days' });
    }
    const branding =
      command.branding == null ? { branding: null, details: undefined } : parseBranding(command.branding, 'branding');
    details.push(...(branding.details ?? []));
    if (details.length > 0) throw validationFailed(details);

    if (command.folder_id !== undefined && !(await this.folders.get(principal.accountId, command.folder_id))) {
      throw new DomainError('invalid_request', 'folder_id is not a folder of this account.', {
        reason: 'validation_error',
        details: [{ path: 'folder_id', message: 'is not a folder of this account' }],
      });
    }
    const clock = command.test_clock === undefined ? undefined : await this.clockOf(principal, command.test_clock);
    const at = clock?.frozen_time ?? now;
    const plan = planOf(account.plan);
    await this.countAgainstQuota(account, plan, now);

    const intake: IntakeRecord = withDerivedTimes({
      id: newId('intake'),
      account_id: account.id,
      mode: accessOf(principal).mode ?? 'live',
      created_by_key_id: principal.kind === 'api_key' ? principal.keyId : null,
      created_by_user_id: principal.kind === 'session' ? principal.userId : null,
      slug: randomToken(16),
      project_name: command.project_name.trim(),
      status: 'draft',
      client_email: command.client.email.trim(),
      client_name: command.client.name.trim(),
      client_phone: command.client.phone ?? null,
      client_language: command.client.language ?? account.default_language ?? 'en',
      client_timezone: command.client.timezone ?? DEFAULT_TIMEZONE,
      client_bounced_at: null,
      client_temporary_bounces: 0,
      also_notify: (command.client.also_notify ?? []).map((r) => ({
        email: r.email.trim(),
        name: r.name?.trim() || null,
        bounced_at: null,
      })),
      email_copy: command.email_copy ?? null,
      branding: branding.branding ?? null,
      folder_id: command.folder_id ?? null,
      ...(chase.settings ?? DEFAULT_CHASE_SETTINGS),
      send_thank_you: command.send_thank_you ?? null,
      due_date: command.due_date ?? null,
      retention_mode: retention.mode,
      retention_days: retention.mode === 'days' ? (retention.days ?? DEFAULT_RETENTION_DAYS) : null,
      retention_anonymize: retention.anonymize ?? false,
      client_note: null,
      owner_note: null,
      client_brief: command.client_brief?.trim() || null,
      created_at: at,
      sent_at: null,
      completed_at: null,
      delivered_at: null,
      anonymized_at: null,
      client_last_seen: null,
      stalled_at: null,
      purge_at: null,
      overdue_at: null,
      test_clock_id: clock?.id ?? null,
      version: 0,
    });
    const items = definitions.map((d, position) => newItemRecord(intake.id, d, position));
    return { intake, items, account, plan, at };
  }

  /**
   * The test clock a new intake joins, locked until the creation commits (so two creations at once
   * count one after the other): a test key's own account's, else 400 as an unknown folder is; 422
   * test_clock_full when it holds its 100 intakes.
   */
  private async clockOf(principal: Principal, clockId: string): Promise<TestClockRecord> {
    const testKey = principal.kind === 'api_key' && principal.mode === 'test';
    const clock = testKey ? await this.testClocks.getForUpdate(principal.accountId, clockId) : undefined;
    if (!clock) {
      const message = testKey ? 'is not a test clock of this account' : 'is for test keys only';
      throw new DomainError('invalid_request', `test_clock ${message}.`, {
        reason: 'validation_error',
        details: [{ path: 'test_clock', message }],
      });
    }
    if ((await this.testClocks.intakeIds(clock.id)).length >= MAX_INTAKES_PER_TEST_CLOCK) throw clockFull();
    return clock;
  }

  /** The account's plan (a replayed creation reports it as the first one did). */
  async planOf(accountId: string): Promise<Plan> {
    const account = await this.accounts.getAccount(accountId);
    if (!account) throw notFound('Account');
    return planOf(account.plan);
  }

  /** 402 quota_exceeded reason intakes once the month's intakes are used up. */
  private async countAgainstQuota(account: AccountRecord, plan: Plan, now: Date): Promise<void> {
    const period = usagePeriod(now);
    const created = await this.intakes.countCreated(account.id, period);
    if (created > plan.quotas.intakes_per_month) {
      throw new DomainError(
        'quota_exceeded',
        `The ${plan.name} plan includes ${plan.quotas.intakes_per_month} intakes a month; this month's are used up.`,
        { reason: 'intakes', params: { limit: plan.quotas.intakes_per_month, period } },
      );
    }
  }
}

/** Every address receives the intake's e-mails once: the client's, then each also_notify. */
function duplicateRecipients(client: CreateIntakeInput['client']): ErrorDetail[] {
  const seen = new Set([client.email.toLowerCase()]);
  return (client.also_notify ?? []).flatMap((recipient, index) => {
    const email = recipient.email.toLowerCase();
    const duplicate = seen.has(email);
    seen.add(email);
    return duplicate ? [{ path: `client.also_notify[${index}].email`, message: 'duplicates another recipient' }] : [];
  });
}
