import { actorOf, type Principal } from '@intake/domain-accounts';
import { DEFAULT_CHASE_SETTINGS, resolveChaseSettings } from '@intake/domain-intake';
import { parseItemDefinitions } from '@intake/domain-items';
import { validationFailed } from '@intake/errors';
import { newId } from '@intake/ids';
import { AuditRecorder, Clock, type RequestMeta, UnitOfWork } from '@intake/kernel';
import { type TemplateRecord, type TemplateSettings, TemplateStore } from '../ports/template-store.port';
import { slugify } from './template-defaults';

export interface CreateTemplateInput {
  principal: Principal;
  body: { name: string; items: unknown[]; settings?: TemplateSettings };
  meta: RequestMeta;
}

/**
 * POST /v1/templates: a saved item list with optional intake settings, used by passing its slug
 * as `template` to POST /v1/intakes. The slug comes from the name, made unique (`-2`, `-3`, …).
 */
export class CreateTemplate {
  static readonly inject = [UnitOfWork, TemplateStore, AuditRecorder, Clock] as const;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly templates: TemplateStore,
    private readonly audit: AuditRecorder,
    private readonly clock: Clock,
  ) {}

  async execute({ principal, body, meta }: CreateTemplateInput): Promise<TemplateRecord> {
    const parsed = parseItemDefinitions(body.items, 'items');
    // The template's schedule must itself be valid, as it will be the default of intakes.
    const chase = resolveChaseSettings(body.settings ?? {}, DEFAULT_CHASE_SETTINGS);
    const details = [...parsed.details, ...chase.details.map((d) => ({ ...d, path: `settings.${d.path}` }))];
    if (body.settings?.retention?.mode === 'on_delivery' && body.settings.retention.days !== undefined) {
      details.push({ path: 'settings.retention.days', message: 'is only accepted with mode days' });
    }
    const definitions = parsed.definitions;
    if (!definitions || details.length > 0) throw validationFailed(details);
    const base = slugify(body.name);
    return this.uow.run(async () => {
      for (let attempt = 1; ; attempt += 1) {
        const template: TemplateRecord = {
          id: newId('template'),
          account_id: principal.accountId,
          slug: attempt === 1 ? base : `${base}-${attempt}`,
          name: body.name.trim(),
          items: definitions,
          settings: body.settings ?? {},
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
