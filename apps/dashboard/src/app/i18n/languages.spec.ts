import { browserLanguage, chooseLanguage } from './languages';

describe('the language shown', () => {
  it('is the browser’s first language the dashboard speaks, by primary subtag', () => {
    expect(browserLanguage(['cs-CZ', 'en-US'])).toBe('cs');
    expect(browserLanguage(['fr-FR', 'de-AT', 'en'])).toBe('de');
    expect(browserLanguage(['SK'])).toBe('sk');
    expect(browserLanguage(['pt_BR', 'es_419'])).toBe('es');
    expect(browserLanguage(['fr', 'it'])).toBeUndefined();
    expect(browserLanguage([])).toBeUndefined();
  });

  it('is the user’s pick first, then the browser’s, then English', () => {
    expect(chooseLanguage('pl', ['cs-CZ'])).toBe('pl');
    expect(chooseLanguage(null, ['cs-CZ'])).toBe('cs');
    expect(chooseLanguage('klingon', ['de'])).toBe('de');
    expect(chooseLanguage(undefined, ['fr-FR'])).toBe('en');
  });
});
