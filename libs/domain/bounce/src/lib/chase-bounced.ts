import { type BounceAnnouncement } from './model';

/** The chase.bounced webhook payload (SPEC.md "Event kinds"), fields in the spec's order. */
export interface ChaseBouncedPayload extends BounceAnnouncement {
  event: 'chase.bounced';
  intake_id: string;
  chase_id: string;
  provider_message_id: string;
  /** Unix seconds, as every raw payload. */
  timestamp: number;
}

export interface ChaseBouncedIds {
  intake_id: string;
  chase_id: string;
  provider_message_id: string;
}

/** The full payload from the rules' announcement, the ids the caller knows and the time it publishes. */
export function chaseBouncedPayload(
  ids: ChaseBouncedIds,
  announcement: BounceAnnouncement,
  now: Date,
): ChaseBouncedPayload {
  return {
    event: 'chase.bounced',
    intake_id: ids.intake_id,
    chase_id: ids.chase_id,
    provider_message_id: ids.provider_message_id,
    event_type: announcement.event_type,
    recipient: announcement.recipient,
    still_chasing: announcement.still_chasing,
    bounce_type: announcement.bounce_type,
    delivered_before: announcement.delivered_before,
    timestamp: Math.floor(now.getTime() / 1000),
  };
}
