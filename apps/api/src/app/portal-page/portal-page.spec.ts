import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Script } from 'node:vm';
import { gzipSync } from 'node:zlib';
import { catalogueProblems, LANGUAGES } from '@intake/domain-messages';
import { createHash } from 'node:crypto';
import { escapeHtml, PORTAL_PAGE_HEADERS, PortalPageDocuments, portalPagePrefix, scriptJson } from './portal-page.html';
import { CATALOGUES, pageLanguage } from '@intake/portal-web';
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
      const total = Buffer.byteLength(documents.page(language).html) + Buffer.byteLength(documents.script);
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
    expect(strip(documents.page('cs').html)).toBe(strip(documents.page('en').html));
  });

  describe('branded (issue #29)', () => {
    const branding = {
      display_name: 'Ateliér <Nova> & "Co"',
      accent_color: '#0a5c36',
      logo_url: 'https://cdn.studio.example:8443/brand/logo.svg?v=2&x=1',
    };
    const policy = (headers: Readonly<Record<string, string>>) =>
      (headers['content-security-policy'] ?? '').split('; ');
    const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

    it('an unbranded page is the plain one, with the strict policy', () => {
      const plain = documents.page('en', null);
      expect(plain.headers).toBe(PORTAL_PAGE_HEADERS);
      expect(plain.html).not.toContain('class="brand"');
      expect(plain.html.match(/<style>/g)).toHaveLength(1);
      expect(policy(plain.headers)).toContain("img-src 'self' data:");
    });

    it('shows the logo and the escaped name, and allows images from the logo’s origin only', () => {
      const page = documents.page('cs', branding);
      expect(page.html).toContain(
        '<header class="brand"><div class="brand-inner"><img class="brand-logo" ' +
          'src="https://cdn.studio.example:8443/brand/logo.svg?v=2&amp;x=1" alt="">' +
          '<p class="brand-name">Ateliér &lt;Nova&gt; &amp; &quot;Co&quot;</p></div></header><main id="app"',
      );
      expect(policy(page.headers)).toContain("img-src 'self' data: https://cdn.studio.example:8443");
      expect(page.headers['content-security-policy']).not.toContain('/brand/logo.svg');
    });

    it('sets the accent in a style block the policy allows by its hash, and nothing else inline', () => {
      const page = documents.page('en', branding);
      const blocks = [...page.html.matchAll(/<style>(.*?)<\/style>/gs)].map((m) => m[1] as string);
      expect(blocks).toHaveLength(2);
      expect(blocks[1]).toBe(
        ':root{--brand:#0a5c36}@media (prefers-color-scheme:light){:root{--accent:#0a5c36;--accent-text:#fff}}',
      );
      const styleSrc = policy(page.headers).find((d) => d.startsWith('style-src ')) ?? '';
      expect(styleSrc).toBe(`style-src 'self' ${sha(blocks[0] as string)} ${sha(blocks[1] as string)}`);
      expect(page.html).not.toMatch(/ style=/);
      expect(page.headers['content-security-policy']).not.toContain('unsafe');
    });

    it('holds only what is set: a colour alone adds no heading nor image source; a name alone no image', () => {
      const colour = documents.page('en', { display_name: null, logo_url: null, accent_color: '#000000' });
      expect(colour.html).not.toContain('class="brand"');
      expect(policy(colour.headers)).toContain("img-src 'self' data:");
      expect(colour.html).toContain('--accent:#000000');
      const name = documents.page('en', { display_name: 'Nova', logo_url: null, accent_color: null });
      expect(name.html).toContain('<p class="brand-name">Nova</p>');
      expect(name.html).not.toContain('<img');
      expect(name.html.match(/<style>/g)).toHaveLength(1);
      expect(policy(name.headers)).toContain("img-src 'self' data:");
      const logo = documents.page('en', {
        display_name: null,
        logo_url: 'https://cdn.example/l.png',
        accent_color: null,
      });
      expect(logo.html).toContain('<img class="brand-logo" src="https://cdn.example/l.png" alt="Logo">');
    });

    it('writes no colour or address that did not pass the domain’s rules', () => {
      const page = documents.page('en', {
        display_name: null,
        accent_color: 'red}body{background:url(https://evil.example/x)',
        logo_url: 'https://a;b.example/"><script>alert(1)</script>',
      });
      expect(page.html).toBe(documents.page('en').html);
      expect(page.headers).toBe(PORTAL_PAGE_HEADERS);
    });
  });
});
