import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { escapeHtml } from '../portal-page/portal-page.html';
import { type StorageConfig } from '@intake/config';

/**
 * Where `nx build dashboard` put the owner dashboard, looked for in order: next to the api's
 * main.js (the api image copies it there), beside the built api (dist/apps/api → dist/apps/dashboard),
 * and from the api's sources (Jest) in the repository's dist. Undefined: not built.
 */
export function findDashboardBuild(from: string = __dirname): string | undefined {
  const candidates = [
    join(from, 'dashboard'),
    join(from, '..', 'dashboard'),
    join(from, '..', '..', '..', '..', '..', 'dist', 'apps', 'dashboard'),
  ];
  return candidates.find((directory) => existsSync(join(directory, 'index.html')));
}

/**
 * Paths that are never a dashboard page, whatever the dashboard's path: the API, the portal's API,
 * the probes, metrics, the MCP endpoint, the public documents, the test clock. A request for one of
 * them that no route takes is the API's 404 envelope, not the dashboard.
 */
export const RESERVED_PATHS: readonly string[] = [
  '/v1',
  '/portal',
  '/healthz',
  '/readyz',
  '/metrics',
  '/mcp',
  '/llms.txt',
  '/pricing.json',
  '/_test',
];

/** The path part of APP_URL (or PORTAL_URL) without a trailing slash: '' at a host's root. */
export const pathPrefixOf = (url: string): string => new URL(url).pathname.replace(/\/+$/, '');

/**
 * Whether a request path (without its query) is a page of the single-page app, answered with
 * index.html: under the dashboard's path, not reserved (RESERVED_PATHS and the portal page's path),
 * and not a file name (a last segment with a dot, e.g. /favicon.ico, is a missing file, not a page).
 */
export function isPagePath(
  path: string,
  { appPath, reserved }: { appPath: string; reserved: readonly string[] },
): boolean {
  const under = (prefix: string) => path === prefix || path.startsWith(`${prefix}/`);
  if (appPath && !under(appPath)) return false;
  if (reserved.some((prefix) => prefix !== '' && under(prefix))) return false;
  const last = path.split('/').pop() ?? '';
  return !last.includes('.');
}

const TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.js', '.css', '.svg', '.json', '.txt']);

/** A built file's name carries its content's hash: cached for good, everywhere. */
export const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * The page's policy. Scripts: the build's files alone (no inline script, no eval). Styles: the
 * build's stylesheet and the `<style>` elements Mantine injects (its theme's CSS variables, the
 * AppShell's and responsive props' media queries), which carry this answer's nonce; style
 * properties React sets through the CSSOM are not subject to CSP, so no 'unsafe-inline'. Images:
 * the origin, data: URLs (Mantine's stylesheet draws its chevrons and checkmarks with them) and
 * `imageOrigins`: where the file storage's signed URLs point (the review page's thumbnails).
 */
export function dashboardCsp(nonce: string, imageOrigins: readonly string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    `style-src 'self' 'nonce-${nonce}'`,
    ["img-src 'self' data:", ...imageOrigins].join(' '),
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; ');
}

interface StaticFile {
  body: Buffer;
  type: string;
  gzip?: Buffer;
  compressible: boolean;
}

export interface Answer<Body> {
  body: Body;
  headers: Readonly<Record<string, string>>;
}

/**
 * The dashboard's built files, read once when the api starts (a few hundred KB): index.html, with
 * APP_URL's path written into its links (the build names its files relatively, `./assets/…`), and
 * the hashed files under assets/, gzipped on first request for clients that take it.
 */
export class DashboardFiles {
  private constructor(
    readonly directory: string | undefined,
    private readonly template: string | undefined,
    private readonly assets: ReadonlyMap<string, StaticFile>,
    private readonly imageOrigins: readonly string[] = [],
  ) {}

  /** `imageOrigins`: origins the page may show images from besides its own (storageOrigin). */
  static load(directory: string | undefined, appPath: string, imageOrigins: readonly string[] = []): DashboardFiles {
    if (!directory) return new DashboardFiles(undefined, undefined, new Map(), imageOrigins);
    const base = escapeHtml(appPath);
    const template = readFileSync(join(directory, 'index.html'), 'utf8')
      .replace(/(src|href)="\.\/assets\//g, `$1="${base}/assets/`)
      .replace('__APP_BASE__', base);
    const assets = new Map<string, StaticFile>();
    const assetDirectory = join(directory, 'assets');
    for (const name of existsSync(assetDirectory) ? readdirSync(assetDirectory) : []) {
      const extension = extname(name);
      const body = readFileSync(join(assetDirectory, name));
      assets.set(name, {
        body,
        type: TYPES[extension] ?? 'application/octet-stream',
        compressible: COMPRESSIBLE.has(extension) && body.length > 1024,
      });
    }
    return new DashboardFiles(directory, template, assets, imageOrigins);
  }

  get built(): boolean {
    return this.template !== undefined;
  }

  /** index.html for one answer: a new nonce in the page and in its policy. Undefined when not built. */
  page(): Answer<string> | undefined {
    if (!this.template) return undefined;
    const nonce = randomBytes(18).toString('base64');
    return {
      body: this.template.replace('__CSP_NONCE__', nonce),
      headers: {
        'content-type': 'text/html; charset=utf-8',
        // Every answer has its own nonce: never reused from a cache without asking again.
        'cache-control': 'no-cache',
        'content-security-policy': dashboardCsp(nonce, this.imageOrigins),
        'x-content-type-options': 'nosniff',
      },
    };
  }

  /** A file under assets/, gzipped when the client takes it. Undefined: no such file. */
  asset(name: string, acceptsGzip: boolean): Answer<Buffer> | undefined {
    const file = this.assets.get(name);
    if (!file) return undefined;
    const headers: Record<string, string> = {
      'content-type': file.type,
      'cache-control': ASSET_CACHE_CONTROL,
      'x-content-type-options': 'nosniff',
    };
    if (!file.compressible) return { body: file.body, headers };
    headers['vary'] = 'accept-encoding';
    if (!acceptsGzip) return { body: file.body, headers };
    file.gzip ??= gzipSync(file.body, { level: 9 });
    return { body: file.gzip, headers: { ...headers, 'content-encoding': 'gzip' } };
  }
}

/** Whether an Accept-Encoding header takes gzip (not refused with q=0). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = [header ?? ''].flat().join(',');
  return value.split(',').some((part) => {
    const [coding, ...parameters] = part.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') return false;
    const q = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/**
 * The origin of the storage's signed file URLs: PUBLIC_BASE_URL's for the fs driver (usually the
 * page's own), the bucket's for S3 (path style: the endpoint; else the bucket's virtual host).
 */
export function storageOrigin(storage: StorageConfig): string {
  if (storage.driver === 'fs') return new URL(storage.publicBaseUrl).origin;
  const endpoint = new URL(storage.endpoint);
  return storage.pathStyle ? endpoint.origin : `${endpoint.protocol}//${storage.bucket}.${endpoint.host}`;
}
