import { AuditRecorder, RequestMeta, UnitOfWork } from '@intake/application-accounts';
import { Clock } from '@intake/application-time';
import { actorOf, Principal } from '@intake/domain-accounts';
import { ItemDefinition, parseItemDefinitions } from '@intake/domain-items';
import { validationFailed } from '@intake/errors';
import { newId } from '@intake/ids';

export interface TemplateRecord {
  id: string;
  account_id: string;
  slug: string;
  name: string;
  items: ItemDefinition[];
  created_at: Date;
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
    command: { name: string; items: unknown[] },
    meta: RequestMeta,
  ): Promise<TemplateRecord> {
    const parsed = parseItemDefinitions(command.items, 'items');
    if (!parsed.definitions) throw validationFailed(parsed.details);
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
