import { type ChaseRecord, type ContractChase, intakeState, IntakeWriter } from '@intake/application-intakes';
import { SmsTransport } from '@intake/application-sms';
import { type Principal } from '@intake/domain-accounts';
import { missingItemKeys, type IntakeRecord } from '@intake/domain-intake';
import { DomainError, validationFailed } from '@intake/errors';
import { newId } from '@intake/ids';
import { type RequestMeta } from '@intake/kernel';
import { recipientsOf, TEST_MODE_SKIP } from '../sending/deliver-chase';
import { ManualChaseLimits } from './manual-chase-limits';
import { SmsCredits } from './sms-credits';
import { ChaseStore } from '../ports/chase-store.port';

export type ChaseChannel = ChaseRecord['channel'];

export interface RecordManualChaseInput {
  principal: Principal;
  intakeId: string;
  /** Default `email`. */
  channel?: ChaseChannel;
  meta: RequestMeta;
}

/** Only an intake the client is working on can be chased: a draft was never sent, a completed one is done. */
function assertChaseable(intake: IntakeRecord): void {
  if (intake.status === 'draft') {
    throw new DomainError('conflict', 'The intake is a draft: send it first (POST /v1/intakes/:id/send).', {
      reason: 'not_sent',
    });
  }
  if (intake.status === 'completed') {
    throw new DomainError('conflict', 'The intake is completed: nothing is left to chase.', {
      reason: 'intake_completed',
    });
  }
}

/**
 * POST /v1/intakes/:id/chase: the owner chases the client now, by e-mail or SMS. The chase is
 * recorded due now (kind `manual`) and the scheduler's next pass sends it like any other, so test
 * mode (recorded `skipped`), bounces, retries and leases apply alike. It does not count toward
 * `max_reminders`, and does not resume a stalled intake. Limits: 1 per intake and 20 per account
 * per clock hour, whatever the channel. An SMS chase needs the client's phone, the plan's SMS
 * feature and a credit (a live one takes it in this transaction), and a configured SMS provider.
 */
export class RecordManualChase {
  static readonly inject = [IntakeWriter, ChaseStore, ManualChaseLimits, SmsCredits, SmsTransport] as const;

  constructor(
    private readonly writer: IntakeWriter,
    private readonly chases: ChaseStore,
    private readonly limits: ManualChaseLimits,
    private readonly credits: SmsCredits,
    private readonly sms: SmsTransport,
  ) {}

  async execute({ principal, intakeId, channel = 'email', meta }: RecordManualChaseInput): Promise<ContractChase> {
    const id = newId('chase');
    let chase: ContractChase | undefined;
    await this.writer.change({ by: 'owner', principal, intakeId }, meta, {
      action: 'intake.chased',
      summary: { chase_id: id, channel },
      decide: async (intake, items, now) => {
        assertChaseable(intake);
        // Checks a failure rolls back (the credit is in this transaction) before the hourly counters, which stay.
        if (channel === 'sms') await this.assertSms(intake, now);
        else if (recipientsOf(intake).length === 0) {
          throw new DomainError('conflict', 'Every address of this intake has bounced; reinstate one first.', {
            reason: 'recipients_bounced',
          });
        }
        await this.limits.count(intake.account_id, intake.id, now);
        chase = manualChase(id, intake, channel, missingItemKeys(items).length, now);
        return { intake: intakeState(intake, items), events: [] };
      },
      after: async () => {
        if (chase) await this.chases.insertChase(chase);
      },
    });
    if (!chase) throw new Error('RecordManualChase: the write path did not decide');
    return chase;
  }

  private async assertSms(intake: IntakeRecord, now: Date): Promise<void> {
    if (!intake.client_phone) {
      throw validationFailed(
        [{ path: 'client.phone', message: 'is required for an SMS chase (set it with PATCH /v1/intakes/:id)' }],
        'The client has no phone number to text.',
      );
    }
    const limit = await this.credits.quota(intake.account_id); // 402 plan_required before 503
    if (intake.mode === 'test') return this.credits.assertLeft(intake.account_id, limit, now);
    if (this.sms.driver === 'none') {
      throw new DomainError(
        'service_unavailable',
        'SMS is not configured on this service (SMS_DRIVER), so SMS chases cannot be sent; chase by e-mail instead.',
        { reason: 'sms_not_configured' },
      );
    }
    await this.credits.take(intake.account_id, limit, now);
  }
}

/** The chase record: due now for a live intake, `skipped` for a test intake (which never contacts the client). */
function manualChase(
  id: string,
  intake: IntakeRecord,
  channel: ChaseChannel,
  missing: number,
  now: Date,
): ContractChase {
  const live = intake.mode === 'live';
  return {
    id,
    intake_id: intake.id,
    channel,
    kind: 'manual',
    status: live ? 'scheduled' : 'skipped',
    scheduled_at: now,
    sent_at: null,
    attempt_no: 0,
    missing_items_count: missing,
    error: live ? null : TEST_MODE_SKIP,
    created_at: now,
  };
}
