import { type Clock, type AuditRecorder, type RequestMeta, type UnitOfWork } from '@intake/kernel';
import { actorOf, type Principal } from '@intake/domain-accounts';
import {
  type ChaseSchedule,
  DEFAULT_CHASE_SETTINGS,
  type IntervalUnit,
  resolveChaseSettings,
} from '@intake/domain-intake';
import { type ItemDefinition, parseItemDefinitions } from '@intake/domain-items';
import { validationFailed } from '@intake/errors';
import { newId } from '@intake/ids';

/**
 * Intake settings a template carries; POST /v1/intakes uses each only where the request leaves
 * that field unset.
 */
export interface TemplateSettings {
  chase_schedule?: ChaseSchedule;
  chase_interval?: number;
  chase_interval_unit?: IntervalUnit;
  chase_at_time?: string | null;
  respect_quiet_hours?: boolean;
  max_reminders?: number | 'unlimited';
  client_brief?: string | null;
  email_copy?: { subject?: string; intro?: string };
  retention?: { mode: 'days' | 'on_delivery'; days?: number; anonymize?: boolean };
}

export interface TemplateRecord {
  id: string;
  account_id: string;
  slug: string;
  name: string;
  items: ItemDefinition[];
  settings: TemplateSettings;
  created_at: Date;
}

/**
 * The request's fields over the template's. A request that picks its own chase_schedule takes
 * none of the template's interval fields, which belong to the template's schedule.
 */
export function withTemplateDefaults<T extends object>(request: T & TemplateSettings, settings: TemplateSettings): T {
  const defaults: TemplateSettings = { ...settings };
  if (request.chase_schedule !== undefined) {
    delete defaults.chase_interval;
    delete defaults.chase_interval_unit;
    delete defaults.chase_at_time;
  }
  const merged: Record<string, unknown> = { ...(request as Record<string, unknown>) };
  for (const [field, value] of Object.entries(defaults)) if (merged[field] === undefined) merged[field] = value;
  return merged as T;
}

export abstract class TemplateStore {
  abstract list(accountId: string): Promise<TemplateRecord[]>;
  abstract getBySlug(accountId: string, slug: string): Promise<TemplateRecord | undefined>;
  /** Resolves false when the slug is taken in the account. */
  abstract insert(template: TemplateRecord): Promise<boolean>;
}

/** `Wedding photos 2027!` → `wedding-photos-2027` (diacritics folded, at most 60 characters). */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return slug || 'template';
}

/** Saved item lists, used by passing their slug as `template` to POST /v1/intakes. */
export class TemplateService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly templates: TemplateStore,
    private readonly audit: AuditRecorder,
    private readonly clock: Clock,
  ) {}

  list(accountId: string): Promise<TemplateRecord[]> {
    return this.templates.list(accountId);
  }

  /** The slug is derived from the name and made unique in the account (`-2`, `-3`, …). */
  async create(
    principal: Principal,
    command: { name: string; items: unknown[]; settings?: TemplateSettings },
    meta: RequestMeta,
  ): Promise<TemplateRecord> {
    const parsed = parseItemDefinitions(command.items, 'items');
    // The template's schedule must itself be valid, as it will be the default of intakes.
    const chase = resolveChaseSettings(command.settings ?? {}, DEFAULT_CHASE_SETTINGS);
    const details = [...parsed.details, ...chase.details.map((d) => ({ ...d, path: `settings.${d.path}` }))];
    if (command.settings?.retention?.mode === 'on_delivery' && command.settings.retention.days !== undefined) {
      details.push({ path: 'settings.retention.days', message: 'is only accepted with mode days' });
    }
    if (!parsed.definitions || details.length > 0) throw validationFailed(details);
    const definitions = parsed.definitions;
    const base = slugify(command.name);
    return this.uow.run(async () => {
      for (let attempt = 1; ; attempt += 1) {
        const template: TemplateRecord = {
          id: newId('template'),
          account_id: principal.accountId,
          slug: attempt === 1 ? base : `${base}-${attempt}`,
          name: command.name.trim(),
          items: definitions,
          settings: command.settings ?? {},
          created_at: this.clock.now(),
        };
        if (await this.templates.insert(template)) {
          await this.audit.record(principal.accountId, actorOf(principal), 'template.created', template.id, meta, {
            slug: template.slug,
          });
          return template;
        }
      }
    });
  }
}
