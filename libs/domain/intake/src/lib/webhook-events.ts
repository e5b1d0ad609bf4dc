/**
 * The webhook events an intake's life produces (SPEC.md "Event kinds"), in the order the spec
 * lists them. The outbox carries them; endpoints subscribe to them by these names.
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
