import type { Assignee, ItemType } from './item-types';

/** Per-type limits on an answer; which keys a type accepts is in CONSTRAINTS_BY_TYPE. */
export interface Constraints {
  /** Accepted file formats as lower-case extensions (`png`, `pdf`, `docx`). */
  formats?: string[];
  /** Minimum image width in pixels. */
  min_width?: number;
  transparent_background?: boolean;
  /** Maximum length in Unicode code points. */
  max_chars?: number;
  /** Minimum number of files (file_list) or choices (multiselect). */
  min_count?: number;
  /** Maximum number of files (file_list) or choices (multiselect). */
  max_count?: number;
  /** Maximum size of each file in bytes. */
  max_bytes?: number;
}

export const CONSTRAINT_KEYS = [
  'formats',
  'min_width',
  'transparent_background',
  'max_chars',
  'min_count',
  'max_count',
  'max_bytes',
] as const satisfies ReadonlyArray<keyof Constraints>;
export type ConstraintKey = (typeof CONSTRAINT_KEYS)[number];

export const SCHEMA_TYPES = ['object', 'array', 'string', 'number', 'integer', 'boolean'] as const;
export type SchemaType = (typeof SCHEMA_TYPES)[number];

/**
 * The JSON-schema-like subset a `structured` item is described with (docs/contract.md
 * "Item (in intake detail)": `type`, `required`, `properties`).
 */
export interface StructuredSchema {
  type: SchemaType;
  /** Object only: property names that must be present. */
  required?: string[];
  /** Object only: when given, no other properties are accepted. */
  properties?: Record<string, StructuredSchema>;
  /** Array only: the schema of every element. */
  items?: StructuredSchema;
  /** Scalars only: the accepted values. */
  enum?: unknown[];
  description?: string;
}

/** An agent's proposal on an owner-assigned decision item; the owner settles it. */
export interface Proposal {
  /** A single option for select, a list of options for multiselect. */
  value: string | string[];
  rationale: string | null;
}

/** A normalised item definition: every field present, defaults applied. */
export interface ItemDefinition {
  key: string;
  type: ItemType;
  label: string;
  help: string | null;
  required: boolean;
  assignee: Assignee;
  constraints: Constraints;
  schema: StructuredSchema | null;
  options: string[] | null;
  pattern: string | null;
  proposed: Proposal | null;
}

/** What the upload pipeline found out about one file (sniffed, not what the client claimed). */
export interface SubmittedFile {
  mime: string;
  /** The sniffed extension, e.g. `png`; a leading dot and upper case are tolerated. */
  extension: string;
  size: number;
  width?: number | null;
  height?: number | null;
  hasAlpha?: boolean | null;
}
