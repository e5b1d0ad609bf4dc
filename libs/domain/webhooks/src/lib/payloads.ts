/**
 * The payloads of the seven events, field for field as the "Event kinds" table of docs/contract.md lists them
 * (the builders write the fields in that order), and the fixed test payload. Every payload has
 * `event` and `intake_id`; each but `client.viewed` has `timestamp` in Unix seconds.
 */

/**
 * The item types whose `item.submitted` carries `file_count` (docs/contract.md "Event kinds": file, image,
 * file_list items only).
 */
export const FILE_COUNT_ITEM_TYPES = ['file', 'image', 'file_list'] as const;

export interface ItemSubmittedPayload {
  event: 'item.submitted';
  intake_id: string;
  project_name: string;
  item_key: string;
  /** null only when the item is no longer on the intake. */
  item_label: string | null;
  item_type: string | null;
  /** Only for file, image and file_list items. */
  file_count?: number;
  timestamp: number;
}

export interface IntakeCompletedPayload {
  event: 'intake.completed';
  intake_id: string;
  project_name: string;
  timestamp: number;
}

/** No timestamp and no IP address (docs/contract.md "Event kinds"). */
export interface ClientViewedPayload {
  event: 'client.viewed';
  intake_id: string;
  slug: string;
  project_name: string;
}

export type BounceTypeField = 'Permanent' | 'Transient' | 'Undetermined';

/** The chase.bounced fields the bounce rules decide (@intake/domain-bounce's announcement). */
export interface ChaseBouncedFields {
  event_type: 'bounced' | 'complained';
  recipient: string;
  still_chasing: boolean;
  /** null for a complaint. */
  bounce_type: BounceTypeField | null;
  delivered_before: boolean;
}

export interface ChaseBouncedIds {
  intake_id: string;
  chase_id: string;
  provider_message_id: string;
}

export interface ChaseBouncedPayload extends ChaseBouncedIds, ChaseBouncedFields {
  event: 'chase.bounced';
  timestamp: number;
}

export interface IntakeStalledPayload {
  event: 'intake.stalled';
  intake_id: string;
  project_name: string;
  /** Keys of required items still waiting on the client. */
  missing_items: string[];
  timestamp: number;
}

export interface IntakeOverduePayload {
  event: 'intake.overdue';
  intake_id: string;
  project_name: string;
  /** YYYY-MM-DD. */
  due_date: string;
  /** Keys of required items pending or needing revision (waived ones do not count). */
  outstanding_items: string[];
  timestamp: number;
}

export interface IntakeArchivedPayload {
  event: 'intake.archived';
  intake_id: string;
  project_name: string;
  timestamp: number;
}

/** POST /v1/webhooks/:id/test: `item.submitted` without `project_name`, `item_label`, `item_type`. */
export interface TestPayload {
  event: 'item.submitted';
  intake_id: string;
  item_key: string;
  message: string;
  timestamp: number;
}

export type EventPayload =
  | ItemSubmittedPayload
  | IntakeCompletedPayload
  | ClientViewedPayload
  | ChaseBouncedPayload
  | IntakeStalledPayload
  | IntakeOverduePayload
  | IntakeArchivedPayload;

/** What a delivery carries: one of the seven events' payloads or the test payload. */
export type WebhookPayload = EventPayload | TestPayload;

/** The intake fields most payloads name; an intake record fits as it is. */
export interface PayloadIntake {
  id: string;
  project_name: string;
}

/** The submitted item as the intake has it (null label and type: the item is gone). */
export interface SubmittedItem {
  key: string;
  label: string | null;
  type: string | null;
  /** Files the item holds after the submission; counted only for file types (absent: 0). */
  file_count?: number;
}

/** Unix seconds of an instant, rounded down, as every payload's `timestamp`. */
export function unixSeconds(at: Date): number {
  return Math.floor(at.getTime() / 1000);
}

export function isFileCountItemType(type: string | null): boolean {
  return (FILE_COUNT_ITEM_TYPES as readonly (string | null)[]).includes(type);
}

export function itemSubmittedPayload(intake: PayloadIntake, item: SubmittedItem, now: Date): ItemSubmittedPayload {
  return {
    event: 'item.submitted',
    intake_id: intake.id,
    project_name: intake.project_name,
    item_key: item.key,
    item_label: item.label,
    item_type: item.type,
    ...(isFileCountItemType(item.type) ? { file_count: item.file_count ?? 0 } : {}),
    timestamp: unixSeconds(now),
  };
}

