import { type ErrorDetail } from '@intake/errors';

/**
 * How the client sees the one asking: a display name, an accent colour and a logo, on the portal
 * page and in the HTML part of the client's mails. An account keeps a default; an intake may carry
 * its own, which replaces the account's as a whole (docs/contexts/accounts.md, "Branding").
 */
export interface Branding {
  /** Shown as the heading of the portal page and of the mails; null shows none. */
  display_name: string | null;
  /** `#rrggbb`, lower case, dark enough for white text and for text on white; null keeps ours. */
  accent_color: string | null;
  /** An https address the client's browser and mail program load the logo from; null shows none. */
  logo_url: string | null;
}

/** A branding as a request gives it: any field may be left out (it is then null). */
export type BrandingInput = Partial<Record<keyof Branding, unknown>>;

export const BRANDING_LIMITS = {
  displayNameMaxChars: 100,
  logoUrlMaxChars: 2048,
  /** WCAG 2 AA for normal text: the accent carries white text (buttons) and is text on white (links). */
  minContrast: 4.5,
} as const;

const HEX_COLOR = /^#[0-9A-Fa-f]{6}$/;
/** Control characters and the Unicode line and paragraph separators: a display name is one line. */
const NOT_ONE_LINE = /[\p{Cc}\u2028\u2029]/u;
/** What the URL parser leaves of a host name: ASCII letters, digits, hyphens and dots (IDN as punycode). */
const HOST_NAME = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** One sRGB channel (0–255) as linear light, as WCAG 2 defines relative luminance. */
function linear(channel: number): number {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG 2 relative luminance of a `#rrggbb` colour: 0 for black, 1 for white. */
export function relativeLuminance(hex: string): number {
  if (!HEX_COLOR.test(hex)) throw new RangeError(`not a #RRGGBB colour: ${JSON.stringify(hex)}`);
  const [r, g, b] = [1, 3, 5].map((at) => linear(Number.parseInt(hex.slice(at, at + 2), 16))) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two `#rrggbb` colours, from 1 (the same) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

export function displayNameProblem(value: unknown): string | undefined {
  if (typeof value !== 'string') return 'must be a string';
  if (NOT_ONE_LINE.test(value)) return 'must be one line of text, without control characters';
  const name = value.trim();
  if (name === '') return 'must not be blank';
  if ([...name].length > BRANDING_LIMITS.displayNameMaxChars) {
    return `must not be longer than ${BRANDING_LIMITS.displayNameMaxChars} characters`;
  }
  return undefined;
}

export function accentColorProblem(value: unknown): string | undefined {
  if (typeof value !== 'string' || !HEX_COLOR.test(value)) return 'must be a colour written #RRGGBB, such as #1d4ed8';
  const ratio = contrastRatio(value, '#ffffff');
  if (ratio < BRANDING_LIMITS.minContrast) {
    // Rounded down, so that a ratio just short of the minimum never reads as the minimum itself.
    const shown = (Math.floor(ratio * 100) / 100).toFixed(2);
    return `must have a contrast of at least ${BRANDING_LIMITS.minContrast}:1 against white (it has ${shown}:1): choose a darker colour`;
  }
  return undefined;
}

/** The logo's address, parsed, or why it is refused. */
function parseLogoUrl(value: unknown): { url: URL } | { problem: string } {
  if (typeof value !== 'string') return { problem: 'must be a string' };
  if (value.length > BRANDING_LIMITS.logoUrlMaxChars) {
    return { problem: `must not be longer than ${BRANDING_LIMITS.logoUrlMaxChars} characters` };
  }
  // The URL parser silently drops tabs, line breaks and surrounding space; the address must be as stored.
  if (/[\s\p{Cc}]/u.test(value)) return { problem: 'must be an absolute https URL without white space' };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { problem: 'must be an absolute https URL' };
  }
  if (url.protocol !== 'https:') return { problem: 'must be an absolute https URL' };
  // Credentials would reach every client's browser and mail program.
  if (url.username !== '' || url.password !== '') return { problem: 'must not contain a user name or password' };
  // The origin is written into the portal page's Content-Security-Policy: a plain host name only.
  if (!HOST_NAME.test(url.hostname)) return { problem: 'must name its host by a domain name or an IPv4 address' };
  return { url };
}

export function logoUrlProblem(value: unknown): string | undefined {
  const parsed = parseLogoUrl(value);
  return 'problem' in parsed ? parsed.problem : undefined;
}

/**
 * A request's branding checked field by field (every problem reported, each under `path`) and
 * normalised: the name trimmed, the colour in lower case, the address as the URL parser writes it;
 * a field left out or null is null.
 */
export function parseBranding(
  input: BrandingInput,
  path = 'branding',
): { branding: Branding; details?: undefined } | { branding?: undefined; details: ErrorDetail[] } {
  const details: ErrorDetail[] = [];
  const check = (field: keyof Branding, problem: (value: unknown) => string | undefined) => {
    const value = input[field];
    if (value === undefined || value === null) return;
    const message = problem(value);
    if (message) details.push({ path: `${path}.${field}`, message });
  };
  check('display_name', displayNameProblem);
  check('accent_color', accentColorProblem);
  check('logo_url', logoUrlProblem);
  if (details.length > 0) return { details };
  const logo = input.logo_url == null ? undefined : parseLogoUrl(input.logo_url);
  return {
    branding: {
      display_name: typeof input.display_name === 'string' ? input.display_name.trim() : null,
      accent_color: typeof input.accent_color === 'string' ? input.accent_color.toLowerCase() : null,
      logo_url: logo && 'url' in logo ? logo.url.href : null,
    },
  };
}

/** What the client sees: the intake's own branding when it has one, else the account's default. */
export function effectiveBranding(own: Branding | null, accountDefault: Branding | null): Branding | null {
  return own ?? accountDefault;
}

/** The origin the logo loads from (`https://cdn.example.com`), for img-src; null without a logo. */
export function logoOrigin(branding: Branding | null): string | null {
  if (!branding?.logo_url) return null;
  const parsed = parseLogoUrl(branding.logo_url);
  return 'url' in parsed ? parsed.url.origin : null;
}
