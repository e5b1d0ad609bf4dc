import { catalogueProblems, LANGUAGES } from '@intake/domain-messages';
import { CATALOGUES, pageLanguage } from '.';

describe('the portal page’s catalogues', () => {
  it('cover every language the portal speaks, one file each', () => {
    expect(Object.keys(CATALOGUES).sort()).toEqual([...LANGUAGES].sort());
  });

  it('agree with English: same keys and placeholders, the plural forms each language needs', () => {
    expect(catalogueProblems(CATALOGUES)).toEqual([]);
  });

  it('fall back to English for a language they do not speak', () => {
    expect(pageLanguage('cs')).toBe('cs');
    expect(pageLanguage('fr')).toBe('en');
    expect(pageLanguage(undefined)).toBe('en');
  });
});
