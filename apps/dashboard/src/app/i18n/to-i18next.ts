import { type Catalogue, isPluralMessage } from '@intake/domain-messages';

/**
 * A catalogue in i18next's shape: a plural message's forms become `<key>_<form>` entries, which
 * i18next picks with Intl.PluralRules for the `count` option (t() is called with `count: n`).
 */
export function toI18next(catalogue: Catalogue): Record<string, string> {
  const resources: Record<string, string> = {};
  for (const [key, message] of Object.entries(catalogue)) {
    if (!isPluralMessage(message)) resources[key] = message;
    else for (const [form, text] of Object.entries(message)) if (text !== undefined) resources[`${key}_${form}`] = text;
  }
  return resources;
}
