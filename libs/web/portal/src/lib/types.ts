/**
 * The portal API's JSON as the page reads it (`GET /portal/v1/:slug` and the answers of its
 * writes). Only what the page uses; the API may send more.
 */

/** The item types of the item catalogue (libs/domain/items). */
export type ItemType =
  | 'image'
  | 'longtext'
  | 'structured'
  | 'file_list'
  | 'file'
  | 'select'
  | 'multiselect'
  | 'secret'
  | 'text'
  | 'email'
  | 'url'
  | 'number'
  | 'date'
  | 'boolean';

export type ItemStatus = 'pending' | 'submitted' | 'approved' | 'needs_revision' | 'waived';

/** Per-type limits on an answer. */
export interface Constraints {
  formats?: string[];
  min_width?: number;
  transparent_background?: boolean;
  max_chars?: number;
  min_count?: number;
  max_count?: number;
  max_bytes?: number;
}

/** The JSON-schema-like subset a structured item is described with. */
export interface Schema {
  type?: string;
  required?: string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
  description?: string;
}

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
  items: PortalItem[];
}

export const FILE_TYPES: readonly ItemType[] = ['file', 'file_list', 'image'];
export const isFileItem = (item: PortalItem): boolean => FILE_TYPES.includes(item.type);
