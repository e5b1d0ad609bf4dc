import { type Catalogue, type Language } from '@intake/domain-messages';
import { cs } from './cs';
import { de } from './de';
import { type ChaseMailKey, en } from './en';
import { es } from './es';
import { pl } from './pl';
import { sk } from './sk';

export type { ChaseMailKey };

/** The e-mails' words by language (docs/contract.md "Client language"); English is the reference. */
export const CHASE_MAIL_CATALOGUES: Readonly<Record<Language, Catalogue<ChaseMailKey>>> = { cs, sk, pl, de, es, en };
