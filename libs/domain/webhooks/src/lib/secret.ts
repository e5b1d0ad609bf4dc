import { randomToken } from '@intake/ids';

export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** 32 random bytes: 256 bits (issue #13 asks for at least 256). */
export const WEBHOOK_SECRET_BYTES = 32;

/**
 * A new endpoint secret: `whsec_` and 32 random bytes in base64url (43 characters). The HMAC key
 * is the whole string's UTF-8 bytes, prefix included, so receivers use it exactly as shown.
 */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomToken(WEBHOOK_SECRET_BYTES)}`;
}
