import { type ChaseSchedule, type IntervalUnit } from '@intake/domain-intake';
import { type ItemDefinition } from '@intake/domain-items';

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

export abstract class TemplateStore {
  abstract list(accountId: string): Promise<TemplateRecord[]>;
  abstract getBySlug(accountId: string, slug: string): Promise<TemplateRecord | undefined>;
  /** Resolves false when the slug is taken in the account. */
  abstract insert(template: TemplateRecord): Promise<boolean>;
}
