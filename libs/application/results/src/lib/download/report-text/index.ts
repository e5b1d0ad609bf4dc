import { type Catalogue, type Language, translator, type Translate } from '@intake/domain-messages';
import { cs } from './cs';
import { de } from './de';
import { en, type ReportKey } from './en';
import { es } from './es';
import { pl } from './pl';
import { sk } from './sk';

export type { ReportKey };

/** The reports' words in every language we speak (REPORT_CATALOGUES.en is the reference). */
export const REPORT_CATALOGUES: Readonly<Record<Language, Catalogue<ReportKey>>> = { cs, sk, pl, de, es, en };

/** `t(key, params)` for the reports in `language`. */
export const reportTranslator = (language: Language): Translate<ReportKey> =>
  translator(REPORT_CATALOGUES[language], language);
