/** The plural categories of Intl.PluralRules (CLDR). */
export const PLURAL_FORMS = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
export type PluralForm = (typeof PLURAL_FORMS)[number];

/**
 * A message with plural forms, chosen by Intl.PluralRules for the count `{n}`; `other` is the
 * fallback for any form a message does not list. Which forms a language must list is
 * `requiredPluralForms(language)`.
 */
export type PluralMessage = { readonly other: string } & { readonly [form in Exclude<PluralForm, 'other'>]?: string };

/** A message: text with `{name}` placeholders, or one text per plural form. */
export type Message = string | PluralMessage;

/** One language's messages by key. */
export type Catalogue<K extends string = string> = Readonly<Record<K, Message>>;

/** The value of a placeholder: numbers and dates are written the language's way. */
export type ParamValue = string | number | Date | null | undefined;
export type Params = Readonly<Record<string, ParamValue>>;

/** The parameter whose number picks a plural form. */
export const COUNT_PARAM = 'n';

export const isPluralMessage = (message: Message): message is PluralMessage => typeof message === 'object';

/** The texts of a message: one, or one per plural form. */
export const textsOf = (message: Message): string[] =>
  typeof message === 'string' ? [message] : Object.values(message).filter((v): v is string => typeof v === 'string');

/** The names of a message's placeholders, over all its forms, sorted and without repeats. */
export function placeholdersOf(message: Message): string[] {
  const names = textsOf(message).flatMap((text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string));
  return [...new Set(names)].sort();
}
