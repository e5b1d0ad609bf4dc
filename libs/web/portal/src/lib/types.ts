/**
 * The portal API's JSON as the page reads it (`GET /portal/v1/:slug` and the answers of its
 * writes). Only what the page uses; the API may send more. Item types, statuses, constraints and
 * schemas are the domain's.
 */
import { type Constraints, isFileType, type ItemType, type StructuredSchema } from '@intake/domain-items';
import type { ItemStatus } from '@intake/domain-intake';

export type { ItemType };
/** A structured item's form: the domain's subset of JSON schema. */
export type Schema = StructuredSchema;

/** An upload of a file item. */
export interface PortalFile {
  id: string;
  filename: string;
  size: number;
  /** pending while the virus scan runs; missing means clean. */
  av_status?: string | null;
}

/** A file the owner attached to the brief; `url` is a download link on the same origin. */
export interface BriefFile {
  filename?: string | null;
  size: number;
  url: string;
}

export interface PortalItem {
  key: string;
  type: ItemType;
  label: string;
  help?: string | null;
  required: boolean;
  status: ItemStatus;
  value?: unknown;
  /** Whether a (secret) answer is stored: a secret's value is never sent back. */
  answered?: boolean;
  constraints?: Constraints | null;
  options?: string[] | null;
  schema?: Schema | null;
  submitted_at?: string | null;
  revision_note?: string | null;
  waiver?: { state: string; reason?: string | null } | null;
  client_note?: string | null;
  /** File items only. */
  files?: PortalFile[];
}

export interface PortalView {
  project_name: string;
  status: string;
  client_name?: string | null;
  client_brief?: string | null;
  brief_files?: (BriefFile | null)[] | null;
  /** YYYY-MM-DD */
  due_date?: string | null;
  progress?: { total: number; submitted: number } | null;
  /** The client's note on the whole request. */
  client_note?: string | null;
  items: PortalItem[];
}

/** Items answered by uploading files. */
export const isFileItem = (item: PortalItem): boolean => isFileType(item.type);
