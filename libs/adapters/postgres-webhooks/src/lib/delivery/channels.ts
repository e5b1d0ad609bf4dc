import { WEBHOOK_OUTBOX_CHANNEL } from '@intake/postgres';
import { DELIVERIES_CHANNEL } from '../postgres.webhook-delivery-log';

/** The channels a dispatcher LISTENs on: events committed to the outbox, deliveries queued. */
export const WAKE_CHANNELS = [WEBHOOK_OUTBOX_CHANNEL, DELIVERIES_CHANNEL] as const;
