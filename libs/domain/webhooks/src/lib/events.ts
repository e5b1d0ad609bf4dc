/**
 * The webhook events an intake's life produces (docs/contract.md "Event kinds"), in the order the spec
 * lists them: exactly seven. The outbox carries them; endpoints subscribe to them by these names.
 */
export const WEBHOOK_EVENTS = [
  'item.submitted',
  'intake.completed',
  'client.viewed',
  'chase.bounced',
  'intake.stalled',
  'intake.overdue',
  'intake.archived',
] as const;

export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export function isWebhookEvent(value: unknown): value is WebhookEvent {
  return (WEBHOOK_EVENTS as readonly unknown[]).includes(value);
}

/**
 * What an endpoint receives (docs/contract.md "Webhook endpoint and delivery", "Chat formats"): the raw JSON
 * payload, or a ready-made chat message for a Slack or Discord incoming webhook.
 */
export const WEBHOOK_FORMATS = ['raw', 'slack', 'discord'] as const;

export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

export function isWebhookFormat(value: unknown): value is WebhookFormat {
  return (WEBHOOK_FORMATS as readonly unknown[]).includes(value);
}
