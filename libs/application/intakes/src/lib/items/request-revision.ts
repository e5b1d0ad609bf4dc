import { AccountStore } from '@intake/application-accounts';
import { planOf } from '@intake/domain-accounts';
import { requestRevision } from '@intake/domain-intake';
import { notFound } from '@intake/errors';
import { intakeState } from '../model/intake-state';
import { IntakeChases } from '../ports/intake-chases.port';
import { notifyingChase } from '../write-path/chases';
import { type ItemCommand, IntakeWriter } from '../write-path/intake-writer';

export interface RequestRevisionInput extends ItemCommand {
  note: string;
}

/**
 * POST /v1/intakes/:id/revision: the item goes back to the client with a note (402 on plans
 * without revisions), and a revision chase notifies them (skipped in test mode).
 */
export class RequestRevision {
  static readonly inject = [IntakeWriter, AccountStore, IntakeChases] as const;

  constructor(
    private readonly writer: IntakeWriter,
    private readonly accounts: AccountStore,
    private readonly chases: IntakeChases,
  ) {}

  async execute({ principal, intakeId, key, note, meta }: RequestRevisionInput): Promise<{ clientNotified: boolean }> {
    const account = await this.accounts.getAccount(principal.accountId);
    if (!account) throw notFound('Account');
    const revisions = planOf(account.plan).features.revisions;
    let notified = false;
    await this.writer.change({ by: 'owner', principal, intakeId }, meta, {
      action: 'item.revision_requested',
      summary: { item_key: key },
      decide: (intake, items, now) => requestRevision(intakeState(intake, items), key, note, revisions, now),
      after: async (intake, now) => {
        notified = intake.mode === 'live';
        await this.chases.insertChase(notifyingChase(intake, 'revision', now));
      },
    });
    return { clientNotified: notified };
  }
}
