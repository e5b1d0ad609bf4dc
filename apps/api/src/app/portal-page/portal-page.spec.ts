import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Script } from 'node:vm';
import { gzipSync } from 'node:zlib';
import { catalogueProblems, LANGUAGES } from '@intake/domain-messages';
import { escapeHtml, PortalPageDocuments, portalPagePrefix, scriptJson } from './portal-page.html';
import { CATALOGUES, pageLanguage } from './portal-page.i18n';
import { PORTAL_SCRIPT } from './portal-page.script';

/** The TypeScript sources of the script (libs/web/portal), tests left out, as one text. */
const WEB_SOURCES = join(__dirname, '..', '..', '..', '..', '..', 'libs', 'web', 'portal', 'src');
const SCRIPT_SOURCES = readdirSync(WEB_SOURCES, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.spec.ts'))
  .map((file) => readFileSync(join(WEB_SOURCES, file), 'utf8'))
  .join('\n');

describe('portal page catalogues', () => {
  const en = CATALOGUES.en;

  it('has, in every language, exactly the keys, placeholders and plural forms of en', () => {
    expect(catalogueProblems(CATALOGUES)).toEqual([]);
    expect(Object.keys(CATALOGUES).sort()).toEqual([...LANGUAGES].sort());
  });

  it('has every message the script asks for', () => {
    const literal = [...SCRIPT_SOURCES.matchAll(/\bt\('([a-z_]+)'[,)]/g)].map((m) => m[1] as string);
    // Keys the script builds from a prefix and a value from the API.
    const built = [
      ...['pending', 'submitted', 'approved', 'needs_revision', 'waived'].map((s) => `status_${s}`),
      ...['pending', 'clean', 'infected'].map((s) => `av_${s}`),
      ...['pending', 'accepted', 'rejected'].map((s) => `waiver_${s}`),
      ...['files', 'choices'].flatMap((u) => ['exact', 'range', 'min', 'max'].map((k) => `hint_${u}_${k}`)),
      'err_item_approved',
      'err_item_waived',
      // Every error key the sources name, also those they report through a variable.
      ...[...SCRIPT_SOURCES.matchAll(/'(err_[a-z_]+)'/g)].map((m) => m[1] as string),
    ];
    expect(literal.length).toBeGreaterThan(50);
    expect([...literal, ...built].filter((key) => !(key in en))).toEqual([]);
    // No "none" message: a waiver in state none shows nothing.
    expect('waiver_none' in en).toBe(false);
  });

  it('falls back to English for a language it does not speak', () => {
    expect(pageLanguage('de')).toBe('de');
    expect(pageLanguage('fr')).toBe('en');
    expect(pageLanguage(null)).toBe('en');
  });
});

describe('portal page script', () => {
  const unsafe = /innerHTML|outerHTML|insertAdjacentHTML|document\.write|eval\(|new Function/;

  it('parses as a classic script and never turns text into HTML or code', () => {
    expect(() => new Script(PORTAL_SCRIPT, { filename: 'portal.js' })).not.toThrow();
    expect(PORTAL_SCRIPT).not.toMatch(unsafe);
    expect(SCRIPT_SOURCES).not.toMatch(unsafe);
  });

  it('is the sources bundled by esbuild: one minified function, within its 30 KB gzipped budget', () => {
    expect(PORTAL_SCRIPT).toMatch(/^"use strict";\(\(\)=>\{.*\}\)\(\);\n$/s);
    expect(PORTAL_SCRIPT.length).toBeLessThan(SCRIPT_SOURCES.length / 2);
    expect(gzipSync(PORTAL_SCRIPT).length).toBeLessThan(30_000);
  });
});

describe('portal page documents', () => {
  const documents = new PortalPageDocuments('/p');

  it('escapes HTML and keeps `<` out of embedded JSON', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    const json = scriptJson({ text: '</script><!--' });
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual({ text: '</script><!--' });
  });

  it('derives the path prefix from PORTAL_URL', () => {
    expect(portalPagePrefix('http://127.0.0.1:3000/p')).toBe('/p');
    expect(portalPagePrefix('https://portal.example/client/')).toBe('/client');
    expect(portalPagePrefix('https://portal.example')).toBe('');
  });

  it('stays small: HTML, CSS, catalogue and script under 58 KB for every language (the budget is 60 KB)', () => {
    for (const language of LANGUAGES) {
      const total = Buffer.byteLength(documents.page(language)) + Buffer.byteLength(documents.script);
      expect([language, total < 58_000]).toEqual([language, true]);
    }
  });

  it('differs between languages only in lang and the catalogue', () => {
    const strip = (html: string) =>
      html
        .replace(/<html lang="[a-z]+">/, '')
        .replace(/<title>.*<\/title>/, '')
        .replace(/<main id="app".*<\/main>/, '')
        .replace(/<script type="application\/json" id="messages">.*?<\/script>/, '');
    expect(strip(documents.page('cs'))).toBe(strip(documents.page('en')));
  });
});
