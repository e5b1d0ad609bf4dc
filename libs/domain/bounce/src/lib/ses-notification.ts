import { type DomainError, type ErrorDetail, validationFailed } from '@intake/errors';
import { BOUNCE_TYPES, type BounceType, type MailEvent } from './model';

/**
 * The Amazon SES notification types the mail-events endpoint takes (docs/contexts/chasing.md,
 * "Bounces: mail provider events and reinstating").
 */
export const SES_NOTIFICATION_TYPES = ['Bounce', 'Complaint', 'Delivery'] as const;
export type SesNotificationType = (typeof SES_NOTIFICATION_TYPES)[number];

/** Where each notification type keeps its time and its recipients. */
const SHAPES = {
  Bounce: { section: 'bounce', list: 'bouncedRecipients', entryField: 'emailAddress' },
  Complaint: { section: 'complaint', list: 'complainedRecipients', entryField: 'emailAddress' },
  Delivery: { section: 'delivery', list: 'recipients', entryField: null },
} as const satisfies Record<SesNotificationType, { section: string; list: string; entryField: string | null }>;

/** One provider notification as domain events: one per recipient it names, all of one message. */
export interface ProviderMailNotification {
  /** SES `mail.messageId`: the provider's own id of the message. */
  provider_message_id: string;
  /**
   * The message's own Message-ID header as the sender set it (`mail.commonHeaders.messageId`, sent
   * when the identity's notifications include the original headers), when present: SES replaces
   * that header with its own id, so this is where the id the transport returned comes back.
   */
  header_message_id?: string;
  events: MailEvent[];
}

export type ParsedMailNotification =
  | { notification: ProviderMailNotification; error?: undefined }
  | { notification?: undefined; error: DomainError<'unprocessable'> };

const ADDRESS = /^[^\s@]+@[^\s@]+$/;
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * Reads an untrusted SES notification body (`notificationType` Bounce, Complaint or Delivery) into
 * domain events. Malformed input yields 422 `validation_failed` with one detail per offending field,
 * named by its path in the body (`bounce.bouncedRecipients[0].emailAddress`).
 */
export function parseSesNotification(body: unknown): ParsedMailNotification {
  if (!isRecord(body)) return failed([{ path: 'body', message: 'must be an object' }]);
  const details: ErrorDetail[] = [];
  const providerMessageId = messageIdOf(body['mail'], details);
  const type = body['notificationType'];
  if (!isNotificationType(type)) {
    details.push({ path: 'notificationType', message: `must be one of ${SES_NOTIFICATION_TYPES.join(', ')}` });
    return failed(details);
  }
  const shape = SHAPES[type];
  const section = body[shape.section];
  if (!isRecord(section)) {
    details.push({ path: shape.section, message: 'must be an object' });
    return failed(details);
  }
  const bounceType = type === 'Bounce' ? bounceTypeOf(section['bounceType'], details) : null;
  const at = timestampOf(section['timestamp'], `${shape.section}.timestamp`, details);
  const recipients = recipientsOf(section[shape.list], `${shape.section}.${shape.list}`, shape.entryField, details);
  if (providerMessageId === undefined || bounceType === undefined || at === undefined || recipients === undefined) {
    return failed(details);
  }
  const events = recipients.map((recipient): MailEvent => {
    if (bounceType !== null) return { type: 'bounce', recipient, bounce_type: bounceType, at };
    return { type: type === 'Complaint' ? 'complaint' : 'delivery', recipient, at };
  });
  const headerMessageId = headerMessageIdOf(body['mail']);
  return {
    notification: {
      provider_message_id: providerMessageId,
      ...(headerMessageId ? { header_message_id: headerMessageId } : {}),
      events,
    },
  };
}

/**
 * A message id without the angle brackets a Message-ID header wears (`<a@b>` and `a@b` are one
 * id): the transport returns the header's form, SES reports ids bare.
 */
export function normaliseMessageId(id: string): string {
  const trimmed = id.trim();
  return /^<[^<>]+>$/.test(trimmed) ? trimmed.slice(1, -1) : trimmed;
}

/** Every id the notification's message may be stored under, normalised, without repeats. */
export function messageIdsOf(notification: ProviderMailNotification): string[] {
  const ids = [notification.provider_message_id, notification.header_message_id ?? ''].map(normaliseMessageId);
  return [...new Set(ids.filter((id) => id !== ''))];
}

/** Optional, so never a reason to refuse the notification: anything but a non-blank string is ignored. */
function headerMessageIdOf(mail: unknown): string | undefined {
  if (!isRecord(mail) || !isRecord(mail['commonHeaders'])) return undefined;
  const id = mail['commonHeaders']['messageId'];
  return typeof id === 'string' && id.trim() !== '' ? id : undefined;
}

function failed(details: ErrorDetail[]): ParsedMailNotification {
  return { error: validationFailed(details, 'The mail provider notification is malformed.') };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isNotificationType(value: unknown): value is SesNotificationType {
  return (SES_NOTIFICATION_TYPES as readonly unknown[]).includes(value);
}

function messageIdOf(mail: unknown, details: ErrorDetail[]): string | undefined {
  if (!isRecord(mail)) {
    details.push({ path: 'mail', message: 'must be an object' });
    return undefined;
  }
  const id = mail['messageId'];
  if (typeof id === 'string' && id.trim() !== '') return id;
  details.push({ path: 'mail.messageId', message: 'must be a non-empty string' });
  return undefined;
}

function bounceTypeOf(value: unknown, details: ErrorDetail[]): BounceType | undefined {
  if ((BOUNCE_TYPES as readonly unknown[]).includes(value)) return value as BounceType;
  details.push({ path: 'bounce.bounceType', message: `must be one of ${BOUNCE_TYPES.join(', ')}` });
  return undefined;
}

function timestampOf(value: unknown, path: string, details: ErrorDetail[]): Date | undefined {
  if (typeof value === 'string' && ISO_TIMESTAMP.test(value)) {
    const at = new Date(value);
    if (!Number.isNaN(at.getTime())) return at;
  }
  details.push({ path, message: 'must be an ISO 8601 timestamp' });
  return undefined;
}

/** A non-empty list of addresses: plain strings (Delivery) or objects holding one (Bounce, Complaint). */
function recipientsOf(
  value: unknown,
  path: string,
  entryField: string | null,
  details: ErrorDetail[],
): string[] | undefined {
  if (!Array.isArray(value) || value.length === 0) {
    details.push({ path, message: 'must be a non-empty array' });
    return undefined;
  }
  const addresses: string[] = [];
  value.forEach((entry: unknown, index) => {
    const entryPath = entryField === null ? `${path}[${index}]` : `${path}[${index}].${entryField}`;
    const address = entryField === null ? entry : isRecord(entry) ? entry[entryField] : undefined;
    if (typeof address === 'string' && ADDRESS.test(address)) addresses.push(address);
    else details.push({ path: entryPath, message: 'must be an e-mail address' });
  });
  return addresses.length === value.length ? addresses : undefined;
}
