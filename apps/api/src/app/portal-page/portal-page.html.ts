import { createHash } from 'node:crypto';
import type { Language } from '@intake/domain-accounts';
import { CATALOGUES } from './portal-page.i18n';
import { PORTAL_SCRIPT } from './portal-page.script';
import { PORTAL_STYLES } from './portal-page.styles';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text or attribute value for HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** JSON for a `<script type="application/json">` block: no `<` survives, so neither `</script>` nor `<!--` can. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** The path part of PORTAL_URL without a trailing slash: `/p` for `http://127.0.0.1:3000/p`, `` for a bare host. */
export function portalPagePrefix(portalUrl: string): string {
  return new URL(portalUrl).pathname.replace(/\/+$/, '');
}

const STYLE_SOURCE = `'sha256-${createHash('sha256').update(PORTAL_STYLES).digest('base64')}'`;

/**
 * The page's only inline code is its stylesheet, allowed by hash; the script is a same-origin file
 * and the catalogue a JSON data block (never executed). The slug in the address is a credential:
 * no referrer, no framing, no indexing.
 */
export const PORTAL_PAGE_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy': [
    "default-src 'self'",
    "script-src 'self'",
    `style-src 'self' ${STYLE_SOURCE}`,
    "img-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; '),
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'x-robots-tag': 'noindex, nofollow',
};

/** The script never changes while the process runs; its name carries its hash, so it is cached for good. */
export const PORTAL_SCRIPT_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'text/javascript; charset=utf-8',
  'cache-control': 'public, max-age=31536000, immutable',
  'x-content-type-options': 'nosniff',
};

/** `portal.<first 16 hex digits of the SHA-256 of the script>.js` */
export const PORTAL_SCRIPT_FILE = `portal.${createHash('sha256').update(PORTAL_SCRIPT).digest('hex').slice(0, 16)}.js`;

function shell(lang: Language, title: string, body: string): string {
  return (
    `<!doctype html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<meta name="referrer" content="no-referrer"><meta name="robots" content="noindex, nofollow">' +
    `<title>${escapeHtml(title)}</title><style>${PORTAL_STYLES}</style></head><body>${body}</body></html>`
  );
}

/**
 * The HTML documents of the portal page: the shell (the same for every link but for `lang` and the
 * catalogue; the intake itself is fetched by the script) and the one "no such link" page.
 */
export class PortalPageDocuments {
  readonly scriptFile = PORTAL_SCRIPT_FILE;
  readonly script = PORTAL_SCRIPT;
  private readonly pages = new Map<Language, string>();

  /** @param prefix the portal's path prefix (`/p`), where the page and its script are served */
  constructor(private readonly prefix: string) {}

  page(lang: Language): string {
    let html = this.pages.get(lang);
    if (!html) {
      const messages = CATALOGUES[lang];
      const text = (key: 'loading' | 'noscript' | 'portal_name') => escapeHtml(messages[key] as string);
      html = shell(
        lang,
        messages.portal_name as string,
        `<main id="app" aria-busy="true"><p class="muted">${text('loading')}</p>` +
          `<noscript><p class="notice error">${text('noscript')}</p></noscript></main>` +
          '<div id="live" class="visually-hidden" role="status" aria-live="polite"></div>' +
          `<script type="application/json" id="messages">${scriptJson(messages)}</script>` +
          `<script src="${escapeHtml(`${this.prefix}/assets/${this.scriptFile}`)}"></script>`,
      );
      this.pages.set(lang, html);
    }
    return html;
  }

  /** One wording for every unknown, malformed, draft or deleted link, so none of them says more. */
  readonly notFound = shell(
    'en',
    'Link not found',
    '<main class="card"><h1>This link does not work</h1><p>Please check that you opened the whole link from the ' +
      'e-mail, or ask the sender for a new one.</p></main>',
  );

  /** Anything else that stops the page (the database is down): a request id is in the logs, not here. */
  readonly unavailable = shell(
    'en',
    'Temporarily unavailable',
    '<main class="card"><h1>Something went wrong</h1><p>The page could not be loaded. Please try again in a few ' +
      'minutes.</p></main>',
  );
}
