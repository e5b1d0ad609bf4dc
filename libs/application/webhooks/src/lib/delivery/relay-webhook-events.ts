import { SchedulerPass } from '@intake/application-scheduling';
import { isWebhookEvent } from '@intake/domain-webhooks';
import { newId } from '@intake/ids';
import { UnitOfWork } from '@intake/kernel';
import {
  type NewDelivery,
  type OutboxWebhookEvent,
  type Subscriber,
  WebhookRelayStore,
} from '../ports/webhook-relay-store.port';

/** Events relayed per transaction. */
export const RELAY_BATCH = 500;

/**
 * The outbox relay (scheduler pass `webhooks.relay`; the dispatchers run it too on every wake):
 * committed webhook events become one pending delivery per active endpoint of the same account
 * and mode subscribed to the event, in batches, each in one transaction that also marks its events
 * relayed, and wakes the dispatchers at commit. Two relays at once skip each other's events; an
 * event relayed twice (never, short of a bug) would still not deliver twice (one delivery per
 * event and endpoint). An event nobody subscribes to is marked relayed all the same.
 */
export class RelayWebhookEvents extends SchedulerPass {
  static readonly inject = [UnitOfWork, WebhookRelayStore] as const;
  readonly name = 'webhooks.relay';

  constructor(
    private readonly uow: UnitOfWork,
    private readonly store: WebhookRelayStore,
  ) {
    super();
  }

  /** Relays every committed event; resolves to how many were relayed. */
  async run(now: Date, stop?: AbortSignal): Promise<number> {
    let relayed = 0;
    for (;;) {
      if (stop?.aborted) return relayed;
      const events = await this.uow.run(async () => {
        const claimed = await this.store.claimEvents(RELAY_BATCH);
        if (claimed.length === 0) return claimed;
        const subscribers = await this.store.subscribers([...new Set(claimed.map((e) => e.account_id))]);
        await this.store.fanOut(
          fanOut(claimed, subscribers),
          claimed.map((e) => e.outbox_id),
          now,
        );
        return claimed;
      });
      relayed += events.length;
      if (events.length < RELAY_BATCH) return relayed;
    }
  }
}

/** One delivery per event and active endpoint of its account and mode that listens to its event. */
export function fanOut(events: readonly OutboxWebhookEvent[], subscribers: readonly Subscriber[]): NewDelivery[] {
  const deliveries: NewDelivery[] = [];
  for (const event of events) {
    const name = event.payload['event'];
    if (!isWebhookEvent(name)) continue; // not one of the seven: nobody can subscribe to it
    for (const endpoint of subscribers) {
      if (endpoint.account_id !== event.account_id || endpoint.mode !== event.mode) continue;
      if (!endpoint.events.includes(name)) continue;
      deliveries.push({
        id: newId('webhookDelivery'),
        endpoint_id: endpoint.endpoint_id,
        account_id: event.account_id,
        outbox_id: event.outbox_id,
        event: name,
        payload: event.payload,
      });
    }
  }
  return deliveries;
}
