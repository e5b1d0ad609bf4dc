import { type IntakeEvent } from '@intake/domain-intake';
import { isFileType } from '@intake/domain-items';
import { Outbox } from '@intake/kernel';
import { type IntakeRecord, type ItemRecord } from '../model/records';
import { IntakeStore } from '../ports/intake.store';
import { type OwnerAlert, OwnerNotifier } from '../ports/owner-notifier.port';
import { ReminderPlanner } from '../ports/reminder-planner';

/**
 * What an intake's events set off, in the caller's transaction: the webhook-visible ones into the
 * outbox with the spec's payloads (SPEC.md "Event kinds"; they leave only once it commits), the
 * chasing they start or stop (a sent or reopened intake plans its next reminder, a completed or
 * stalled one cancels it), and the owner's e-mail on completion, a stall or an overdue intake
 * (queued; the account's settings decide who gets one).
 */
export class IntakeEvents {
  static readonly inject = [Outbox, IntakeStore, ReminderPlanner, OwnerNotifier] as const;

  constructor(
    private readonly outbox: Outbox,
    private readonly intakes: IntakeStore,
    private readonly reminders: ReminderPlanner,
    private readonly owner: OwnerNotifier,
  ) {}

  async emit(intake: IntakeRecord, events: IntakeEvent[], now: Date, items: ItemRecord[] = []): Promise<void> {
    const timestamp = Math.floor(now.getTime() / 1000);
    for (const event of events) {
      const payload = payloadOf(intake, event, items, timestamp);
      if (payload) await this.webhook(intake, payload, now);
      await this.followChasing(intake, event, now);
      const alert = alertOf(event);
      if (alert) await this.owner.notify(intake, items, alert, now);
    }
  }

  private async followChasing(intake: IntakeRecord, event: IntakeEvent, now: Date): Promise<void> {
    if (event.type === 'intake.sent' || event.type === 'intake.reopened') await this.reminders.replan(intake, now);
    if (event.type === 'intake.completed' || event.type === 'intake.stalled') {
      await this.intakes.cancelScheduledChases(intake.id, ['reminder']);
    }
  }

  /** client.viewed: carries the slug and no timestamp. */
  clientViewed(intake: IntakeRecord, now: Date): Promise<void> {
    return this.webhook(
      intake,
      { event: 'client.viewed', intake_id: intake.id, slug: intake.slug, project_name: intake.project_name },
      now,
    );
  }

  /** A webhook event of the intake (its account and mode) into the outbox: for events no state machine emits. */
  webhook(intake: IntakeRecord, payload: Record<string, unknown>, now: Date): Promise<void> {
    return this.outbox.append('webhook', { account_id: intake.account_id, mode: intake.mode, payload }, now);
  }
}

function payloadOf(
  intake: IntakeRecord,
  event: IntakeEvent,
  items: ItemRecord[],
  timestamp: number,
): Record<string, unknown> | undefined {
  switch (event.type) {
    case 'intake.archived':
    case 'intake.completed':
      return { event: event.type, intake_id: intake.id, project_name: intake.project_name, timestamp };
    case 'intake.stalled':
      return {
        event: event.type,
        intake_id: intake.id,
        project_name: intake.project_name,
        missing_items: event.missing_items,
        timestamp,
      };
    case 'intake.overdue':
      return {
        event: event.type,
        intake_id: intake.id,
        project_name: intake.project_name,
        due_date: event.due_date,
        outstanding_items: event.outstanding_items,
        timestamp,
      };
    case 'item.submitted': {
      const item = items.find((i) => i.key === event.item_key);
      return {
        event: event.type,
        intake_id: intake.id,
        project_name: intake.project_name,
        item_key: event.item_key,
        item_label: item?.label ?? null,
        item_type: item?.type ?? null,
        ...(item && isFileType(item.type) ? { file_count: event.file_count ?? 0 } : {}),
        timestamp,
      };
    }
    default:
      // The state machines' other events are not webhook events (SPEC.md "Event kinds").
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
