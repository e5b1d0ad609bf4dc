import { type Language, translator } from '@intake/domain-messages';
import { CHASE_MAIL_CATALOGUES } from './catalogue';
import { oneLine } from './layout';
import { type MailAccount } from './model';

/** Who the client sees as asking: the account's sender name, or its name when it has none. */
export interface Sender {
  sender_name: string;
  using_fallback_sender_name: boolean;
}

export function senderOf(account: Pick<MailAccount, 'name' | 'sender_name'>): Sender {
  const own = oneLine(account.sender_name ?? '');
  return own
    ? { sender_name: own, using_fallback_sender_name: false }
    : { sender_name: oneLine(account.name), using_fallback_sender_name: true };
}

/**
 * The display name of a client mail's From: "Jana from Studio" when the account has a sender name
 * that does not already name the account, else the one name there is.
 */
export function fromName(account: Pick<MailAccount, 'name' | 'sender_name'>, language: Language): string {
  const { sender_name, using_fallback_sender_name } = senderOf(account);
  const accountName = oneLine(account.name);
  if (using_fallback_sender_name || sender_name.toLowerCase().includes(accountName.toLowerCase())) return sender_name;
  return translator(CHASE_MAIL_CATALOGUES[language], language)('from_name', {
    sender: sender_name,
    account: accountName,
  });
}

/**
 * A From header value: `"Jana from Studio" <noreply@example.com>`. The name is quoted (quotes and
 * backslashes escaped, line breaks and control characters removed, so it cannot add a header);
 * the address comes from configuration and must be a plain `local@domain`.
 */
export function fromHeader(displayName: string, address: string): string {
  if (!/^[^\s<>()",;:\\@]+@[^\s<>()",;:\\@]+$/.test(address)) {
    throw new TypeError(`fromHeader: not a plain e-mail address: ${JSON.stringify(address)}`);
  }
  const name = oneLine(displayName).replace(/[\\"]/g, (c) => `\\${c}`);
  return name ? `"${name}" <${address}>` : address;
}
