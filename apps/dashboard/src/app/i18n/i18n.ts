import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { type Catalogue } from '@intake/domain-messages';
import { en } from './catalogues/en';
import { chooseLanguage, type Language } from './languages';
import { toI18next } from './to-i18next';

/** The other languages' catalogues load when first shown, not with the first page. */
const LOADERS: Readonly<Record<Exclude<Language, 'en'>, () => Promise<Catalogue>>> = {
  cs: () => import('./catalogues/cs').then((m) => m.cs),
  sk: () => import('./catalogues/sk').then((m) => m.sk),
  pl: () => import('./catalogues/pl').then((m) => m.pl),
  de: () => import('./catalogues/de').then((m) => m.de),
  es: () => import('./catalogues/es').then((m) => m.es),
};

/** Where the user's pick is kept in this browser. */
const STORAGE_KEY = 'intake.dashboard.language';

function storedLanguage(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

async function load(language: Language): Promise<void> {
  if (language === 'en' || i18next.hasResourceBundle(language, 'translation')) return;
  i18next.addResourceBundle(language, 'translation', toI18next(await LOADERS[language]()));
}

/**
 * i18next with the dashboard's catalogues: `{name}` placeholders (as in the portal's and the mails'
 * catalogues), flat keys, English as the fallback, and `<html lang>` kept equal to the language
 * shown.
 */
export async function startI18n(): Promise<void> {
  const language = chooseLanguage(storedLanguage(), navigator.languages ?? [navigator.language]);
  i18next.on('languageChanged', (shown) => {
    document.documentElement.lang = shown;
  });
  await i18next.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: ['cs', 'sk', 'pl', 'de', 'es', 'en'],
    resources: { en: { translation: toI18next(en) } },
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
    react: { useSuspense: false },
  });
  await showLanguage(language);
}

/** Shows `language`, loading its catalogue first. */
export async function showLanguage(language: Language): Promise<void> {
  await load(language);
  await i18next.changeLanguage(language);
}

/** The user picked `language`: shown now and remembered in this browser. */
export async function pickLanguage(language: Language): Promise<void> {
  try {
    window.localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // private mode without storage: the pick lasts until the page is left
  }
  await showLanguage(language);
}
