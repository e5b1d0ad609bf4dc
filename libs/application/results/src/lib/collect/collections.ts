import { actorOf, type Principal } from '@intake/domain-accounts';
import { DomainError } from '@intake/errors';
import { AuditRecorder, type RequestMeta } from '@intake/kernel';
import { ResultCursors } from '../ports/result-cursors.port';
import { ResultIntakes } from '../ports/result-intakes.port';
import { type IntakeRecord } from '@intake/domain-intake';

/**
 * What a collection of results leaves behind: the API key's `only_new` cursor and, the first
 * time, the intake's `delivered_at` (audited `intake.delivered`; `purge_at` of an
 * `on_delivery` intake follows, as the write path derives it). In the caller's unit of work.
 */
export class Collections {
  static readonly inject = [ResultIntakes, ResultCursors, AuditRecorder] as const;

  constructor(
    private readonly intakes: ResultIntakes,
    private readonly cursors: ResultCursors,
    private readonly audit: AuditRecorder,
  ) {}

  /** When this key last collected the intake; null before its first collection. */
  previous(apiKeyId: string, intakeId: string): Promise<Date | null> {
    return this.cursors.previous(apiKeyId, intakeId);
  }

  /** Records a produced answer (`intake` as read under its row lock). */
  async record(
    intake: IntakeRecord,
    principal: Principal,
    apiKeyId: string,
    meta: RequestMeta,
    now: Date,
  ): Promise<void> {
    await this.deliver(intake, principal, meta, now);
    await this.cursors.advance(apiKeyId, intake.id, now);
  }

  /**
   * Records the first hand-over of the intake's results (a collection, or a whole ZIP download):
   * `delivered_at`, audited `intake.delivered`; later ones change nothing.
   */
  async deliver(intake: IntakeRecord, principal: Principal, meta: RequestMeta, now: Date): Promise<void> {
    if (!intake.delivered_at) {
      if (!(await this.intakes.markDelivered(intake, now))) {
        throw new DomainError('conflict', 'The intake changed meanwhile; retry.', { reason: 'concurrent_change' });
      }
      await this.audit.record(intake.account_id, actorOf(principal), 'intake.delivered', intake.id, meta, {});
    }
  }
}
