import { WEBHOOK_OUTBOX_CHANNEL } from '@intake/postgres';

/** The channels a dispatcher LISTENs on: events committed to the outbox, deliveries queued. */
export const WEBHOOK_DELIVERIES_CHANNEL = 'webhook_deliveries';
export const WAKE_CHANNELS = [WEBHOOK_OUTBOX_CHANNEL, WEBHOOK_DELIVERIES_CHANNEL] as const;
