import { type IntakeFile } from '@intake/application-intakes';
import { itemNotFound, type IntakeRecord, type ItemRecord } from '@intake/domain-intake';

/** What the client sees of an intake: client items only (never owner items, decisions or notes). */
export interface PortalView {
  intake: IntakeRecord;
  items: ItemRecord[];
  /** Uploads to those items, and the brief files. */
  files: IntakeFile[];
}

/** The client's part of an intake: client items, their files and the brief files. */
export function clientView(detail: { intake: IntakeRecord; items: ItemRecord[]; files: IntakeFile[] }): PortalView {
  const items = detail.items.filter((i) => i.assignee === 'client');
  const keys = new Set(items.map((i) => i.key));
  const files = detail.files.filter((f) => f.kind === 'brief' || (f.item_key !== null && keys.has(f.item_key)));
  return { intake: detail.intake, items, files };
}

/** A client item of that key; owner items do not exist for the client (404 item_not_found). */
export function clientItem(items: ItemRecord[], key: string): ItemRecord {
  const item = items.find((i) => i.key === key && i.assignee === 'client');
  if (!item) throw itemNotFound(key);
  return item;
}
