import { type Language, resolveLanguage, translator } from '@intake/domain-messages';
import { CHASE_MAIL_CATALOGUES } from './catalogue';
import { oneLine } from './layout';
import { type MailAccount } from './model';
import { senderOf } from './sender';

/** The longest sender and project names a text message quotes whole; longer ones are cut with “…”. */
export const SMS_NAME_MAX = 40;
export const SMS_PROJECT_MAX = 60;

/** A manual chase by SMS (chase kind manual, channel sms). */
export interface ClientSms {
  account: MailAccount;
  project_name: string;
  /** client.language; unknown or absent falls back to the account's default_language, then en. */
  language?: string | null;
  /** The client's portal link. */
  portal_url: string;
}

/** A text message ready for the transport, in the language it was written in. */
export interface RenderedSms {
  language: Language;
  body: string;
}

/** Cut to `max` characters (whole code points), the cut marked with an ellipsis. */
function clip(value: string, max: number): string {
  const chars = [...value];
  return chars.length <= max
    ? value
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}

/**
 * The one line a manual SMS chase sends: who asks, for which project, and the portal link. Names
 * are put on one line and clipped, so a long project name cannot make the message cost several
 * segments more than it must; the link is never clipped.
 */
export function renderClientSms(sms: ClientSms): RenderedSms {
  const language = resolveLanguage(sms.language, sms.account.default_language);
  const t = translator(CHASE_MAIL_CATALOGUES[language], language);
  const body = t('sms_manual', {
    sender: clip(senderOf(sms.account).sender_name, SMS_NAME_MAX),
    project: clip(oneLine(sms.project_name), SMS_PROJECT_MAX),
    link: sms.portal_url.trim(),
  });
  return { language, body };
}
