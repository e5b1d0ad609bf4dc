import { messageIdsOf, type ProviderMailNotification, readProviderBody } from '@intake/domain-bounce';
import { Clock, Diagnostics, UnitOfWork } from '@intake/kernel';
import { ChaseIntakes } from '../ports/chase-intakes.port';
import { SentChases } from '../ports/sent-chases.port';
import { RecordMailEvents } from './record-mail-events';

/** The answer of POST /v1/provider/mail-events. */
export interface MailEventsReport {
  /**
   * `applied`: reports were applied; `duplicate`: every report had been applied before;
   * `unknown_message`: no chase went out with that message id (acknowledged and ignored);
   * `handshake`: an SNS subscription message, logged for the operator.
   */
  outcome: 'applied' | 'duplicate' | 'unknown_message' | 'handshake';
  applied: number;
  duplicates: number;
}

const nothing = (outcome: MailEventsReport['outcome']): MailEventsReport => ({ outcome, applied: 0, duplicates: 0 });

/**
 * POST /v1/provider/mail-events (docs/contexts/chasing.md, "Bounces: mail provider events and reinstating"):
 * a mail provider's bounce, complaint or delivery notification (SES shape, bare or in an SNS envelope)
 * applied to the chase whose message it is, in one transaction under the intake's lock. Malformed bodies are
 * 422; a message no chase went out with is acknowledged and logged, so the provider does not retry it
 * forever.
 */
export class ReceiveMailEvents {
  static readonly inject = [UnitOfWork, SentChases, ChaseIntakes, RecordMailEvents, Clock, Diagnostics] as const;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly sent: SentChases,
    private readonly intakes: ChaseIntakes,
    private readonly recorder: RecordMailEvents,
    private readonly clock: Clock,
    private readonly diagnostics: Diagnostics,
  ) {}

  async execute(body: unknown): Promise<MailEventsReport> {
    const read = readProviderBody(body);
    switch (read.kind) {
      case 'invalid':
        throw read.error;
      case 'handshake':
        // Confirming would mean fetching a URL the request names: an operator opens it instead.
        this.diagnostics.warn('mail_events.sns_handshake', {
          type: read.type,
          topic_arn: read.topic_arn,
          subscribe_url: read.subscribe_url,
        });
        return nothing('handshake');
      case 'notification':
        return this.apply(read.notification);
    }
  }

  private async apply(notification: ProviderMailNotification): Promise<MailEventsReport> {
    const ids = messageIdsOf(notification);
    const found = await this.sent.findByMessageId(ids);
    const report = found
      ? await this.uow.run(async () => {
          // Read again under the intake's lock: a concurrent notification may have changed the chase.
          const intake = await this.intakes.getForUpdate(found.account_id, found.intake_id);
          const chase = intake && (await this.sent.findByMessageId(ids));
          if (!intake || chase?.intake_id !== intake.id) return undefined;
          const recorded = await this.recorder.record(intake, chase, notification, this.clock.now());
          return {
            outcome: recorded.applied > 0 ? 'applied' : 'duplicate',
            applied: recorded.applied,
            duplicates: recorded.duplicates,
          } as const;
        })
      : undefined;
    if (report) return report;
    this.diagnostics.warn('mail_events.unknown_message', {
      provider_message_id: notification.provider_message_id,
      header_message_id: notification.header_message_id ?? null,
      events: notification.events.map((event) => event.type),
    });
    return nothing('unknown_message');
  }
}
