import { createHash } from 'node:crypto';
import { type AccountStore } from '@intake/application-accounts';
import { type ObjectStorage } from '@intake/application-files';
import {
  type Clock,
  type AuditRecorder,
  type RequestMeta,
  type UnitOfWork,
  type WindowCounter,
  type Outbox,
} from '@intake/kernel';
import {
  type AccessContext,
  accessOf,
  actorOf,
  DEFAULT_TIMEZONE,
  planOf,
  type Principal,
} from '@intake/domain-accounts';
import { type Actor, clockHour, usagePeriod } from '@intake/domain-kernel';
import {
  archive,
  assertNotArchived,
  type ChaseSettingsInput,
  DEFAULT_CHASE_SETTINGS,
  type IntakeEvent,
  type Transition,
  missingItemKeys,
  resolveChaseSettings,
  send,
} from '@intake/domain-intake';
import { isFileType, type ItemDefinition, parseItemDefinitions } from '@intake/domain-items';
import { DomainError, type ErrorDetail, notFound, validationFailed } from '@intake/errors';
import { newId, randomToken } from '@intake/ids';
import { type FileRecord, type FileStore } from '../files/files';
import { type FolderStore } from '../folders/folders';
import { type TemplateStore, withTemplateDefaults } from '../templates/templates';
import { type IdempotencyStore, type IntakeStore } from './intake.store';
import {
  applyState,
  type IntakeItem,
  intakeState,
  newItemRecord,
  ownerTasksOfItems,
  progressOfItems,
} from './intake-views';
import { type ChaseRecord, type IntakeRecord, type ItemRecord, type ListFilter, type ListRow } from './records';

/** An Idempotency-Key is honoured for this long. */
export const IDEMPOTENCY_WINDOW_SECONDS = 24 * 3600;
/** Invitations (POST /v1/intakes with send, POST /v1/intakes/:id/send) per account per hour. */
export const INVITATIONS_PER_HOUR = 30;
export const DEFAULT_RETENTION_DAYS = 90;

export interface CreateIntake extends ChaseSettingsInput {
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
  client_brief?: string | null;
  items: unknown[];
  template?: string;
  due_date?: string;
  send?: boolean;
  retention?: { mode: 'days' | 'on_delivery'; days?: number; anonymize?: boolean };
  folder_id?: string;
}

export interface IntakeSettings {
  portalUrl: string;
  /** Told when an intake's files could not be removed after its deletion. */
  onOrphanedFiles?: (intakeId: string, error: unknown) => void;
}

/** Where every file of an intake is stored: uploads and brief files. */
export const intakeFilesPrefix = (intakeId: string) => `intakes/${intakeId}/`;

export interface IntakeDetail {
  intake: IntakeRecord;
  items: ItemRecord[];
  /** Uploads to the items and brief files, oldest first. */
  files: FileRecord[];
}

