import { REFERENCE_LANGUAGE } from './languages';
import { type Catalogue, isPluralMessage, type Message, type PluralForm, placeholdersOf, textsOf } from './message';

/** The whole numbers a count can take that the checker tries: 0 to 1,000, then 10,000 and 100,000. */
const COUNTS = [...Array.from({ length: 1001 }, (_, n) => n), 10_000, 100_000];

/** The plural forms Intl.PluralRules picks for the language's whole-number counts, sorted. */
export function requiredPluralForms(language: string): PluralForm[] {
  const rules = new Intl.PluralRules(language);
  return [...new Set(COUNTS.map((n) => rules.select(n)))].sort();
}

export type CatalogueProblemKind =
  | 'missing_key'
  | 'extra_key'
  | 'placeholders'
  | 'kind'
  | 'plural_forms'
  | 'unknown_plural_form'
  | 'empty';

/** One way a catalogue differs from the reference (English) one. */
export interface CatalogueProblem {
  language: string;
  key: string;
  problem: CatalogueProblemKind;
  /** What is wrong, for a person reading a failed test. */
  detail: string;
}

const list = (names: readonly string[]) => `{${names.join(', ')}}`;

function messageProblems(
  [language, key]: [string, string],
  message: Message,
  [referenceLanguage, reference]: [string, Message],
): CatalogueProblem[] {
  const problems: CatalogueProblem[] = [];
  const add = (problem: CatalogueProblemKind, detail: string) => problems.push({ language, key, problem, detail });
  const [actual, expected] = [placeholdersOf(message), placeholdersOf(reference)];
  if (actual.join() !== expected.join())
    add('placeholders', `has ${list(actual)}, ${referenceLanguage} has ${list(expected)}`);
  if (isPluralMessage(message) !== isPluralMessage(reference)) {
    add('kind', isPluralMessage(reference) ? 'is one text, not plural forms' : 'has plural forms, not one text');
  }
  if (isPluralMessage(message)) {
    const missing = requiredPluralForms(language).filter((form) => !message[form]);
    if (missing.length) add('plural_forms', `lacks ${list(missing)} (Intl.PluralRules picks them)`);
    const known = new Intl.PluralRules(language).resolvedOptions().pluralCategories as readonly string[];
    const unknown = Object.keys(message).filter((form) => !known.includes(form));
    if (unknown.length) add('unknown_plural_form', `has ${list(unknown)}, which the language never uses`);
  }
  if (textsOf(message).some((text) => text.trim() === '')) add('empty', 'has an empty text');
  return problems;
}

/**
 * Everything in which a set of catalogues differs from the reference one (English): a key missing
 * or extra, placeholders not the reference's, one text where the reference has plural forms (or
 * the reverse), a plural form missing that Intl.PluralRules picks for a whole-number count in
 * that language, a form the language never uses, an empty text. An empty list means they agree.
 */
export function catalogueProblems(
  catalogues: Readonly<Record<string, Catalogue>>,
  reference: string = REFERENCE_LANGUAGE,
): CatalogueProblem[] {
  const base = catalogues[reference];
  if (!base) return [{ language: reference, key: '', problem: 'missing_key', detail: 'no reference catalogue' }];
  const problems: CatalogueProblem[] = [];
  for (const [language, catalogue] of Object.entries(catalogues)) {
    for (const [key, english] of Object.entries(base)) {
      const message = Object.prototype.hasOwnProperty.call(catalogue, key) ? catalogue[key] : undefined;
      if (message === undefined) {
        problems.push({ language, key, problem: 'missing_key', detail: `is in ${reference} but not here` });
      } else {
        problems.push(...messageProblems([language, key], message, [reference, english]));
      }
    }
    for (const key of Object.keys(catalogue).filter((key) => !Object.prototype.hasOwnProperty.call(base, key))) {
      problems.push({ language, key, problem: 'extra_key', detail: `is not in ${reference}` });
    }
  }
  return problems;
}
