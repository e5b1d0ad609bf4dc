import { AccountStore } from '@intake/application-accounts';
import { type Branding, effectiveBranding } from '@intake/domain-accounts';
import { type IntakeRecord } from '@intake/domain-intake';

/**
 * The branding the client sees on the portal page: the intake's own, else its account's default
 * (read when the page is served, so a changed default shows at once), else none.
 */
export class PortalBranding {
  static readonly inject = [AccountStore] as const;

  constructor(private readonly accounts: AccountStore) {}

  async of(intake: Pick<IntakeRecord, 'account_id' | 'branding'>): Promise<Branding | null> {
    if (intake.branding) return intake.branding;
    const account = await this.accounts.getAccount(intake.account_id);
    return effectiveBranding(intake.branding, account?.branding ?? null);
  }
}
