import { catalogueProblems, requiredPluralForms } from './catalogue-problems';
import { type Catalogue } from './message';

const en: Catalogue = {
  hello: 'Hello {name}',
  files: { one: '{n} file', other: '{n} files' },
  bye: 'Goodbye',
};
const good: Record<string, Catalogue> = {
  en,
  de: { hello: 'Hallo {name}', files: { one: '{n} Datei', other: '{n} Dateien' }, bye: 'Tschüss' },
  cs: {
    hello: 'Dobrý den, {name}',
    files: { one: '{n} soubor', few: '{n} soubory', other: '{n} souborů' },
    bye: 'Na shledanou',
  },
  pl: {
    hello: 'Dzień dobry, {name}',
    files: { one: '{n} plik', few: '{n} pliki', many: '{n} plików', other: '{n} pliku' },
    bye: 'Do widzenia',
  },
};
const problemsOf = (language: string, catalogue: Catalogue) =>
  catalogueProblems({ en, [language]: catalogue }).map(({ language: l, key, problem }) => [l, key, problem]);

describe('requiredPluralForms', () => {
  it.each([
    ['en', ['one', 'other']],
    ['de', ['one', 'other']],
    ['es', ['one', 'other']],
    ['cs', ['few', 'one', 'other']],
    ['sk', ['few', 'one', 'other']],
    ['pl', ['few', 'many', 'one']],
  ])('%s needs %j for whole-number counts', (language, forms) => {
    expect(requiredPluralForms(language)).toEqual(forms);
  });
});

describe('catalogueProblems', () => {
  it('finds nothing when every language agrees with English', () => {
    expect(catalogueProblems(good)).toEqual([]);
  });

  it('reports a missing and an extra key', () => {
    expect(problemsOf('de', { hello: 'Hallo {name}', files: en['files'] as Catalogue[string], ciao: 'Ciao' })).toEqual([
      ['de', 'bye', 'missing_key'],
      ['de', 'ciao', 'extra_key'],
    ]);
  });

  it('reports placeholders that differ from English’s, in either direction, with what each has', () => {
    const problems = catalogueProblems({ en, de: { ...good['de'], hello: 'Hallo {nmae}', bye: 'Tschüss {name}' } });
    expect(problems).toEqual([
      { language: 'de', key: 'hello', problem: 'placeholders', detail: 'has {nmae}, en has {name}' },
      { language: 'de', key: 'bye', problem: 'placeholders', detail: 'has {name}, en has {}' },
    ]);
  });

  it('reports a plural form the language needs, a form it never uses, and a text where English has forms', () => {
    expect(problemsOf('cs', { ...good['cs'], files: { one: '{n} soubor', other: '{n} souborů' } })).toEqual([
      ['cs', 'files', 'plural_forms'],
    ]);
    expect(
      problemsOf('de', { ...good['de'], files: { one: '{n} Datei', few: '{n} Dateien', other: '{n} Dateien' } }),
    ).toEqual([['de', 'files', 'unknown_plural_form']]);
    expect(problemsOf('de', { ...good['de'], files: '{n} Dateien' })).toEqual([['de', 'files', 'kind']]);
    expect(problemsOf('de', { ...good['de'], bye: { one: 'Tschüss', other: 'Tschüss' } })).toEqual([
      ['de', 'bye', 'kind'],
    ]);
  });

  it('accepts Czech without `many` (fractions only) and reports an empty text', () => {
    expect(problemsOf('cs', { ...good['cs'], bye: ' ' })).toEqual([['cs', 'bye', 'empty']]);
  });

  it('checks English itself, and says when there is no English', () => {
    expect(catalogueProblems({ en: { ...en, files: { other: '{n} files' } } }).map((p) => p.problem)).toEqual([
      'plural_forms',
    ]);
    expect(catalogueProblems({ de: good['de'] as Catalogue })).toEqual([
      { language: 'en', key: '', problem: 'missing_key', detail: 'no reference catalogue' },
    ]);
    expect(catalogueProblems({ cs: good['cs'] as Catalogue, de: good['de'] as Catalogue }, 'de')).toEqual([]);
  });
});
