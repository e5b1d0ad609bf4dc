import { type Language, LANGUAGES, REFERENCE_LANGUAGE, isLanguage } from '@intake/domain-messages';

export { type Language, LANGUAGES };

/** Each language by its own name, as a language picker shows them. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  cs: 'Čeština',
  sk: 'Slovenčina',
  pl: 'Polski',
  de: 'Deutsch',
  es: 'Español',
  en: 'English',
};

/**
 * The first of the browser's languages (navigator.languages, what it sends as Accept-Language)
 * that the dashboard speaks, by primary subtag: `cs-CZ` is Czech, `de-AT` German.
 */
export function browserLanguage(preferences: readonly string[]): Language | undefined {
  for (const tag of preferences) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLanguage(primary)) return primary;
  }
  return undefined;
}

/**
 * The language to show: the one the user picked, if any; else the browser's; else English, the
 * last fallback of the portal and the mails too.
 */
export function chooseLanguage(chosen: string | null | undefined, browser: readonly string[]): Language {
  if (isLanguage(chosen)) return chosen;
  return browserLanguage(browser) ?? REFERENCE_LANGUAGE;
}
