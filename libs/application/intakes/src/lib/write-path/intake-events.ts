import { type IntakeEvent, type IntakeRecord, type ItemRecord } from '@intake/domain-intake';
import {
  clientViewedPayload,
  type EventPayload,
  intakeArchivedPayload,
  intakeCompletedPayload,
  intakeOverduePayload,
  intakeStalledPayload,
  itemSubmittedPayload,
} from '@intake/domain-webhooks';
import { Outbox } from '@intake/kernel';
import { ClientThanks } from '../ports/client-thanks.port';
import { IntakeChases } from '../ports/intake-chases.port';
import { type OwnerAlert, OwnerNotifier } from '../ports/owner-notifier.port';
import { ReminderPlanner } from '../ports/reminder-planner.port';

/**
 * What an intake's events set off, in the caller's transaction: the webhook-visible ones into the
 * outbox with the spec's payloads (docs/contract.md "Event kinds"; they leave only once it commits), the
 * chasing they start or stop (a sent or reopened intake plans its next reminder, a completed or
 * stalled one cancels it), the owner's e-mail on completion, a stall or an overdue intake
 * (queued; the account's settings decide who gets one), and the client's thank-you on completion
 * (queued; withdrawn while still waiting when the intake reopens, so one completion thanks once).
 */
export class IntakeEvents {
  static readonly inject = [Outbox, IntakeChases, ReminderPlanner, OwnerNotifier, ClientThanks] as const;

  constructor(
    private readonly outbox: Outbox,
    private readonly chases: IntakeChases,
    private readonly reminders: ReminderPlanner,
    private readonly owner: OwnerNotifier,
    private readonly thanks: ClientThanks,
  ) {}

  async emit(intake: IntakeRecord, events: IntakeEvent[], now: Date, items: ItemRecord[] = []): Promise<void> {
    for (const event of events) {
      const payload = payloadOf(intake, event, items, now);
      if (payload) await this.webhook(intake, payload, now);
      await this.followChasing(intake, event, now);
      const alert = alertOf(event);
      if (alert) await this.owner.notify(intake, items, alert, now);
    }
  }

  private async followChasing(intake: IntakeRecord, event: IntakeEvent, now: Date): Promise<void> {
    if (event.type === 'intake.sent' || event.type === 'intake.reopened') await this.reminders.replan(intake, now);
    if (event.type === 'intake.reopened') await this.chases.cancelScheduledChases(intake.id, ['thank_you']);
    if (event.type === 'intake.completed' || event.type === 'intake.stalled') {
      await this.chases.cancelScheduledChases(intake.id, ['reminder']);
    }
    if (event.type === 'intake.completed') await this.thanks.completed(intake, now);
  }

  /** client.viewed: carries the slug and no timestamp. */
  clientViewed(intake: IntakeRecord, now: Date): Promise<void> {
    return this.webhook(intake, clientViewedPayload(intake), now);
  }

  /** A webhook event of the intake (its account and mode) into the outbox: for events no state machine emits. */
  webhook(intake: IntakeRecord, payload: EventPayload, now: Date): Promise<void> {
    return this.outbox.append('webhook', { account_id: intake.account_id, mode: intake.mode, payload }, now);
  }
}

/**
 * The webhook payload of an event (docs/contract.md "Event kinds"); the state machines' other events are
 * none.
 */
function payloadOf(intake: IntakeRecord, event: IntakeEvent, items: ItemRecord[], now: Date): EventPayload | undefined {
  switch (event.type) {
    case 'intake.completed':
      return intakeCompletedPayload(intake, now);
    case 'intake.archived':
      return intakeArchivedPayload(intake, now);
    case 'intake.stalled':
      return intakeStalledPayload(intake, event.missing_items, now);
    case 'intake.overdue':
      return intakeOverduePayload(intake, event, now);
    case 'item.submitted': {
      const item = items.find((i) => i.key === event.item_key);
      return itemSubmittedPayload(
        intake,
        { key: event.item_key, label: item?.label ?? null, type: item?.type ?? null, file_count: event.file_count },
        now,
      );
    }
    default:
      return undefined;
  }
}

/** The owner notification an event calls for, if any. */
function alertOf(event: IntakeEvent): OwnerAlert | undefined {
  switch (event.type) {
    case 'intake.completed':
      return { kind: 'intake_completed' };
    case 'intake.stalled':
      return { kind: 'intake_stalled', missing_items: event.missing_items };
    case 'intake.overdue':
      return { kind: 'intake_overdue', due_date: event.due_date, outstanding_items: event.outstanding_items };
    default:
      return undefined;
  }
}
