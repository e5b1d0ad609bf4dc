import { AccountStore } from '@intake/application-accounts';
import { type MailPreview, previewMail } from '@intake/domain-chase-mail';
import { notFound } from '@intake/errors';

export interface PreviewInvitationInput {
  accountId: string;
  /** Default the account's default_language; one we do not speak falls back to it, then en. */
  language?: string;
  /** Default a placeholder project name in the language. */
  project_name?: string;
}

/**
 * GET /v1/intakes/preview: what a client would see of an invitation before opening it, with the
 * account's current settings (sender name, default language).
 */
export class PreviewInvitation {
  static readonly inject = [AccountStore] as const;

  constructor(private readonly accounts: AccountStore) {}

  async execute({ accountId, language, project_name }: PreviewInvitationInput): Promise<MailPreview> {
    const account = await this.accounts.getAccount(accountId);
    if (!account) throw notFound('Account');
    return previewMail({ account, language, project_name });
  }
}
