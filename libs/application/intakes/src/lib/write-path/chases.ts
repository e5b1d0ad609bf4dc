import { clockHour } from '@intake/domain-kernel';
import { DomainError } from '@intake/errors';
import { newId } from '@intake/ids';
import { WindowCounter } from '@intake/kernel';
import { type ChaseRecord } from '../model/records';
import { IntakeChases } from '../ports/intake-chases.port';
import { type IntakeRecord } from '@intake/domain-intake';

/** Invitations (POST /v1/intakes with send, POST /v1/intakes/:id/send) per account per hour. */
export const INVITATIONS_PER_HOUR = 30;

const TEST_MODE_SKIP = 'test mode: nothing is sent to the client';

const COUNTED: readonly ChaseRecord['status'][] = ['sent', 'skipped', 'failed', 'bounced', 'complained'];

/**
 * Automatic reminders that went out (or would have: a test intake's are `skipped`): the last one's
 * attempt_no. It never resets; the invitation, revision notices and manual chases do not count.
 */
export function remindersSent(chases: readonly ChaseRecord[]): number {
  return chases
    .filter((c) => c.kind === 'reminder' && COUNTED.includes(c.status))
    .reduce((last, c) => Math.max(last, c.attempt_no), 0);
}

/**
 * A chase that notifies the client now: scheduled for live intakes, skipped (and recorded so) for
 * test intakes, which never contact the client.
 */
export function notifyingChase(
  intake: IntakeRecord,
  kind: 'invite' | 'revision' | 'items_added',
  now: Date,
  itemKeys?: string[],
): ChaseRecord {
  const live = intake.mode === 'live';
  return {
    id: newId('chase'),
    intake_id: intake.id,
    channel: 'email',
    kind,
    status: live ? 'scheduled' : 'skipped',
    scheduled_at: now,
    sent_at: null,
    attempt_no: 0,
    missing_items_count: null,
    error: live ? null : TEST_MODE_SKIP,
    created_at: now,
    ...(itemKeys ? { item_keys: itemKeys } : {}),
  };
}

/** Sending intakes: the hourly invitation limit and the invitation chase. */
export class Invitations {
  static readonly inject = [WindowCounter, IntakeChases] as const;

  constructor(
    private readonly counters: WindowCounter,
    private readonly chases: IntakeChases,
  ) {}

  /** Counts an invitation against the account's hourly limit; 429 intake_invites beyond it. */
  async count(accountId: string, now: Date): Promise<void> {
    const window = clockHour(now);
    const count = await this.counters.increment(`invitations:${accountId}`, window);
    if (count > INVITATIONS_PER_HOUR) {
      throw new DomainError(
        'rate_limited',
        `At most ${INVITATIONS_PER_HOUR} invitations per hour; retry in ${window.secondsLeft} seconds.`,
        { reason: 'intake_invites', retryAfterSeconds: window.secondsLeft },
      );
    }
  }

  /** The invitation is a chase of kind invite, in the caller's unit of work. */
  invite(intake: IntakeRecord, now: Date): Promise<void> {
    return this.chases.insertChase(notifyingChase(intake, 'invite', now));
  }
}
