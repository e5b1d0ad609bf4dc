import { type Language, resolveLanguage } from '@intake/domain-messages';
import { cs } from './cs';
import { de } from './de';
import { en, type PortalCatalogue } from './en';
import { es } from './es';
import { pl } from './pl';
import { sk } from './sk';

export type { MessageKey, PortalCatalogue } from './en';

/** The portal page's catalogues by client language (the intake's client.language); the server embeds one in the page. */
export const CATALOGUES: Readonly<Record<Language, PortalCatalogue>> = { cs, sk, pl, de, es, en };

/** The intake's language when it is one we speak, else English. */
export function pageLanguage(language: string | null | undefined): Language {
  return resolveLanguage(language);
}
