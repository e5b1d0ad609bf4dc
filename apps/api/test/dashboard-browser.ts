import { execFileSync } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { type Api, type UseApiOptions, useApi } from './api-test-app';

const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const ROOT = join(__dirname, '..', '..', '..');
const ARTIFACTS = join(ROOT, 'tmp', 'artifacts', 'dashboard');

/**
 * The dashboard as it ships: built by `nx build dashboard` (Vite) before the api starts, so the api
 * serves dist/apps/dashboard as `npm start` and the image do. Nx skips the build when nothing under
 * apps/dashboard (or what it imports) changed since the last one; a real build takes about 5 s.
 *
 * `npm run test:all` builds it once before Jest starts and says so with DASHBOARD_BUILT=true: then
 * no test file builds it again. Otherwise two files running side by side could each rebuild it,
 * and Vite empties dist/apps/dashboard while the other file's api is serving from it (and under
 * NX_SKIP_NX_CACHE, as in CI, every file would pay a full build).
 */
function buildDashboard(): void {
  if (process.env['DASHBOARD_BUILT'] === 'true') return;
  execFileSync(
    process.execPath,
    [join(ROOT, 'node_modules', '.bin', 'nx'), 'build', 'dashboard', '--output-style=static'],
    {
      cwd: ROOT,
      stdio: 'pipe',
      env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' },
    },
  );
}

/** The browser side of one dashboard test file: filled in before its tests run. */
export interface DashboardBrowser {
  api: Api;
  browser: Browser;
  /** An English-speaking browser at 1280 × 800: the dashboard follows it until the user picks a language. */
  context: BrowserContext;
  page: Page;
  /** The api's address, e.g. http://127.0.0.1:41234 (the dashboard is served at its root). */
  base: string;
  /** Page errors and console errors seen so far (the browser's own "status of 401" lines left out). */
  problems: string[];
  /**
   * axe-core on the page at rest (once no CSS transition runs: a dialog fading in, a button's
   * colour half-way to its hover shade): no serious or critical violation.
   */
  expectAccessible(name: string, page?: Page): Promise<void>;
  /** Screenshots at 360 px and 1280 px into tmp/artifacts/dashboard, and nothing wider than 360 px at 360 px. */
  screenshots(name: string, page?: Page): Promise<void>;
  /** Waits for the page's title (level-1 heading): pages and catalogues load on demand. */
  heading(name: string, page?: Page): Promise<void>;
}

/**
 * The built dashboard served by a real api (its own database, as useApi gives every file), and a
 * headless Debian Chromium on it. Call at the top of a describe block.
 */
export function useDashboardBrowser(
  overrides: Record<string, string> = {},
  options: UseApiOptions = {},
): DashboardBrowser {
  // Registered before useApi's hook: the api reads the built files when it starts.
  beforeAll(buildDashboard, 180_000);
  const api = useApi({ PORTAL_URL: 'http://127.0.0.1:1/p', ...overrides }, options);
  const problems: string[] = [];

  /** Waits until no CSS transition runs (endless animations such as spinners are no transitions). */
  async function transitionsDone(page: Page): Promise<void> {
    // A function, not a string: the dashboard's Content-Security-Policy forbids the eval a string
    // predicate needs. The page's globals are typed here by hand (the tests compile without the DOM).
    type Painted = { document: { getAnimations(): Array<{ constructor: { name: string }; playState: string }> } };
    await page.waitForFunction(() =>
      (globalThis as unknown as Painted).document
        .getAnimations()
        .every((a) => a.constructor.name !== 'CSSTransition' || a.playState !== 'running'),
    );
  }

  async function expectAccessible(name: string, page: Page = harness.page): Promise<void> {
    // axe reads colours as painted: a loaded machine stretches a 200 ms fade-in over several of
    // its checks, and a half-faded dialog's button fails colour-contrast.
    await transitionsDone(page);
    const { violations } = await new AxeBuilder({ page: page as never }).analyze();
    const grave = violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) =>
          `${name}: ${violation.id} (${violation.impact}) ${violation.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      );
    expect(grave).toEqual([]);
  }

  async function screenshots(name: string, page: Page = harness.page): Promise<void> {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: join(ARTIFACTS, `${name}-360.png`), fullPage: true });
    const width = await page.evaluate<number>('document.documentElement.scrollWidth');
    expect([name, width]).toEqual([name, 360]);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: join(ARTIFACTS, `${name}-1280.png`), fullPage: true });
  }

  const heading = (name: string, page: Page = harness.page) =>
    page.getByRole('heading', { level: 1, name, exact: true }).waitFor();

  const harness = { api, problems, expectAccessible, screenshots, heading } as DashboardBrowser;

  beforeAll(async () => {
    await api.t.app.listen(0, '127.0.0.1');
    harness.base = (await api.t.app.getUrl()).replace('[::1]', '127.0.0.1');
    harness.browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
    });
    // Reduced motion: the dashboard's dialogs then open without their fade (theme.ts), which axe
    // caught half-way on a busy machine; the wait for transitions below stays for the rest.
    harness.context = await harness.browser.newContext({
      viewport: { width: 1280, height: 800 },
      locale: 'en-GB',
      reducedMotion: 'reduce',
    });
    harness.page = await harness.context.newPage();
    harness.page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    harness.page.on('console', (message) => {
      // The browser logs every 401 it receives; an expired session provokes one on purpose.
      if (message.type() === 'error' && !/status of 401/.test(message.text())) problems.push(message.text());
    });
    await mkdir(ARTIFACTS, { recursive: true });
  }, 60_000);

  afterAll(async () => {
    await harness.browser?.close();
  });

  return harness;
}
