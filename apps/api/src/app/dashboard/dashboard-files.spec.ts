import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import {
  acceptsGzip,
  ASSET_CACHE_CONTROL,
  dashboardCsp,
  storageOrigin,
  DashboardFiles,
  findDashboardBuild,
  isPagePath,
  pathPrefixOf,
  RESERVED_PATHS,
} from './dashboard-files';

const INDEX = `<!doctype html><html lang="en"><head>
<meta name="app-base" content="__APP_BASE__" /><meta name="csp-nonce" content="__CSP_NONCE__" />
<script type="module" crossorigin src="./assets/index-abc.js"></script>
<link rel="stylesheet" crossorigin href="./assets/index-def.css"></head><body></body></html>`;

describe('the dashboard’s built files', () => {
  let directory: string;
  beforeAll(() => {
    directory = mkdtempSync(join(tmpdir(), 'dashboard-'));
    mkdirSync(join(directory, 'assets'));
    writeFileSync(join(directory, 'index.html'), INDEX);
    writeFileSync(join(directory, 'assets', 'index-abc.js'), `console.log(${JSON.stringify('x'.repeat(5000))});`);
    writeFileSync(join(directory, 'assets', 'tiny-1.js'), 'export {};');
    writeFileSync(join(directory, 'assets', 'logo-2.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  });
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it('writes APP_URL’s path into the page’s links and a new nonce into each answer and its policy', () => {
    const files = DashboardFiles.load(directory, '/app');
    const [first, second] = [files.page(), files.page()];
    expect(first?.body).toContain('src="/app/assets/index-abc.js"');
    expect(first?.body).toContain('href="/app/assets/index-def.css"');
    expect(first?.body).toContain('<meta name="app-base" content="/app" />');
    const nonce = /name="csp-nonce" content="([^"]+)"/.exec(first?.body ?? '')?.[1] as string;
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{24}$/);
    expect(first?.headers['content-security-policy']).toBe(dashboardCsp(nonce));
    expect(second?.body).not.toContain(nonce);
    expect(first?.headers).toMatchObject({ 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff' });
    expect(DashboardFiles.load(directory, '').page()?.body).toContain('src="/assets/index-abc.js"');
  });

  it('allows no inline or evaluated script, and styles only from the origin or with the nonce', () => {
    const policy = dashboardCsp('n0nce');
    const directive = (name: string) =>
      policy
        .split('; ')
        .find((d) => d.startsWith(`${name} `))
        ?.split(' ')
        .slice(1);
    expect(directive('script-src')).toEqual(["'self'"]);
    expect(directive('style-src')).toEqual(["'self'", "'nonce-n0nce'"]);
    expect(policy).not.toMatch(/unsafe-(inline|eval)/);
    expect(directive('frame-ancestors')).toEqual(["'none'"]);
    expect(directive('object-src')).toEqual(["'none'"]);
    expect(directive('img-src')).toEqual(["'self'", 'data:']);
  });

  it('shows images from where the storage signs its file URLs (the review page’s thumbnails)', () => {
    expect(dashboardCsp('n', ['https://files.example'])).toContain("img-src 'self' data: https://files.example;");
    const fs = { driver: 'fs', dir: '/x', publicBaseUrl: 'https://api.example/base', signingKey: 'k' } as const;
    expect(storageOrigin(fs)).toBe('https://api.example');
    const s3 = {
      driver: 's3',
      endpoint: 'https://s3.eu.example:9000',
      region: 'eu',
      bucket: 'intakes',
      accessKey: 'a',
      secretKey: 's',
      pathStyle: true,
    } as const;
    expect(storageOrigin(s3)).toBe('https://s3.eu.example:9000');
    expect(storageOrigin({ ...s3, pathStyle: false })).toBe('https://intakes.s3.eu.example:9000');
  });

  it('serves the hashed files for good, gzipped when asked and worth it, and nothing else', () => {
    const files = DashboardFiles.load(directory, '');
    const plain = files.asset('index-abc.js', false);
    const gzipped = files.asset('index-abc.js', true);
    expect(plain?.headers).toMatchObject({
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': ASSET_CACHE_CONTROL,
      vary: 'accept-encoding',
    });
    expect(plain?.headers['content-encoding']).toBeUndefined();
    expect(gzipped?.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped?.body as Buffer).equals(plain?.body as Buffer)).toBe(true);
    expect(files.asset('tiny-1.js', true)?.headers['content-encoding']).toBeUndefined();
    expect(files.asset('logo-2.png', true)?.headers).toMatchObject({ 'content-type': 'image/png' });
    expect(files.asset('../index.html', true)).toBeUndefined();
    expect(files.asset('missing.js', true)).toBeUndefined();
  });

  it('is not built when no directory was found', () => {
    const files = DashboardFiles.load(undefined, '');
    expect([files.built, files.page(), files.asset('index-abc.js', true)]).toEqual([false, undefined, undefined]);
    expect(findDashboardBuild(join(directory, 'nowhere', 'a', 'b', 'c', 'd'))).toBeUndefined();
    expect(findDashboardBuild(join(directory, '..'))).toBeUndefined();
  });
});

describe('page paths', () => {
  const atRoot = { appPath: '', reserved: [...RESERVED_PATHS, '/p'] };

  it('are the app’s routes, with or without a trailing part', () => {
    for (const path of [
      '/',
      '/intakes',
      '/intakes/in_8fJ2kQ0xLw3mN5pR7tV9yA',
      '/accept-invitation',
      '/billing',
      '/sign-in',
    ])
      expect([path, isPagePath(path, atRoot)]).toEqual([path, true]);
  });

  it('are never the API’s, the portal’s, the probes’, metrics, MCP or the public documents', () => {
    for (const path of [
      '/v1',
      '/v1/nothing-here',
      '/portal/v1/abc',
      '/p',
      '/p/abc',
      '/healthz',
      '/readyz',
      '/metrics',
      '/mcp',
      '/mcp/sse',
      '/llms.txt',
      '/pricing.json',
      '/_test/clock',
    ])
      expect([path, isPagePath(path, atRoot)]).toEqual([path, false]);
    // A prefix is a whole segment: /v1x or /pricing is a page path.
    expect(isPagePath('/pricing', atRoot)).toBe(true);
    expect(isPagePath('/v1x', atRoot)).toBe(true);
  });

  it('are not file names', () => {
    expect(isPagePath('/favicon.ico', atRoot)).toBe(false);
    expect(isPagePath('/intakes/robots.txt', atRoot)).toBe(false);
  });

  it('are under APP_URL’s path when it has one', () => {
    const under = { appPath: '/app', reserved: RESERVED_PATHS };
    expect(isPagePath('/app', under)).toBe(true);
    expect(isPagePath('/app/intakes/in_1', under)).toBe(true);
    expect(isPagePath('/intakes', under)).toBe(false);
    expect(isPagePath('/application', under)).toBe(false);
  });

  it('come from the configured addresses', () => {
    expect(pathPrefixOf('http://127.0.0.1:3000')).toBe('');
    expect(pathPrefixOf('https://example.com/app/')).toBe('/app');
    expect(pathPrefixOf('http://127.0.0.1:3000/p')).toBe('/p');
  });
});

describe('Accept-Encoding', () => {
  it('takes gzip unless refused', () => {
    expect(acceptsGzip('gzip, deflate, br')).toBe(true);
    expect(acceptsGzip('br;q=1.0, gzip;q=0.8')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('br')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});
