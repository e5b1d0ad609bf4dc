import { AccountStore } from '@intake/application-accounts';
import { type ChaseRecord, ClientThanks } from '@intake/application-intakes';
import { planThankYou } from '@intake/domain-chase';
import { SYSTEM_ACTOR } from '@intake/domain-kernel';
import { newId } from '@intake/ids';
import { AuditRecorder } from '@intake/kernel';
import { TEST_MODE_SKIP } from '../sending/deliver-chase';
import { CLIENT_MAIL_AUDIT } from './client-mail-audit';
import { ChaseStore } from '../ports/chase-store.port';
import { type IntakeRecord } from '@intake/domain-intake';

const SCHEDULER_META = { ip: null, requestId: null } as const;

/**
 * The intakes context's ClientThanks: on completion, by `planThankYou` (the intake's switch, else
 * the account's; quiet hours; never a second one while one waits), a chase of kind `thank_you`,
 * due now or when the client's window opens. The scheduler sends it like any chase (its
 * language, sender, reply-to, recipients, retries and bounces), and only while the intake is still
 * completed. A test intake's is recorded `skipped` and audited so at once; a live one's outcome is
 * audited when the scheduler records it.
 */
export class ThankClient extends ClientThanks {
  static readonly inject = [AccountStore, ChaseStore, AuditRecorder] as const;

  constructor(
    private readonly accounts: AccountStore,
    private readonly chases: ChaseStore,
    private readonly audit: AuditRecorder,
  ) {
    super();
  }

  async completed(intake: IntakeRecord, now: Date): Promise<void> {
    const account = await this.accounts.getAccount(intake.account_id);
    if (!account) return;
    const chases = await this.chases.chases(intake.id);
    const plan = planThankYou({
      mode: intake.mode,
      intakeSetting: intake.send_thank_you,
      accountSetting: account.send_thank_you,
      respectQuietHours: intake.respect_quiet_hours,
      timezone: intake.client_timezone,
      alreadyScheduled: chases.some((c) => c.kind === 'thank_you' && c.status === 'scheduled'),
      now,
    });
    if (plan.kind === 'none') return;
    const chase: ChaseRecord = {
      id: newId('chase'),
      intake_id: intake.id,
      channel: 'email',
      kind: 'thank_you',
      status: plan.kind === 'send' ? 'scheduled' : 'skipped',
      scheduled_at: plan.kind === 'send' ? plan.at : now,
      sent_at: null,
      attempt_no: 0,
      missing_items_count: null,
      error: plan.kind === 'send' ? null : TEST_MODE_SKIP,
      created_at: now,
    };
    await this.chases.insertChase(chase);
    if (plan.kind === 'skip') {
      await this.audit.record(intake.account_id, SYSTEM_ACTOR, CLIENT_MAIL_AUDIT.thank_you, intake.id, SCHEDULER_META, {
        intake_id: intake.id,
        chase_id: chase.id,
        status: 'skipped',
        error: TEST_MODE_SKIP,
      });
    }
  }
}
