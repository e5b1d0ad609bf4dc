import { createHash } from 'node:crypto';
import { type Branding, type Language, logoOrigin } from '@intake/domain-accounts';
import { CATALOGUES, PORTAL_STYLES } from '@intake/portal-web';
import { PORTAL_SCRIPT } from './portal-page.script';

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

const hashSource = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const STYLE_SOURCE = hashSource(PORTAL_STYLES);

/** What a page needs allowed beyond the shell's own: a branded page's style block and its logo's origin. */
interface PolicyExtras {
  styleSources?: readonly string[];
  imageOrigin?: string | null;
}

function contentSecurityPolicy({ styleSources = [], imageOrigin = null }: PolicyExtras = {}): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    ['style-src', "'self'", STYLE_SOURCE, ...styleSources].join(' '),
    ['img-src', "'self'", 'data:', ...(imageOrigin ? [imageOrigin] : [])].join(' '),
    "connect-src 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; ');
}

/**
 * The page's only inline code is its stylesheet, allowed by hash (and a branded page's accent
 * style block, by its own hash); the script is a same-origin file and the catalogue a JSON data
 * block (never executed). Images come from the page's origin, data: URLs (previews) and a branded
 * page's logo origin alone. The slug in the address is a credential: no referrer, no framing, no
 * indexing.
 */
function portalPageHeaders(extras: PolicyExtras = {}): Readonly<Record<string, string>> {
  return {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': contentSecurityPolicy(extras),
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'x-robots-tag': 'noindex, nofollow',
  };
}

/** The headers of every unbranded page (the "no such link" pages too). */
export const PORTAL_PAGE_HEADERS = portalPageHeaders();

/** The script never changes while the process runs; its name carries its hash, so it is cached for good. */
export const PORTAL_SCRIPT_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'text/javascript; charset=utf-8',
  'cache-control': 'public, max-age=31536000, immutable',
  'x-content-type-options': 'nosniff',
};

/** `portal.<first 16 hex digits of the SHA-256 of the script>.js` */
export const PORTAL_SCRIPT_FILE = `portal.${createHash('sha256').update(PORTAL_SCRIPT).digest('hex').slice(0, 16)}.js`;

function shell(lang: Language, title: string, body: string, extraStyle = ''): string {
  return (
    `<!doctype html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    // No icon of its own: said so, or the browser asks for /favicon.ico and logs the 404.
    '<link rel="icon" href="data:,">' +
    '<meta name="referrer" content="no-referrer"><meta name="robots" content="noindex, nofollow">' +
    `<title>${escapeHtml(title)}</title><style>${PORTAL_STYLES}</style>` +
    (extraStyle ? `<style>${extraStyle}</style>` : '') +
    `</head><body>${body}</body></html>`
  );
}

const HEX_COLOR = /^#[0-9a-f]{6}$/;

/**
 * A branded page's accent as one style rule: buttons, links and focus rings in the light scheme
 * (the colour has at least 4.5:1 against white, so white text on it and it on white both read);
 * the dark scheme keeps its own light accent, which a dark brand colour would not match on a dark
 * card; the heading band's rule shows the brand colour in both.
 */
function accentStyle(color: string | null): string {
  if (!color || !HEX_COLOR.test(color)) return '';
  return `:root{--brand:${color}}@media (prefers-color-scheme:light){:root{--accent:${color};--accent-text:#fff}}`;
}

/** The heading band of a branded page: the logo and the display name, escaped; empty when there is neither. */
function brandHeader(branding: Branding): string {
  const name = branding.display_name?.trim() ?? '';
  const logo = logoOrigin(branding) ? (branding.logo_url as string) : '';
  if (!name && !logo) return '';
  return (
    '<header class="brand"><div class="brand-inner">' +
    // Decorative beside the name; alone, its alt text is the one word every language reads as such.
    (logo ? `<img class="brand-logo" src="${escapeHtml(logo)}" alt="${name ? '' : 'Logo'}">` : '') +
    (name ? `<p class="brand-name">${escapeHtml(name)}</p>` : '') +
    '</div></header>'
  );
}

/** A page and the headers it must be served with (its Content-Security-Policy allows what it holds). */
export interface PortalPage {
  html: string;
  headers: Readonly<Record<string, string>>;
}

/**
 * The HTML documents of the portal page: the shell (the intake itself is fetched by the script)
 * with the branding's heading and accent, and the one "no such link" page.
 */
export class PortalPageDocuments {
  readonly scriptFile = PORTAL_SCRIPT_FILE;
  readonly script = PORTAL_SCRIPT;
  private readonly pages = new Map<Language, string>();

  /** @param prefix the portal's path prefix (`/p`), where the page and its script are served */
  constructor(private readonly prefix: string) {}

  /**
   * The page in `lang`, with the branding the client sees (the intake's own or its account's). An
   * unbranded page is the same for every link but for `lang` and the catalogue: nothing from the
   * intake is in it (the script fetches the intake); a branded one holds the display name, the
   * logo's address and the accent, each escaped.
   */
  page(lang: Language, branding: Branding | null = null): PortalPage {
    const style = accentStyle(branding?.accent_color ?? null);
    const header = branding ? brandHeader(branding) : '';
    if (!style && !header) return { html: this.plainPage(lang), headers: PORTAL_PAGE_HEADERS };
    return {
      html: this.render(lang, header, style),
      headers: portalPageHeaders({
        styleSources: style ? [hashSource(style)] : [],
        imageOrigin: header ? logoOrigin(branding) : null,
      }),
    };
  }

  private plainPage(lang: Language): string {
    let html = this.pages.get(lang);
    if (!html) {
      html = this.render(lang, '', '');
      this.pages.set(lang, html);
    }
    return html;
  }

  private render(lang: Language, header: string, style: string): string {
    const messages = CATALOGUES[lang];
    const text = (key: 'loading' | 'noscript' | 'portal_name') => escapeHtml(messages[key] as string);
    return shell(
      lang,
      messages.portal_name as string,
      header +
        `<main id="app" aria-busy="true"><p class="muted">${text('loading')}</p>` +
        `<noscript><p class="notice error">${text('noscript')}</p></noscript></main>` +
        '<div id="live" class="visually-hidden" role="status" aria-live="polite"></div>' +
        `<script type="application/json" id="messages">${scriptJson(messages)}</script>` +
        `<script src="${escapeHtml(`${this.prefix}/assets/${this.scriptFile}`)}"></script>`,
      style,
    );
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
