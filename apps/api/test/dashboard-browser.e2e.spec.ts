import { execFileSync } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { PASSWORD, uniqueEmail } from './accounts-client';
import { useApi } from './api-test-app';

const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const ROOT = join(__dirname, '..', '..', '..');
const ARTIFACTS = join(ROOT, 'tmp', 'artifacts', 'dashboard');

/**
 * The dashboard as it ships: built by `nx build dashboard` (Vite) before the api starts, so the api
 * serves dist/apps/dashboard as `npm start` and the image do. Nx skips the build when nothing under
 * apps/dashboard (or what it imports) changed since the last one; a real build takes about 5 s.
 */
function buildDashboard(): void {
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

describe('owner dashboard in headless Chromium (built app served by the real api)', () => {
  // Registered before useApi's hook: the api reads the built files when it starts.
  beforeAll(buildDashboard, 180_000);
  const api = useApi({ PORTAL_URL: 'http://127.0.0.1:1/p' });
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let base: string;
  const problems: string[] = [];

  beforeAll(async () => {
    await api.t.app.listen(0, '127.0.0.1');
    base = (await api.t.app.getUrl()).replace('[::1]', '127.0.0.1');
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
    });
    // An English-speaking browser: the dashboard follows it until the user picks a language.
    context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-GB' });
    page = await context.newPage();
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      // The browser logs every 401 it receives; the expired session below provokes one on purpose.
      if (message.type() === 'error' && !/status of 401/.test(message.text())) problems.push(message.text());
    });
    await mkdir(ARTIFACTS, { recursive: true });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  /** axe-core on the page as shown: no serious or critical violation. */
  async function expectAccessible(name: string): Promise<void> {
    const { violations } = await new AxeBuilder({ page: page as never }).analyze();
    const grave = violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) =>
          `${name}: ${violation.id} (${violation.impact}) ${violation.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      );
    expect(grave).toEqual([]);
  }

  /** Screenshots at 360 px (a phone) and 1280 px, and nothing wider than a phone's screen at 360 px. */
  async function screenshots(name: string): Promise<void> {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: join(ARTIFACTS, `${name}-360.png`), fullPage: true });
    const width = await page.evaluate<number>('document.documentElement.scrollWidth');
    expect([name, width]).toEqual([name, 360]);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: join(ARTIFACTS, `${name}-1280.png`), fullPage: true });
  }

  /** The page's title, once shown (pages and catalogues load on demand). */
  const heading = (name: string) => page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
  const email = uniqueEmail('dashboard');
  let intakeId: string;

  it('sends a visitor to sign-in, and signs a new owner up (checking the form first)', async () => {
    const answer = await page.goto(`${base}/`);
    expect(answer?.headers()['content-security-policy']).toMatch(/script-src 'self';/);
    await page.waitForURL(`${base}/sign-in`);
    await heading('Sign in');
    expect(await page.evaluate('document.documentElement.lang')).toBe('en');
    await expectAccessible('sign-in');
    await screenshots('sign-in');

    await page.getByRole('link', { name: 'Create one' }).click();
    await page.waitForURL(`${base}/sign-up`);
    await page.getByRole('textbox', { name: 'Your name' }).fill('Jana Nováková');
    await page.getByRole('textbox', { name: 'Company or studio' }).fill('Studio Nováková');
    await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await page.getByRole('textbox', { name: 'Password' }).fill('short');
    await page.getByRole('button', { name: 'Create the account' }).click();
    await page.getByText('The password needs at least 10 characters.').waitFor();
    await expectAccessible('sign-up');
    await screenshots('sign-up');
    await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create the account' }).click();
    await page.waitForURL(`${base}/intakes`);
    await page.getByText('You have no intakes yet.').waitFor();
  }, 60_000);

  it('signs out on the server too', async () => {
    const sid = (await context.cookies()).find((cookie) => cookie.name === 'sid')?.value as string;
    expect(sid).toBeDefined();
    // The answer to the sign-out itself, so a refusal (a limit, a CSRF mismatch) fails with its body
    // rather than as a page that never moves.
    const [logout] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/v1/auth/logout')),
      page.getByRole('button', { name: 'Sign out' }).click(),
    ]);
    expect([logout.status(), logout.status() === 204 ? '' : await logout.text()]).toEqual([204, '']);
    await page.waitForURL(`${base}/sign-in?signed_out=1`);
    await page.getByText('You are signed out.').waitFor();
    const me = await api.client.request({ method: 'GET', url: '/v1/auth/me', headers: { cookie: `sid=${sid}` } });
    expect(me.statusCode).toBe(401);
  }, 60_000);

  it('opens the link the owner’s e-mails carry through sign-in, and shows the intake with its items', async () => {
    const session = await api.client.logIn(email);
    const { key } = await api.client.createKey(session);
    const created = await api.client.asKey(key, {
      method: 'POST',
      url: '/v1/intakes',
      payload: {
        project_name: 'Bakery website',
        client: { email: 'anna@bakery.example', name: 'Anna' },
        items: [
          { key: 'about', type: 'longtext', label: 'About the bakery' },
          { key: 'logo', type: 'image', label: 'Logo', required: false },
        ],
      },
    });
    expect(created.statusCode).toBe(201);
    intakeId = created.json().intake_id as string;

    await page.goto(`${base}/intakes/${intakeId}`);
    await page.waitForURL(`${base}/sign-in?next=${encodeURIComponent(`/intakes/${intakeId}`)}`);
    await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${base}/intakes/${intakeId}`);
    await heading('Bakery website');
    await page.locator('[data-item-key="about"][data-status="pending"]').getByText('Waiting for the client').waitFor();
    await page.locator('[data-item-key="logo"]').getByText('Optional').waitFor();
    await expectAccessible('intake');
    await screenshots('intake');
  }, 60_000);

  it('lists the intakes with progress, search and filters', async () => {
    await page.getByRole('link', { name: 'All intakes' }).click();
    await page.waitForURL(`${base}/intakes`);
    const row = page.locator(`[data-intake-id="${intakeId}"]`);
    await row.getByRole('link', { name: 'Bakery website' }).waitFor();
    await row.getByText('0 of 1 item received').waitFor();
    await page.getByText('1 intake', { exact: true }).waitFor();
    await expectAccessible('intakes');
    await screenshots('intakes');

    await page.getByRole('searchbox', { name: 'Search' }).fill('no such project');
    await page.getByText('No intake matches these filters.').waitFor();
    await page.getByRole('button', { name: 'Clear the filters' }).click();
    await row.waitFor();
    await page.getByRole('combobox', { name: 'Status' }).selectOption('completed');
    await page.waitForURL(`${base}/intakes?status=completed`);
    await page.getByText('No intake matches these filters.').waitFor();
    await page.getByRole('combobox', { name: 'Status' }).selectOption('sent');
    await row.waitFor();
    await page.getByRole('combobox', { name: 'Folder' }).selectOption('none');
    await page.waitForURL(`${base}/intakes?status=sent&folder=none`);
    await row.waitFor();
  }, 60_000);

  it('switches to Czech: labels translated, <html lang="cs">, remembered on reload', async () => {
    await page.getByRole('combobox', { name: 'Language' }).selectOption('cs');
    await heading('Žádosti o podklady');
    expect(await page.evaluate('document.documentElement.lang')).toBe('cs');
    await page.getByRole('button', { name: 'Odhlásit se' }).waitFor();
    await page.locator(`[data-intake-id="${intakeId}"]`).getByText('Doručeno 0 z 1 položky').waitFor();
    await page.reload();
    await heading('Žádosti o podklady');
    expect(await page.evaluate('document.documentElement.lang')).toBe('cs');
    await expectAccessible('intakes-cs');
    await screenshots('intakes-cs');
  }, 60_000);

  it('returns to sign-in when the session expires, and back to the page afterwards', async () => {
    await api.db.query(`DELETE FROM sessions`);
    await page.locator(`[data-intake-id="${intakeId}"]`).getByRole('link').click();
    await page.waitForURL(/\/sign-in\?next=.*&expired=1$/);
    await page.getByText('Vaše přihlášení vypršelo. Přihlaste se prosím znovu.').waitFor();
    await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await page.getByRole('textbox', { name: 'Heslo' }).fill('wrong password!');
    await page.getByRole('button', { name: 'Přihlásit se' }).click();
    // The error envelope (401 unauthorized) as a sentence in the language shown.
    await page.getByText('E-mailová adresa nebo heslo nejsou správné.').waitFor();
    await page.getByRole('textbox', { name: 'Heslo' }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Přihlásit se' }).click();
    await page.waitForURL(`${base}/intakes/${intakeId}`);
    await heading('Bakery website');
    await page.getByText('Čeká na klienta').first().waitFor();
  }, 60_000);

  it('shows an unknown page as such, and served no console error on the way', async () => {
    await page.goto(`${base}/no-such-page`);
    await page.getByRole('heading', { name: 'Taková stránka neexistuje' }).waitFor();
    await expectAccessible('not-found');
    expect(problems).toEqual([]);
  }, 30_000);
});
