import { PASSWORD, uniqueEmail } from './accounts-client';
import { useDashboardBrowser } from './dashboard-browser';

describe('owner dashboard in headless Chromium (built app served by the real api)', () => {
  const browser = useDashboardBrowser();
  const { api, problems, expectAccessible, screenshots, heading } = browser;
  // Filled in by the harness's beforeAll, which runs before these tests.
  let page: typeof browser.page;
  let context: typeof browser.context;
  let base: string;
  beforeAll(() => {
    ({ page, context, base } = browser);
  });
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
