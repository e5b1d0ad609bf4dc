import { resolveLanguage, translator } from '@intake/domain-messages';
import { CHASE_MAIL_CATALOGUES } from './catalogue';
import { renderClientMail } from './client-mails';
import { type EmailCopy, type MailAccount } from './model';
import { fromName, senderOf } from './sender';

export interface PreviewInput {
  account: MailAccount;
  /** Query `language`; default (and for one we do not speak) the account's default_language, then en. */
  language?: string | null;
  /** Query `project_name`; default (and when blank) a placeholder in the language. */
  project_name?: string | null;
  /** The owner's own subject, to preview an intake's `email_copy`. */
  email_copy?: EmailCopy | null;
}

/** GET /v1/intakes/preview's body. */
export interface MailPreview {
  language: string;
  from_name: string;
  subject: string;
  sender_name: string;
  using_fallback_sender_name: boolean;
}

/**
 * What the client would see of an invitation before opening it (GET /v1/intakes/preview): the From
 * display name, the subject, and the sender name with whether it is the account-name fallback.
 */
export function previewMail({ account, language, project_name, email_copy }: PreviewInput): MailPreview {
  const lang = resolveLanguage(language, account.default_language);
  const project = project_name?.trim() || translator(CHASE_MAIL_CATALOGUES[lang], lang)('placeholder_project');
  const invitation = renderClientMail({
    kind: 'invite',
    account,
    language: lang,
    project_name: project,
    recipient_name: null,
    portal_url: '',
    email_copy,
  });
  return { language: lang, from_name: fromName(account, lang), subject: invitation.subject, ...senderOf(account) };
}
