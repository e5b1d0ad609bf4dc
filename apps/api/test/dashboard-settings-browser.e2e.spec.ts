import { uniqueEmail } from './accounts-client';
import { useDashboardBrowser } from './dashboard-browser';
import { signUpInBrowser } from './dashboard-steps';

/**
 * The owner's account pages in headless Chromium: settings, usage and billing (no payment provider
 * configured here, as in every test but billing.e2e.spec.ts's), the audit log, folders, templates
 * and clients. Each page is checked with axe and photographed at 360 px and 1280 px.
 */
describe('owner dashboard: account pages in headless Chromium', () => {
  const browser = useDashboardBrowser();
  const { api, problems, expectAccessible, screenshots, heading } = browser;
  let page: typeof browser.page;
  let base: string;
  beforeAll(() => {
    ({ page, base } = browser);
  });
  const email = uniqueEmail('account-pages');
  /** The browser's own lines for the two refusals this file provokes on purpose (a 422 and a 503). */
  const expectedProblems: RegExp[] = [];

  const openFromMenu = async (link: string, title: string) => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link, exact: true }).click();
    await heading(title);
  };

  it('signs a new owner up', async () => {
    await signUpInBrowser(page, base, email);
    await page.getByText('You have no intakes yet.').waitFor();
  }, 180_000);

  it('changes the sender name and the clients’ language, showing the API’s field problem first', async () => {
    await openFromMenu('Settings', 'Account settings');
    const sender = page.getByRole('textbox', { name: 'Sender name' });
    await expect(page.getByRole('textbox', { name: 'Account name' }).inputValue()).resolves.toBe('Studio Nováková');
    await sender.fill('Jana from Studio Nováková');
    await page.getByRole('combobox', { name: 'Default language for clients' }).selectOption('de');
    await page.getByRole('switch', { name: 'Send these e-mails to every team member as well' }).check();
    // A colour written correctly but too light for white text: only the API knows, and names the field.
    const colour = page.getByRole('textbox', { name: 'Accent colour' });
    await colour.fill('#ffd700');
    // Leaving the field closes its colour picker (which could otherwise cover the button below).
    await colour.press('Tab');
    const [refused] = await Promise.all([
      page.waitForResponse(
        (response) => response.url().endsWith('/v1/account') && response.request().method() === 'PATCH',
      ),
      page.getByRole('button', { name: 'Save the settings' }).click(),
    ]);
    expect(refused.status()).toBe(422);
    expectedProblems.push(/status of 422/);
    await page.getByText('Please enter a colour as #RRGGBB that is dark enough for white text on it.').waitFor();
    await expectAccessible('settings-problem');

    await colour.fill('');
    await colour.press('Tab');
    // Keyboard: the form is sent with Enter from a field.
    await sender.press('Enter');
    await page.getByText('The settings are saved.').waitFor();
    const session = await api.client.logIn(email);
    const account = await api.client.asSession(session, { method: 'GET', url: '/v1/account' });
    expect(account.json().account).toMatchObject({
      sender_name: 'Jana from Studio Nováková',
      default_language: 'de',
      notify_members: true,
      branding: null,
    });
    await page.reload();
    await heading('Account settings');
    await expect(sender.inputValue()).resolves.toBe('Jana from Studio Nováková');
    await expectAccessible('settings');
    await screenshots('settings');
  }, 180_000);

  it('shows the usage against the plan, and says so when billing is not configured', async () => {
    await openFromMenu('Usage and billing', 'Usage and billing');
    await page.getByRole('heading', { name: 'Your plan: Free' }).waitFor();
    // A meter at 0 % has no width: present, not visible.
    await page.getByRole('progressbar', { name: 'Intakes created' }).waitFor({ state: 'attached' });
    await page.getByRole('progressbar', { name: 'File storage' }).waitFor({ state: 'attached' });
    await page.getByText('0 of ', { exact: false }).first().waitFor();
    await expectAccessible('billing');
    await screenshots('billing');

    const [refused] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/v1/billing/checkout')),
      page.getByRole('button', { name: 'Upgrade to Solo' }).click(),
    ]);
    expect(refused.status()).toBe(503);
    expectedProblems.push(/status of 503/);
    await page
      .getByRole('alert')
      .getByText('Payments are not set up on this service, so the plan cannot be changed here.')
      .waitFor();
    expect(page.url()).toBe(`${base}/billing`);

    // Where the payment provider sends the owner back after paying.
    await page.goto(`${base}/billing?checkout=success`);
    await page.getByText('Thank you for your payment').waitFor();
    await expectAccessible('billing-returned');
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await page.waitForURL(`${base}/billing`);
    await page.goto(`${base}/billing?checkout=cancelled`);
    await page.getByText('Nothing was charged and your plan has not changed.').waitFor();
  }, 180_000);

  it('lists the audit entries of what was just done, filtered from the form and from an entry', async () => {
    await openFromMenu('Audit log', 'Audit log');
    const updated = page.locator('[data-audit-action="account.updated"]');
    await updated.first().waitFor();
    await page.locator('[data-audit-action="account.created"]').waitFor();
    await expectAccessible('audit');
    await screenshots('audit');

    const action = page.getByRole('combobox', { name: 'Action', exact: true });
    await action.fill('account.updated');
    // Keyboard: Escape closes the suggestions, Enter sends the filters.
    await action.press('Escape');
    await action.press('Enter');
    await page.waitForURL(`${base}/audit?action=account.updated`);
    await page.getByText('1 entry', { exact: true }).waitFor();
    await expect(page.locator('[data-audit-action="account.created"]').count()).resolves.toBe(0);

    await page.getByRole('button', { name: 'Clear the filters' }).click();
    await page.waitForURL(`${base}/audit`);
    await page.locator('[data-audit-action="account.created"]').waitFor();
    await updated.getByRole('button', { name: /^Show only what usr_/ }).click();
    await page.waitForURL(/\/audit\?actor=usr_/);
    await updated.waitFor();
    // Back returns to the unfiltered log: the filters live in the address.
    await page.goBack();
    await page.waitForURL(`${base}/audit`);
    await page.getByRole('textbox', { name: 'Actor' }).waitFor();
    await expect(page.getByRole('textbox', { name: 'Actor' }).inputValue()).resolves.toBe('');
  }, 180_000);

  it('creates, renames and deletes a folder (asking first)', async () => {
    await openFromMenu('Folders', 'Folders');
    await page.getByText('You have no folders yet.').waitFor();
    await page.getByRole('textbox', { name: 'New folder' }).fill('Weddings 2027');
    await page.getByRole('textbox', { name: 'New folder' }).press('Enter');
    const list = page.getByRole('list', { name: 'Your folders' });
    await list.getByText('Weddings 2027').waitFor();
    await list.getByText('0 intakes').waitFor();
    await expectAccessible('folders');
    await screenshots('folders');

    await page.getByRole('button', { name: 'Rename Weddings 2027' }).click();
    const rename = page.getByRole('textbox', { name: 'New name for Weddings 2027' });
    await rename.fill('Weddings 2028');
    await rename.press('Enter');
    await list.getByText('Weddings 2028').waitFor();

    await page.getByRole('button', { name: 'Delete Weddings 2028' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete the folder “Weddings 2028”?' });
    await dialog.getByText('The folder is empty. Nothing else changes.').waitFor();
    await expectAccessible('folders-delete');
    await dialog.getByRole('button', { name: 'Delete the folder' }).click();
    await page.getByText('You have no folders yet.').waitFor();
    const folders = await api.db.query(`SELECT name FROM folders`);
    expect(folders.rows).toEqual([]);
  }, 180_000);

  it('creates a template from the form', async () => {
    await openFromMenu('Templates', 'Templates');
    await page.getByText('You have no templates yet.').waitFor();
    await page.getByRole('button', { name: 'New template' }).click();
    await page.getByRole('button', { name: 'Save the template' }).click();
    await page.getByText('Please fill this in.').first().waitFor();
    await page.getByRole('textbox', { name: 'Template name' }).fill('Website basics');
    await page.getByRole('textbox', { name: 'What you ask for' }).fill('Your logo');
    await page.getByRole('combobox', { name: 'Kind of answer' }).selectOption('image');
    await page.getByRole('button', { name: 'Add an item' }).click();
    const second = page.getByRole('group', { name: 'Item 2' });
    await second.getByRole('textbox', { name: 'What you ask for' }).fill('Style');
    await second.getByRole('combobox', { name: 'Kind of answer' }).selectOption('select');
    await second.getByRole('textbox', { name: 'Options' }).fill('Calm\nBold');
    await second.getByRole('switch', { name: 'Required' }).uncheck();
    await expectAccessible('templates-form');
    await screenshots('templates-form');
    await page.getByRole('button', { name: 'Save the template' }).click();
    await page.getByText('The template “Website basics” is saved').waitFor();
    const row = page.locator('[data-template-slug="website-basics"]');
    await row.getByText('2 items: Your logo, Style').waitFor();
    await expectAccessible('templates');
    await screenshots('templates');

    const session = await api.client.logIn(email);
    const listed = await api.client.asSession(session, { method: 'GET', url: '/v1/templates' });
    expect(listed.json().templates[0].items).toEqual([
      expect.objectContaining({ key: 'your_logo', type: 'image', label: 'Your logo', required: true }),
      expect.objectContaining({ key: 'style', type: 'select', required: false, options: ['Calm', 'Bold'] }),
    ]);
  }, 180_000);

  it('lists the clients of the intakes, searchable, each linked to its intakes', async () => {
    const session = await api.client.logIn(email);
    const { key } = await api.client.createKey(session);
    const created = await api.client.asKey(key, {
      method: 'POST',
      url: '/v1/intakes',
      payload: {
        project_name: 'Bakery website',
        client: { email: 'anna@bakery.example', name: 'Anna Bäckerová' },
        items: [{ key: 'about', type: 'longtext', label: 'About the bakery' }],
      },
    });
    expect(created.statusCode).toBe(201);

    await openFromMenu('Clients', 'Clients');
    const row = page.locator('[data-client-email="anna@bakery.example"]');
    await row.getByText('Anna Bäckerová').waitFor();
    await page.getByText('1 client', { exact: true }).waitFor();
    await expectAccessible('clients');
    await screenshots('clients');

    await page.getByRole('searchbox', { name: 'Search' }).fill('nobody');
    await page.getByText('No client matches this search.').waitFor();
    await page.getByRole('searchbox', { name: 'Search' }).fill('bakery');
    await row.waitFor();
    await page.waitForURL(`${base}/clients?q=bakery`);

    await row.getByRole('link', { name: '1 intake' }).click();
    await page.waitForURL(`${base}/intakes?client=anna%40bakery.example`);
    await page.getByText('Intakes of anna@bakery.example').waitFor();
    await page.getByRole('link', { name: 'Bakery website' }).waitFor();
    await expectAccessible('intakes-of-client');
    await page.getByRole('button', { name: 'Show every client' }).click();
    await page.waitForURL(`${base}/intakes`);
  }, 180_000);

  it('shows the pages in Czech too, and logged no console problem but the two provoked refusals', async () => {
    await page.getByRole('combobox', { name: 'Language' }).selectOption('cs');
    await page.goto(`${base}/billing`);
    await heading('Využití a platby');
    await page.getByRole('heading', { name: 'Tento měsíc', exact: false }).waitFor();
    await screenshots('billing-cs');
    await page.goto(`${base}/settings`);
    await heading('Nastavení účtu');
    await expectAccessible('settings-cs');
    await page.getByRole('combobox', { name: 'Jazyk', exact: true }).selectOption('en');

    expect(problems).toHaveLength(expectedProblems.length);
    problems.forEach((problem, index) => expect(problem).toMatch(expectedProblems[index] ?? /never/));
  }, 180_000);
});
