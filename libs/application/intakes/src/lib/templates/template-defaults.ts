import { type TemplateSettings } from '../ports/template-store.port';

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
