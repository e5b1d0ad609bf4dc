import { NativeSelect } from '@mantine/core';
import { pickLanguage } from '../i18n/i18n';
import { isLanguage } from '@intake/domain-messages';
import { LANGUAGE_NAMES, LANGUAGES } from '../i18n/languages';
import { useText } from '../i18n/use-text';

/** The languages by their own names; a pick is shown at once and remembered in this browser. */
export function LanguagePicker() {
  const text = useText();
  return (
    <NativeSelect
      aria-label={text('language.label')}
      size="xs"
      value={text.language}
      data={LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }))}
      onChange={(event) => {
        const language = event.currentTarget.value;
        if (isLanguage(language)) void pickLanguage(language);
      }}
    />
  );
}
