import { isLanguage, LANGUAGES, resolveLanguage } from './languages';

describe('languages', () => {
  it('speaks the six languages of the spec', () => {
    expect([...LANGUAGES].sort()).toEqual(['cs', 'de', 'en', 'es', 'pl', 'sk']);
    expect(LANGUAGES.every(isLanguage)).toBe(true);
    expect([isLanguage('fr'), isLanguage('DE'), isLanguage('de-AT'), isLanguage(null), isLanguage(7)]).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it.each([
    ['the client’s language', ['de', 'cs'], 'de'],
    ['the account default when the client has none', [null, 'cs'], 'cs'],
    ['the account default when the client’s is absent', [undefined, 'pl'], 'pl'],
    ['the account default when the client’s is unknown', ['fr', 'sk'], 'sk'],
    ['English when neither is spoken', ['fr', 'it'], 'en'],
    ['English when there is nothing', [null, null], 'en'],
    ['English with no preference at all', [], 'en'],
    ['codes only as the spec writes them', ['DE', 'es-MX', 'es'], 'es'],
  ] as const)('resolves to %s', (_, preferences, expected) => {
    expect(resolveLanguage(...preferences)).toBe(expected);
  });
});
