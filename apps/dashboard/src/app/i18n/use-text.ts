import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type MessageKey } from './catalogues/en';
import { type Language } from './languages';

export type TextParams = Readonly<Record<string, string | number>>;

/** The text function of the language shown: `text(key, params)`, with `{n}` choosing the plural form. */
export interface Text {
  (key: MessageKey, params?: TextParams): string;
  language: Language;
  /** A date (ISO string) the language's way, e.g. 2 Nov 2026 / 2. 11. 2026. */
  date(iso: string): string;
  /** A date and time the language's way, in the browser's time zone. */
  dateTime(iso: string): string;
}

export function useText(): Text {
  const { t, i18n } = useTranslation();
  const language = (i18n.resolvedLanguage ?? i18n.language) as Language;
  return useMemo(() => {
    const text = ((key: MessageKey, params: TextParams = {}) =>
      String(t(key, typeof params['n'] === 'number' ? { ...params, count: params['n'] } : params))) as Text;
    const dates = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
    const dateTimes = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    text.language = language;
    text.date = (iso) => dates.format(new Date(iso));
    text.dateTime = (iso) => dateTimes.format(new Date(iso));
    return text;
  }, [t, language]);
}
