import { type DomainError, validationFailed } from '@intake/errors';
import { parseSesNotification, type ProviderMailNotification } from './ses-notification';

/** The SNS message types around an SES notification that are a subscription's handshake. */
export const SNS_HANDSHAKES = ['SubscriptionConfirmation', 'UnsubscribeConfirmation'] as const;
export type SnsHandshake = (typeof SNS_HANDSHAKES)[number];

/** What the mail-events endpoint was given, once read. */
export type ProviderBody =
  | { kind: 'notification'; notification: ProviderMailNotification }
  /** An SNS subscription's handshake: an operator confirms it by opening `subscribe_url`. */
  | { kind: 'handshake'; type: SnsHandshake; topic_arn: string | null; subscribe_url: string | null }
  | { kind: 'invalid'; error: DomainError<'unprocessable'> };

const MALFORMED = 'The mail provider notification is malformed.';

/**
 * Reads the body of POST /v1/provider/mail-events: an SES notification as it is (docs/contexts/chasing.md,
 * "Bounces: mail provider events and reinstating"), or
 * wrapped in the Amazon SNS envelope that carries it to an HTTPS subscription (`Type`
 * `Notification`, the notification as a JSON string in `Message`; SNS posts it as text/plain, so
 * a JSON text is read too). Errors inside an envelope's message name their path under `Message.`.
 */
export function readProviderBody(raw: unknown): ProviderBody {
  const body = typeof raw === 'string' ? parseJson(raw) : raw;
  if (body === undefined) return invalid('body', 'must be a JSON object');
  if (!isRecord(body) || typeof body['Type'] !== 'string') return fromSes(parseSesNotification(body));
  const type = body['Type'];
  if ((SNS_HANDSHAKES as readonly string[]).includes(type)) {
    return {
      kind: 'handshake',
      type: type as SnsHandshake,
      topic_arn: typeof body['TopicArn'] === 'string' ? body['TopicArn'] : null,
      subscribe_url: typeof body['SubscribeURL'] === 'string' ? body['SubscribeURL'] : null,
    };
  }
  if (type !== 'Notification') {
    return invalid('Type', `must be Notification, ${SNS_HANDSHAKES.join(' or ')}`);
  }
  const message = typeof body['Message'] === 'string' ? parseJson(body['Message']) : undefined;
  if (message === undefined) return invalid('Message', 'must be a JSON text');
  const parsed = parseSesNotification(message);
  if (parsed.notification) return { kind: 'notification', notification: parsed.notification };
  const details = (parsed.error.details ?? []).map((detail) => ({ ...detail, path: `Message.${detail.path}` }));
  return { kind: 'invalid', error: validationFailed(details, MALFORMED) };
}

function fromSes(parsed: ReturnType<typeof parseSesNotification>): ProviderBody {
  return parsed.notification
    ? { kind: 'notification', notification: parsed.notification }
    : { kind: 'invalid', error: parsed.error };
}

function invalid(path: string, message: string): ProviderBody {
  return { kind: 'invalid', error: validationFailed([{ path, message }], MALFORMED) };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
