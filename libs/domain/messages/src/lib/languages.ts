/** Languages of the portal and e-mails (docs/contract.md "Client language"). */
export const LANGUAGES = ['cs', 'sk', 'pl', 'de', 'es', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The language every catalogue is checked against and the last fallback. */
export const REFERENCE_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The first of the preferences we speak, else English (docs/contract.md "Client language": falls back
 * to the account's `default_language`, then English): `resolveLanguage(client.language,
 * account.default_language)`. Codes are taken as they are: `DE` or `de-AT` is not spoken.
 */
export function resolveLanguage(...preferences: readonly (string | null | undefined)[]): Language {
  return preferences.find(isLanguage) ?? REFERENCE_LANGUAGE;
}
