import { IntakeEvents, OwnerNotifier } from '@intake/application-intakes';
import {
  applyMailEvent,
  type BounceAnnouncement,
  chaseStatusAfter,
  mailEventKey,
  type ProviderMailNotification,
} from '@intake/domain-bounce';
import { SYSTEM_ACTOR } from '@intake/domain-kernel';
import { chaseBouncedPayload } from '@intake/domain-webhooks';
import { DomainError } from '@intake/errors';
import { AuditRecorder } from '@intake/kernel';
import { ChaseIntakes } from '../ports/chase-intakes.port';
import { type SentChase, SentChases } from '../ports/sent-chases.port';
import { bounceStateOf, type IntakeRecipient, recipientsChanged, withRecipients } from './intake-recipients';
import { ChaseStore } from '../ports/chase-store.port';
import { type IntakeRecord } from '@intake/domain-intake';

const PROVIDER_META = { ip: null, requestId: null } as const;

/** What one notification did to its chase. */
export interface RecordedMailEvents {
  /** Reports applied now. */
  applied: number;
  /** Reports this chase had already had applied (the provider delivered them again). */
  duplicates: number;
  /** Addresses retired now, as the intake stores them. */
  retired: string[];
}

interface Applied {
  recipients: IntakeRecipient[];
  deliveredTo: string[];
  status: SentChase['status'];
  keys: string[];
  announcements: BounceAnnouncement[];
  retired: string[];
  cancel: boolean;
}

const concurrentChange = () =>
  new DomainError('conflict', 'The intake changed meanwhile; retry.', { reason: 'concurrent_change' });

/**
 * The reports of one notification about one chase's message, in the caller's transaction with the
 * intake locked: the bounce rules applied report by report (each once: a report the chase already
 * had is skipped), then the intake's addresses, the chase's status, delivered addresses and
 * reports saved; the reminders cancelled when nobody is left; per bounce or complaint a
 * chase.bounced webhook through the outbox and an audit entry by the system, and per address
 * retired the owner's e-mail (OwnerNotifier, by the account's `notify_on_bounced`).
 */
export class RecordMailEvents {
  static readonly inject = [ChaseIntakes, ChaseStore, SentChases, AuditRecorder, IntakeEvents, OwnerNotifier] as const;

  constructor(
    private readonly intakes: ChaseIntakes,
    private readonly chases: ChaseStore,
    private readonly sent: SentChases,
    private readonly audit: AuditRecorder,
    private readonly events: IntakeEvents,
    private readonly owner: OwnerNotifier,
  ) {}

  async record(
    intake: IntakeRecord,
    chase: SentChase,
    notification: ProviderMailNotification,
    now: Date,
  ): Promise<RecordedMailEvents> {
    const applied = this.apply(intake, chase, notification);
    const duplicates = notification.events.length - applied.keys.length;
    if (applied.keys.length === 0) return { applied: 0, duplicates, retired: [] };

    const next = withRecipients(intake, applied.recipients);
    if (recipientsChanged(intake, next) && !(await this.intakes.recordRecipients(next))) throw concurrentChange();
    const change = {
      from: chase.status,
      status: applied.status,
      delivered_to: applied.deliveredTo,
      events: applied.keys,
    };
    if (!(await this.sent.recordEvents(chase.id, change))) throw concurrentChange();
    if (applied.cancel) await this.chases.cancelScheduledChases(intake.id, ['reminder']);

    const ids = { intake_id: intake.id, chase_id: chase.id, provider_message_id: notification.provider_message_id };
    for (const announcement of applied.announcements) {
      await this.events.webhook(next, chaseBouncedPayload(ids, announcement, now), now);
      const { event_type, recipient, bounce_type, still_chasing, delivered_before } = announcement;
      await this.audit.record(
        intake.account_id,
        SYSTEM_ACTOR,
        event_type === 'complained' ? 'recipient.complained' : 'recipient.bounced',
        intake.id,
        PROVIDER_META,
        {
          intake_id: intake.id,
          chase_id: chase.id,
          email: recipient,
          bounce_type,
          delivered_before,
          retired: applied.retired.includes(recipient),
          still_chasing,
        },
      );
      if (applied.retired.includes(recipient)) {
        await this.owner.notify(
          next,
          [],
          { kind: 'client_bounced', address: recipient, event_type, still_chasing },
          now,
        );
      }
    }
    return { applied: applied.keys.length, duplicates, retired: applied.retired };
  }

  /** The rules, report after report, each seeing what the ones before it changed. */
  private apply(intake: IntakeRecord, chase: SentChase, notification: ProviderMailNotification): Applied {
    const state = bounceStateOf(intake);
    const seen = new Set(chase.provider_events);
    const applied: Applied = {
      recipients: state.recipients,
      deliveredTo: [...chase.delivered_to],
      status: chase.status,
      keys: [],
      announcements: [],
      retired: [],
      cancel: false,
    };
    for (const event of notification.events) {
      const key = mailEventKey(event);
      if (seen.has(key)) continue;
      seen.add(key);
      applied.keys.push(key);
      const outcome = applyMailEvent(
        { intake: state.intake, recipients: applied.recipients, message: { delivered_to: applied.deliveredTo } },
        event,
      );
      applied.recipients = outcome.recipients;
      applied.deliveredTo = outcome.message.delivered_to;
      applied.status = chaseStatusAfter(applied.status, outcome.chase_status);
      applied.cancel ||= outcome.cancel_future_reminders;
      if (outcome.retired) applied.retired.push(outcome.retired);
      if (outcome.announcement) applied.announcements.push(outcome.announcement);
    }
    return applied;
  }
}
