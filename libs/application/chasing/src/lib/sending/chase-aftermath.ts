import { SYSTEM_ACTOR } from '@intake/domain-kernel';
import { AuditRecorder } from '@intake/kernel';
import { type ChaseOutcome, type DueChase } from '../ports/chase-queue.port';
import { SmsCredits } from '../manual/sms-credits';
import { CLIENT_MAIL_AUDIT } from '../thank-you/client-mail-audit';
import { ChaseStore } from '../ports/chase-store.port';

const SCHEDULER_META = { ip: null, requestId: null } as const;

/**
 * What a recorded chase outcome sets off besides the reminder plan, in the transaction that
 * records it: a live SMS chase never sent gives its credit back (RecordManualChase took it), and
 * the outcome of a client mail that is no chase of the API contract (the thank-you, the
 * items-added notice) is audited, the owner's record of it.
 */
export class ChaseAftermath {
  static readonly inject = [ChaseStore, SmsCredits, AuditRecorder] as const;

  constructor(
    private readonly chases: ChaseStore,
    private readonly credits: SmsCredits,
    private readonly audit: AuditRecorder,
  ) {}

  async settled(chase: DueChase, outcome: ChaseOutcome): Promise<void> {
    if (chase.channel === 'sms' && (outcome.status === 'failed' || outcome.status === 'cancelled')) {
      await this.giveBackCredit(chase);
    }
    if (chase.kind === 'thank_you' || chase.kind === 'items_added') {
      await this.audit.record(
        chase.account_id,
        SYSTEM_ACTOR,
        CLIENT_MAIL_AUDIT[chase.kind],
        chase.intake_id,
        SCHEDULER_META,
        {
          intake_id: chase.intake_id,
          chase_id: chase.id,
          status: outcome.status,
          ...(outcome.status === 'sent' ? { recipients: outcome.recipients } : { error: outcome.error }),
          ...(chase.item_keys ? { item_keys: chase.item_keys } : {}),
        },
      );
    }
  }

  private async giveBackCredit(chase: DueChase): Promise<void> {
    const record = (await this.chases.chases(chase.intake_id)).find((c) => c.id === chase.id);
    await this.credits.giveBack(chase.account_id, record?.created_at ?? chase.scheduled_at);
  }
}
