import { type SchedulerPass } from '@intake/application-scheduling';
import { SYSTEM_ACTOR } from '@intake/domain-kernel';
import { AuditRecorder, UnitOfWork } from '@intake/kernel';
import { BillingStore } from '../ports/billing-store.port';

/**
 * The scheduler's sweep: accounts whose grace period after a failed payment ended without a
 * successful payment go to Free (their data stays; only new spending is refused).
 */
export class EndGracePeriods implements SchedulerPass {
  static readonly inject = [BillingStore, UnitOfWork, AuditRecorder] as const;
  readonly name = 'billing.grace_end';

  constructor(
    private readonly billing: BillingStore,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditRecorder,
  ) {}

  async run(now: Date): Promise<number> {
    const due = await this.billing.graceEnded(now);
    for (const accountId of due)
      await this.uow.run(async () => {
        // Claimed with a guarded update: a payment that succeeded meanwhile, or another scheduler, wins.
        if (!(await this.billing.endGrace(accountId, now))) return;
        const from = await this.billing.setPlan(accountId, 'free', now);
        if (from !== 'free')
          await this.audit.record(
            accountId,
            SYSTEM_ACTOR,
            'account.plan_changed',
            accountId,
            { ip: null, requestId: null },
            {
              from,
              to: 'free',
              reason: 'payment_grace_ended',
            },
          );
      });
    return due.length;
  }
}