export class IntakeService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly intakes: IntakeStore,
    private readonly idempotency: IdempotencyStore,
    private readonly folders: FolderStore,
    private readonly templates: TemplateStore,
    private readonly accounts: AccountStore,
    private readonly outbox: Outbox,
    private readonly counters: WindowCounter,
    private readonly audit: AuditRecorder,
    private readonly clock: Clock,
    private readonly storage: ObjectStorage,
    private readonly files: FileStore,
    private readonly settings: IntakeSettings,
  ) {}

  portalUrl(intake: Pick<IntakeRecord, 'slug'>): string {
    return `${this.settings.portalUrl}/${intake.slug}`;
  }

  /**
   * POST /v1/intakes. With an Idempotency-Key, a repeat within 24 hours (also one arriving at the
   * same moment) returns the original with `replayed: true`; the same key with another body is 409.
   */
  async create(
    principal: Principal,
    command: CreateIntake,
    idempotencyKey: string | undefined,
    meta: RequestMeta,
  ): Promise<IntakeDetail & { replayed: boolean }> {
    const now = this.clock.now();
    const requestHash = createHash('sha256').update(canonicalJson(command)).digest('hex');
    if (idempotencyKey) {
      const replay = await this.replay(principal, idempotencyKey, requestHash, now);
      if (replay) return replay;
    }
    try {
      return await this.uow.run(() =>
        this.createInTransaction(principal, command, requestHash, idempotencyKey, meta, now),
      );
    } catch (error) {
      if (error instanceof ConcurrentDuplicate && idempotencyKey) {
        const replay = await this.replay(principal, idempotencyKey, requestHash, now);
        if (replay) return replay;
      }
      throw error;
    }
  }

  private async replay(
    principal: Principal,
    key: string,
    requestHash: string,
    now: Date,
  ): Promise<(IntakeDetail & { replayed: boolean }) | undefined> {
    const claim = await this.idempotency.find(principal.accountId, key, now);
    if (!claim) return undefined;
    if (claim.request_hash !== requestHash) {
      throw new DomainError('conflict', 'This Idempotency-Key was already used with a different request body.', {
        reason: 'idempotency_key_reused',
      });
    }
    const intake = await this.intakes.get(
      { accountId: principal.accountId, mode: null, createdByKeyId: null },
      claim.intake_id,
    );
    if (!intake)
      throw new DomainError('conflict', 'The intake created with this Idempotency-Key no longer exists.', {
        reason: 'idempotency_key_reused',
      });
    return {
      intake,
      items: await this.intakes.items(intake.id),
      files: await this.files.ofIntake(intake.id),
      replayed: true,
    };
  }

  private async createInTransaction(
    principal: Principal,
    request: CreateIntake,
    requestHash: string,
    idempotencyKey: string | undefined,
    meta: RequestMeta,
    now: Date,
  ): Promise<IntakeDetail & { replayed: boolean }> {
    let command = request;
    const account = await this.accounts.getAccount(principal.accountId);
    if (!account) throw notFound('Account');
    const details: ErrorDetail[] = [];

    // Items: the template's first, merged by key with the request's (the request wins).
    let definitions: ItemDefinition[] = [];
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
    if (parsed.definitions) {
      const requested = new Map(parsed.definitions.map((d) => [d.key, d]));
      definitions = [
        ...templateItems.map((t) => requested.get(t.key) ?? t),
        ...parsed.definitions.filter((d) => !templateItems.some((t) => t.key === d.key)),
      ];
    }

    const chase = resolveChaseSettings(command, DEFAULT_CHASE_SETTINGS);
    details.push(...chase.details);

    const alsoNotify = command.client.also_notify ?? [];
    const seen = new Set([command.client.email.toLowerCase()]);
    alsoNotify.forEach((recipient, index) => {
      const email = recipient.email.toLowerCase();
      if (seen.has(email))
        details.push({ path: `client.also_notify[${index}].email`, message: 'duplicates another recipient' });
      seen.add(email);
    });
    const retention = command.retention ?? { mode: 'days' as const };
    if (retention.mode === 'on_delivery' && retention.days !== undefined) {
      details.push({ path: 'retention.days', message: 'is only accepted with mode days' });
    }
    if (details.length > 0) throw validationFailed(details);

    if (command.folder_id !== undefined && !(await this.folders.get(principal.accountId, command.folder_id))) {
      throw new DomainError('invalid_request', 'folder_id is not a folder of this account.', {
        reason: 'validation_error',
        details: [{ path: 'folder_id', message: 'is not a folder of this account' }],
      });
    }

    const plan = planOf(account.plan);
    const created = await this.intakes.countCreated(account.id, usagePeriod(now));
    if (created > plan.quotas.intakes_per_month) {
      throw new DomainError(
        'quota_exceeded',
        `The ${plan.name} plan includes ${plan.quotas.intakes_per_month} intakes a month; this month's are used up.`,
        {
          reason: 'intakes',
          params: { limit: plan.quotas.intakes_per_month, period: usagePeriod(now) },
        },
      );
    }

    const access = accessOf(principal);
    const brief = command.client_brief?.trim() || null;
    const intake: IntakeRecord = {
      id: newId('intake'),
      account_id: account.id,
      mode: access.mode ?? 'live',
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
      also_notify: alsoNotify.map((r) => ({ email: r.email.trim(), name: r.name?.trim() || null, bounced_at: null })),
      email_copy: command.email_copy ?? null,
      branding: null,
      folder_id: command.folder_id ?? null,
      ...(chase.settings ?? DEFAULT_CHASE_SETTINGS),
      due_date: command.due_date ?? null,
      retention_mode: retention.mode,
      retention_days: retention.mode === 'days' ? (retention.days ?? DEFAULT_RETENTION_DAYS) : null,
      retention_anonymize: retention.anonymize ?? false,
      client_note: null,
      owner_note: null,
      client_brief: brief,
      created_at: now,
      sent_at: null,
      completed_at: null,
      delivered_at: null,
      anonymized_at: null,
      client_last_seen: null,
      stalled_at: null,
      purge_at: null,
      version: 0,
    };
    const items: ItemRecord[] = definitions.map((d, position) => newItemRecord(intake.id, d, position));

    let events: IntakeEvent[] = [];
    let record = intake;
    if (command.send !== false) {
      await this.countInvitation(account.id, now);
      const sent = send(intakeState(intake, items), now);
      record = applyState(intake, sent.intake).intake;
      events = sent.events;
    }
    await this.intakes.insert(record, items);
    if (idempotencyKey) {
      const claimed = await this.idempotency.claim(
        account.id,
        idempotencyKey,
        { request_hash: requestHash, intake_id: record.id },
        now,
        new Date(now.getTime() + IDEMPOTENCY_WINDOW_SECONDS * 1000),
      );
      if (!claimed) throw new ConcurrentDuplicate();
    }
    if (record.status === 'sent') await this.inviteChase(record, now);
    await this.audit.record(account.id, actorOf(principal), 'intake.created', record.id, meta, {
      status: record.status,
      items: items.length,
      mode: record.mode,
    });
    await this.emit(record, events, now);
    return { intake: record, items, files: [], replayed: false };
  }

  /** The invitation is a chase of kind invite: scheduled now for live intakes, skipped for test intakes. */
  private async inviteChase(intake: IntakeRecord, now: Date): Promise<void> {
    const chase: ChaseRecord = {
      id: newId('chase'),
      intake_id: intake.id,
      channel: 'email',
      kind: 'invite',
      status: intake.mode === 'test' ? 'skipped' : 'scheduled',
      scheduled_at: now,
      sent_at: null,
      attempt_no: 0,
      missing_items_count: null,
      error: intake.mode === 'test' ? 'test mode: nothing is sent to the client' : null,
      created_at: now,
    };
    await this.intakes.insertChase(chase);
  }

  private async countInvitation(accountId: string, now: Date): Promise<void> {
    const window = clockHour(now);
    const count = await this.counters.increment(`invitations:${accountId}`, window);
    if (count > INVITATIONS_PER_HOUR) {
      throw new DomainError(
        'rate_limited',
        `At most ${INVITATIONS_PER_HOUR} invitations per hour; retry in ${window.secondsLeft} seconds.`,
        {
          reason: 'intake_invites',
          retryAfterSeconds: window.secondsLeft,
        },
      );
    }
  }

  /** Webhook-visible events go to the outbox in the caller's transaction, with the spec's payloads. */
  private async emit(intake: IntakeRecord, events: IntakeEvent[], now: Date, items: ItemRecord[] = []): Promise<void> {
    const timestamp = Math.floor(now.getTime() / 1000);
    for (const event of events) {
      let payload: Record<string, unknown> | undefined;
      if (event.type === 'intake.archived' || event.type === 'intake.completed') {
        payload = { event: event.type, intake_id: intake.id, project_name: intake.project_name, timestamp };
      } else if (event.type === 'item.submitted') {
        const item = items.find((i) => i.key === event.item_key);
        payload = {
          event: event.type,
          intake_id: intake.id,
          project_name: intake.project_name,
          item_key: event.item_key,
          item_label: item?.label ?? null,
          item_type: item?.type ?? null,
          ...(item && isFileType(item.type) ? { file_count: event.file_count ?? 0 } : {}),
          timestamp,
        };
      }
      if (payload)
        await this.outbox.append('webhook', { account_id: intake.account_id, mode: intake.mode, payload }, now);
    }
  }

  /** client.viewed: carries the slug and no timestamp (SPEC.md "Event kinds"). */
  async emitClientViewed(intake: IntakeRecord, now: Date): Promise<void> {
    await this.outbox.append(
      'webhook',
      {
        account_id: intake.account_id,
        mode: intake.mode,
        payload: { event: 'client.viewed', intake_id: intake.id, slug: intake.slug, project_name: intake.project_name },
      },
      now,
    );
  }

  async detail(access: AccessContext, intakeId: string): Promise<IntakeDetail> {
    const intake = await this.intakes.get(access, intakeId);
    if (!intake) throw notFound('Intake');
    const [items, files] = await Promise.all([this.intakes.items(intakeId), this.files.ofIntake(intakeId)]);
    return { intake, items, files };
  }

  list(
    access: AccessContext,
    filter: ListFilter,
    limit: number,
    offset: number,
  ): Promise<{ rows: ListRow[]; total: number }> {
    return this.intakes.list(access, filter, limit, offset);
  }

  /** POST /v1/intakes/:id/send: a draft → sent, with the invitation; 409 otherwise. */
  async send(principal: Principal, intakeId: string, meta: RequestMeta): Promise<IntakeDetail> {
    return this.change(principal, intakeId, meta, {
      action: 'intake.sent',
      decide: async (intake, items, now) => {
        const result = send(intakeState(intake, items), now);
        await this.countInvitation(intake.account_id, now);
        return result;
      },
      after: (intake, now) => this.inviteChase(intake, now),
    });
  }

  /** POST /v1/intakes/:id/archive: cancels scheduled chases, emits intake.archived. */
  async archive(principal: Principal, intakeId: string, meta: RequestMeta): Promise<IntakeDetail> {
    return this.change(principal, intakeId, meta, {
      action: 'intake.archived',
      decide: async (intake, items) => archive(intakeState(intake, items)),
      after: async (intake) => void (await this.intakes.cancelScheduledChases(intake.id)),
    });
  }

  /**
   * The one way to change an intake: lock it, let the domain decide, save the outcome under the
   * version guard, then side effects, audit entry and outbox events, all in one transaction.
   */
  change(
    principal: Principal,
    intakeId: string,
    meta: RequestMeta,
    step: ChangeStep,
  ): Promise<IntakeDetail & { events: IntakeEvent[] }> {
    return this.changeLocked(
      () => this.intakes.getForUpdate(accessOf(principal), intakeId),
      actorOf(principal),
      meta,
      step,
    );
  }

  /** The same path for the client, who holds only the portal link (drafts are not visible). */
  changeBySlug(slug: string, meta: RequestMeta, step: ChangeStep): Promise<IntakeDetail & { events: IntakeEvent[] }> {
    return this.changeLocked(() => this.intakes.getForUpdateBySlug(slug), CLIENT_ACTOR, meta, step);
  }

  /** The same path for the service itself (a virus scan's verdict), by the intake's account and id. */
  changeAsSystem(
    accountId: string,
    intakeId: string,
    step: ChangeStep,
  ): Promise<IntakeDetail & { events: IntakeEvent[] }> {
    const access: AccessContext = { accountId, mode: null, createdByKeyId: null };
    return this.changeLocked(
      () => this.intakes.getForUpdate(access, intakeId),
      SYSTEM_ACTOR,
      { ip: null, requestId: null },
      step,
    );
  }

  private changeLocked(
    load: () => Promise<IntakeRecord | undefined>,
    actor: Actor,
    meta: RequestMeta,
    step: ChangeStep,
  ): Promise<IntakeDetail & { events: IntakeEvent[] }> {
    return this.uow.run(async () => {
      const now = this.clock.now();
      const intake = await load();
      if (!intake) throw notFound('Intake');
      // Every mutating endpoint of an archived intake is 409 intake_archived, whatever it is.
      assertNotArchived(intake);
      const items = await this.intakes.items(intake.id);
      const result = await step.decide(intake, items, now);
      const next = applyState(result.record ?? intake, result.intake);
      if (!(await this.intakes.update(next.intake))) {
        throw new DomainError('conflict', 'The intake changed meanwhile; retry.', { reason: 'concurrent_change' });
      }
      await this.intakes.saveItems(intake.id, next.items);
      await step.after?.(next.intake, now);
      await this.audit.record(intake.account_id, actor, step.action, step.target ?? intake.id, meta, {
        intake_id: intake.id,
        ...step.summary,
      });
      await this.emit(next.intake, result.events, now, next.items);
      return {
        intake: { ...next.intake, version: next.intake.version + 1 },
        items: next.items,
        files: await this.files.ofIntake(intake.id),
        events: result.events,
      };
    });
  }

  /**
   * DELETE /v1/intakes/:id: the intake goes in one transaction, then its files through the storage
   * port (everything under `intakes/{id}/`). Files first could lose a live intake's files if the
   * delete then failed; this order can at worst leave orphans, which are logged. No webhook.
   */
  async delete(principal: Principal, intakeId: string, meta: RequestMeta): Promise<void> {
    await this.uow.run(async () => {
      if (!(await this.intakes.delete(accessOf(principal), intakeId))) throw notFound('Intake');
      await this.audit.record(principal.accountId, actorOf(principal), 'intake.deleted', intakeId, meta);
    });
    await this.storage
      .deletePrefix(intakeFilesPrefix(intakeId))
      .catch((error: unknown) => this.settings.onOrphanedFiles?.(intakeId, error));
  }

  /** GET /v1/intakes/:id/status. */
  async status(access: AccessContext, intakeId: string) {
    const intake = await this.intakes.get(access, intakeId);
    if (!intake) throw notFound('Intake');
    const [items, chases] = await Promise.all([this.intakes.items(intakeId), this.intakes.chases(intakeId)]);
    return { intake, items, chases, progress: progressOfItems(items), missing: missingItemKeys(items) };
  }

  progress = progressOfItems;
  ownerTasks = ownerTasksOfItems;
}

export type StepResult = Transition<IntakeItem> & { record?: IntakeRecord };

export interface ChangeStep {
  /** Audit action, e.g. `item.approved`. */
  action: string;
  /** Audit target; the intake id by default. */
  target?: string;
  summary?: Record<string, unknown>;
  /** The domain's decision; `record` replaces the stored intake's other fields (settings changes). */
  decide(intake: IntakeRecord, items: ItemRecord[], now: Date): Promise<StepResult> | StepResult;
  after?(intake: IntakeRecord, now: Date): Promise<void>;
}

/** The client in the portal, as the audit log records it. */
export const CLIENT_ACTOR: Actor = { type: 'client', id: null, mode: null };
/** The service itself (a scan's verdict), as the audit log records it. */
export const SYSTEM_ACTOR: Actor = { type: 'system', id: null, mode: null };

/** A concurrent request with the same Idempotency-Key committed first. */
class ConcurrentDuplicate extends Error {}

/** JSON with sorted keys, so that the same body always hashes the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}