export function intakeCompletedPayload(intake: PayloadIntake, now: Date): IntakeCompletedPayload {
  return {
    event: 'intake.completed',
    intake_id: intake.id,
    project_name: intake.project_name,
    timestamp: unixSeconds(now),
  };
}

export function clientViewedPayload(intake: PayloadIntake & { slug: string }): ClientViewedPayload {
  return { event: 'client.viewed', intake_id: intake.id, slug: intake.slug, project_name: intake.project_name };
}

export function chaseBouncedPayload(ids: ChaseBouncedIds, fields: ChaseBouncedFields, now: Date): ChaseBouncedPayload {
  return {
    event: 'chase.bounced',
    intake_id: ids.intake_id,
    chase_id: ids.chase_id,
    provider_message_id: ids.provider_message_id,
    event_type: fields.event_type,
    recipient: fields.recipient,
    still_chasing: fields.still_chasing,
    bounce_type: fields.bounce_type,
    delivered_before: fields.delivered_before,
    timestamp: unixSeconds(now),
  };
}

export function intakeStalledPayload(
  intake: PayloadIntake,
  missingItems: readonly string[],
  now: Date,
): IntakeStalledPayload {
  return {
    event: 'intake.stalled',
    intake_id: intake.id,
    project_name: intake.project_name,
    missing_items: [...missingItems],
    timestamp: unixSeconds(now),
  };
}

export function intakeOverduePayload(
  intake: PayloadIntake,
  overdue: { due_date: string; outstanding_items: readonly string[] },
  now: Date,
): IntakeOverduePayload {
  return {
    event: 'intake.overdue',
    intake_id: intake.id,
    project_name: intake.project_name,
    due_date: overdue.due_date,
    outstanding_items: [...overdue.outstanding_items],
    timestamp: unixSeconds(now),
  };
}

export function intakeArchivedPayload(intake: PayloadIntake, now: Date): IntakeArchivedPayload {
  return {
    event: 'intake.archived',
    intake_id: intake.id,
    project_name: intake.project_name,
    timestamp: unixSeconds(now),
  };
}

/**
 * The literal intake id of the test payload: shaped like an intake id (`in_` and 22 characters)
 * so receivers that validate ids accept it, and plainly no real one.
 */
export const TEST_PAYLOAD_INTAKE_ID = 'in_webhooktest00000000000';
export const TEST_PAYLOAD_ITEM_KEY = 'test_item';
export const TEST_PAYLOAD_MESSAGE = 'This is a test delivery: your webhook endpoint is set up.';

/**
 * The fixed test payload (docs/contract.md "Event kinds", the test payload), stamped with `timestamp` (Unix
 * seconds).
 */
export function testPayload(timestamp: number): TestPayload {
  return {
    event: 'item.submitted',
    intake_id: TEST_PAYLOAD_INTAKE_ID,
    item_key: TEST_PAYLOAD_ITEM_KEY,
    message: TEST_PAYLOAD_MESSAGE,
    timestamp,
  };
}

export function isTestPayload(payload: WebhookPayload): payload is TestPayload {
  return payload.intake_id === TEST_PAYLOAD_INTAKE_ID && 'message' in payload;
}

/**
 * Every payload field in the spec's order. One order serves all seven events (each event's
 * fields keep their table order in it), so a payload read back from a JSON column, whose keys
 * Postgres reorders, is written out as the builders made it.
 */
export const PAYLOAD_FIELD_ORDER = [
  'event',
  'intake_id',
  'chase_id',
  'provider_message_id',
  'event_type',
  'recipient',
  'still_chasing',
  'bounce_type',
  'delivered_before',
  'slug',
  'project_name',
  'item_key',
  'item_label',
  'item_type',
  'file_count',
  'message',
  'due_date',
  'missing_items',
  'outstanding_items',
  'timestamp',
] as const;

/** The payload with its known fields in the spec's order, then any others as they came. */
export function inSpecOrder<P extends object>(payload: P): P {
  const source = payload as Record<string, unknown>;
  const ordered: Record<string, unknown> = {};
  for (const field of PAYLOAD_FIELD_ORDER) {
    if (field in source) ordered[field] = source[field];
  }
  // Fields already placed keep their place; the others follow in their own order.
  return { ...ordered, ...source } as P;
}
