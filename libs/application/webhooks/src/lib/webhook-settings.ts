/** The most endpoints an account may have in one mode (live and test each): delete one to add another. */
export const MAX_ENDPOINTS_PER_MODE = 20;

/** The deliveries GET /v1/webhooks/:id/deliveries shows (docs/contract.md "Delivery history"). */
export const DELIVERY_HISTORY = 100;

/** What the webhook use cases need of the configuration. */
export class WebhookSettings {
  constructor(
    /** WEBHOOK_ALLOW_PRIVATE_NETWORKS: endpoints on loopback and private addresses (development, tests). */
    readonly allowPrivateNetworks: boolean,
    readonly maxEndpointsPerMode: number = MAX_ENDPOINTS_PER_MODE,
  ) {}
}
