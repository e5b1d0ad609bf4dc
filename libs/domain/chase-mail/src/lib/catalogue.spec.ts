import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { catalogueProblems, LANGUAGES } from '@intake/domain-messages';
import { CHASE_MAIL_CATALOGUES } from './catalogue';

/** The library's sources, tests and catalogues left out. */
const SOURCES = readdirSync(__dirname)
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.spec.ts'))
  .map((file) => readFileSync(join(__dirname, file), 'utf8'))
  .join('\n');

describe('chase mail catalogues', () => {
  it('has every language, each with exactly the keys, placeholders and plural forms of en', () => {
    expect(Object.keys(CHASE_MAIL_CATALOGUES).sort()).toEqual([...LANGUAGES].sort());
    expect(catalogueProblems(CHASE_MAIL_CATALOGUES)).toEqual([]);
  });

  it('uses every key it has (no dead message for a translator to keep up)', () => {
    const unused = Object.keys(CHASE_MAIL_CATALOGUES.en).filter((key) => !SOURCES.includes(`'${key}'`));
    expect(unused).toEqual([]);
  });

  it('uses the language’s quotation marks, never straight double quotes', () => {
    const quotes = { en: '“', cs: '„', sk: '„', pl: '„', de: '„', es: '«' } as const;
    for (const language of LANGUAGES) {
      const texts = JSON.stringify(Object.values(CHASE_MAIL_CATALOGUES[language]));
      expect([language, texts.includes('\\"')]).toEqual([language, false]);
      expect([language, texts.includes(`${quotes[language]}{item}`)]).toEqual([language, true]);
    }
  });
});
