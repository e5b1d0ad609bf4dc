/**
 * The webhook events an intake's life produces: the catalogue lives in the webhooks context
 * (@intake/domain-webhooks), re-exported here for the intakes context's code that names them.
 */
export { WEBHOOK_EVENTS, type WebhookEvent } from '@intake/domain-webhooks';
