import { readFile } from 'node:fs/promises';
import { type AppProcess, png, startAppProcess, WebhookReceiver } from '@intake/testing';
import { type BrowserContext, type ConsoleMessage, type Page } from 'playwright-core';
import { uniqueEmail } from './accounts-client';
import { useDashboardBrowser } from './dashboard-browser';
import { advanceTestClock, serveSignedFilesFromApi, signUpInBrowser } from './dashboard-steps';

/**
 * The owner's whole journey in one file, on a running stack (the built dashboard served by the real
 * api, the real scheduler as its own process, headless Chromium): sign up, an API key and a webhook,
 * an intake built and sent from the builder, the client answering in the portal page (a second
 * browser context), the answers arriving on the open intake page, a revision and an approval, the
 * secret revealed once, the ZIP, the chase timeline on a test clock, and the dashboard in Czech.
 * Each page on the way is checked with axe and photographed at 360 px and 1280 px.
 */

/** Signed file URLs point here (PUBLIC_BASE_URL); the browser's requests to it are served by the api. */
const FILES = 'http://files.test';
/** The test clock's start, as in the timeline spec: Monday 3 March 2031, 20:30 UTC. */
const FROZEN = '2031-03-03T20:30:00.000Z';
const DAY_MS = 24 * 3600 * 1000;
const SLOW = 240_000;
const CLIENT = 'anna@bakery.example';
const SECRET = 'hunter2-very-secret';

describe('the owner’s journey through the dashboard, end to end (headless Chromium)', () => {
  // The webhook goes to a receiver on this machine, which the api refuses unless told otherwise.
  const env = { TEST_CLOCK: 'enabled', PUBLIC_BASE_URL: FILES, WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' };
  const browser = useDashboardBrowser(env);
  const { api, problems, expectAccessible, screenshots, heading } = browser;
  let page: Page;
  let base: string;
  let scheduler: AppProcess;
  let dispatcher: AppProcess;
  const receiver = new WebhookReceiver();
  /** The client's browser: a second context, so nothing of the owner's session is shared. */
  let clientContext: BrowserContext;
  let portal: Page;
  const portalProblems: string[] = [];
  const email = uniqueEmail('journey');
  let testKey: string;
  let intakeId: string;

  beforeAll(async () => {
    ({ page, base } = browser);
    // A step that cannot happen fails with its locator instead of the whole test's time-out.
    page.setDefaultTimeout(60_000);
    await serveSignedFilesFromApi(page, base, FILES);
    await receiver.start();
    const shared = { ...api.environment.env, ...env };
    [scheduler, dispatcher] = await Promise.all([
      startAppProcess('scheduler', shared),
      startAppProcess('webhook-dispatcher', shared),
    ]);
  }, SLOW);
  afterAll(async () => {
    await clientContext?.close();
    await Promise.all([scheduler?.kill(), dispatcher?.kill(), receiver.stop()]);
  });

  /** A console line with the address it is about (the browser's "Failed to load resource" names none). */
  const described = (message: ConsoleMessage) => `${message.text()} (${message.location().url})`;

  const nav = (name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name });
  const draft = (number: number) => page.locator(`[data-item-draft="${number}"]`);
  const draftField = (number: number, name: string) =>
    draft(number).getByRole('textbox', { name, exact: false }).first();
  const item = (key: string, status?: string) =>
    page.locator(`[data-item-key="${key}"]${status ? `[data-status="${status}"]` : ''}`);
  const portalItem = (key: string) => portal.locator(`[data-item-key="${key}"]`);
  const portalSubmitted = (key: string) =>
    portal.locator(`[data-item-key="${key}"][data-status="submitted"]`).waitFor();

  it(
    '1. signs up through the sign-up page',
    async () => {
      await page.goto(`${base}/`);
      await page.waitForURL(`${base}/sign-in`);
      await heading('Sign in');
      await expectAccessible('journey-sign-in');
      await screenshots('journey-sign-in');
      await signUpInBrowser(page, base, email);
      await page.getByText('You have no intakes yet.').waitFor();
      await expectAccessible('journey-intakes-empty');
      await screenshots('journey-intakes-empty');
      // Revisions and the fast live poll are for paid plans; no payment provider runs here, so the
      // plan is set as a successful checkout would leave it.
      await api.db.query(
        `UPDATE accounts SET plan = 'agency' WHERE id = (SELECT account_id FROM users WHERE email = $1)`,
        [email],
      );
    },
    SLOW,
  );

  it(
    '2. creates an API key and registers a webhook, each secret shown once',
    async () => {
      await nav('API keys').click();
      await heading('API keys');
      await page.getByRole('textbox', { name: 'Name' }).fill('Journey test agent');
      // A test-mode key that may change intakes: it drives the test clock in step 8.
      await page.getByRole('radio', { name: 'Test' }).check();
      await page.getByRole('checkbox', { name: 'Create and change intakes' }).check();
      await page.getByRole('button', { name: 'Create the key' }).click();
      const key = page.getByRole('region', { name: 'Key “Journey test agent” created' });
      await key.getByText('It will not be shown again.', { exact: false }).waitFor();
      testKey = (await key.locator('[data-secret]').innerText()).trim();
      expect(testKey).toMatch(/^svc_test_/);
      await expectAccessible('journey-key-created');
      await screenshots('journey-key-created');
      await key.getByRole('button', { name: 'I have stored it' }).click();
      await key.waitFor({ state: 'detached' });
      await page.reload();
      await heading('API keys');
      await page.getByText('Journey test agent', { exact: true }).waitFor();
      expect(await page.content()).not.toContain(testKey);

      await nav('Webhooks').click();
      await heading('Webhooks');
      await page.getByRole('textbox', { name: 'Address (URL)' }).fill(receiver.url('/journey'));
      await page.getByRole('button', { name: 'Add the webhook' }).click();
      const hook = page.getByRole('region', { name: 'Webhook added' });
      const secret = (await hook.locator('[data-secret]').innerText()).trim();
      expect(secret).toMatch(/^whsec_/);
      await expectAccessible('journey-webhook-created');
      await screenshots('journey-webhook-created');
      await hook.getByRole('button', { name: 'I have stored it' }).click();
      await hook.waitFor({ state: 'detached' });
      await page.reload();
      await heading('Webhooks');
      await page.getByText(receiver.url('/journey')).first().waitFor();
      expect(await page.content()).not.toContain(secret);
    },
    SLOW,
  );

  it(
    '3. builds an intake with a text, a secret and an image item, and sends it',
    async () => {
      await nav('Intakes').click();
      await page.getByRole('link', { name: 'New intake' }).click();
      await page.waitForURL(`${base}/intakes/new`);
      await heading('New intake');
      await page.getByRole('textbox', { name: 'Project name' }).fill('Bakery website');
      await page.getByRole('textbox', { name: 'Client’s e-mail' }).fill(CLIENT);
      await page.getByRole('textbox', { name: 'Client’s name' }).fill('Anna Pekařová');

      await draftField(1, 'Label').fill('Company motto');
      await draft(1).getByRole('combobox', { name: 'Type' }).selectOption('text');
      await page.getByRole('button', { name: 'Add an item' }).click();
      await draftField(2, 'Label').fill('Hosting password');
      await draft(2).getByRole('combobox', { name: 'Type' }).selectOption('secret');
      await page.getByRole('button', { name: 'Add an item' }).click();
      await draftField(3, 'Label').fill('Logo');
      await draft(3).getByRole('combobox', { name: 'Type' }).selectOption('image');
      await page.locator('[data-preview-subject]', { hasText: 'Bakery website' }).waitFor();
      await expectAccessible('journey-new-intake');
      await screenshots('journey-new-intake');

      await page.getByRole('button', { name: 'Send to the client' }).click();
      await page.waitForURL(new RegExp(`${base}/intakes/in_[A-Za-z0-9_-]+$`));
      intakeId = page.url().split('/').pop() as string;
      await heading('Bakery website');
      await page.getByText('Sent', { exact: true }).waitFor();
      for (const key of ['company_motto', 'hosting_password', 'logo']) await item(key, 'pending').waitFor();
      await expectAccessible('journey-intake-sent');
      await screenshots('journey-intake-sent');
    },
    SLOW,
  );

  it(
    '4–5. the client answers in the portal page; the answers appear on the open intake page without a reload',
    async () => {
      // The portal address the client's invitation carries (not shown in the dashboard).
      const session = await api.client.logIn(email);
      const detail = await api.client.asSession(session, { method: 'GET', url: `/v1/intakes/${intakeId}` });
      expect(detail.statusCode).toBe(200);
      const slug = (detail.json().intake.portal_url as string).split('/').pop() as string;

      clientContext = await browser.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-GB' });
      portal = await clientContext.newPage();
      portal.setDefaultTimeout(60_000);
      portal.on('pageerror', (error) => portalProblems.push(`page error: ${error.message}`));
      portal.on('console', (message) => {
        if (message.type() === 'error') portalProblems.push(described(message));
      });
      await portal.goto(`${base}/p/${slug}`);
      await portal.getByRole('heading', { level: 1, name: 'Bakery website' }).waitFor();
      await expectAccessible('journey-portal', portal);
      await screenshots('journey-portal', portal);

      await portalItem('company_motto').getByRole('textbox', { name: 'Company motto' }).fill('Bread like grandma’s.');
      await portalItem('company_motto').getByRole('button', { name: 'Send' }).click();
      await portalSubmitted('company_motto');
      await portalItem('hosting_password').getByLabel('Hosting password').fill(SECRET);
      await portalItem('hosting_password').getByRole('button', { name: 'Send' }).click();
      await portalSubmitted('hosting_password');
      await portalItem('logo')
        .locator('input[type=file]')
        .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png(120, 60) });
      await portalItem('logo').getByText('logo.png').waitFor();
      await portalItem('logo').getByRole('button', { name: 'Send the file' }).click();
      await portalSubmitted('logo');
      await expectAccessible('journey-portal-answered', portal);
      await screenshots('journey-portal-answered', portal);

      // The owner's page, open all along, polls (every 15 s on this plan): no reload.
      await item('company_motto', 'submitted').getByText('Bread like grandma’s.').waitFor({ timeout: 90_000 });
      await item('hosting_password', 'submitted').waitFor({ timeout: 90_000 });
      await item('logo', 'submitted').waitFor({ timeout: 90_000 });
      const thumbnail = item('logo').getByRole('img', { name: 'logo.png' });
      await thumbnail.scrollIntoViewIfNeeded();
      const loadedWidth = () =>
        thumbnail.evaluate((img: { complete: boolean; naturalWidth: number }) => (img.complete ? img.naturalWidth : 0));
      for (let tries = 0; (await loadedWidth()) === 0 && tries < 100; tries++) await page.waitForTimeout(200);
      expect(await loadedWidth()).toBe(120);
      expect(await page.content()).not.toContain(SECRET);
      await expectAccessible('journey-intake-answered');
      await screenshots('journey-intake-answered');

      // The webhook registered in step 2 hears of it (from the real dispatcher, to a local receiver).
      await receiver.waitFor(1, '/journey', 90_000);
      const events = receiver.on('/journey').map((request) => (JSON.parse(request.body) as { event: string }).event);
      expect(events).toContain('item.submitted');
    },
    SLOW,
  );

  it(
    '6. asks for a revision; after the client sends again, approves',
    async () => {
      await item('company_motto').getByRole('button', { name: 'Request a revision' }).click();
      const dialog = page.getByRole('dialog', { name: 'Request a revision of “Company motto”' });
      await dialog.getByRole('textbox', { name: 'What should the client change?' }).fill('Shorter, please.');
      await expectAccessible('journey-revision-dialog');
      await dialog.getByRole('button', { name: 'Send back to the client' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await item('company_motto', 'needs_revision').getByText('Revision requested: Shorter, please.').waitFor();

      await portal.reload();
      const motto = portalItem('company_motto');
      await motto.getByText('Shorter, please.').waitFor();
      await screenshots('journey-portal-revision', portal);
      await motto.getByRole('textbox', { name: 'Company motto' }).fill('Real bread.');
      await motto.getByRole('button', { name: 'Send again' }).click();
      await portalSubmitted('company_motto');

      // Again without a reload: the page goes on polling while an answer is open for revision.
      await item('company_motto', 'submitted').getByText('Real bread.').waitFor({ timeout: 90_000 });
      await item('company_motto').getByRole('button', { name: 'Approve' }).click();
      await item('company_motto', 'approved').waitFor();
      await item('logo').getByRole('button', { name: 'Approve' }).click();
      await item('logo', 'approved').waitFor();
      // The pointer, left where Approve was, now hovers the next button: axe judges the page at rest.
      await page.mouse.move(0, 0);
      await expectAccessible('journey-approved');
      await screenshots('journey-approved');
    },
    SLOW,
  );

  it(
    '7. reveals the secret once, and downloads the ZIP',
    async () => {
      await item('hosting_password').getByRole('button', { name: 'Reveal the secret' }).click();
      const dialog = page.getByRole('dialog', { name: 'Reveal “Hosting password”?' });
      await dialog.getByText('A secret can be revealed only once.', { exact: false }).waitFor();
      await dialog.getByRole('button', { name: 'Reveal it now' }).click();
      await dialog.getByText(SECRET, { exact: true }).waitFor();
      await expectAccessible('journey-secret-revealed');
      await dialog.getByRole('button', { name: 'Close' }).last().click();
      await dialog.waitFor({ state: 'hidden' });
      expect(await page.content()).not.toContain(SECRET);
      // Once only: asked again, the page says when it was revealed.
      await item('hosting_password').getByRole('button', { name: 'Reveal the secret' }).click();
      await dialog.getByRole('button', { name: 'Reveal it now' }).click();
      await dialog.getByText('This secret was already revealed on', { exact: false }).waitFor();
      await dialog.getByRole('button', { name: 'Close' }).last().click();
      await dialog.waitFor({ state: 'hidden' });

      await page.getByRole('button', { name: 'Prepare the download' }).click();
      await page.getByText('Uploaded files: 1').waitFor();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download the ZIP' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.zip$/);
      const bytes = await readFile((await download.path()) as string);
      expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
      await page.getByText(`Downloaded ${download.suggestedFilename()}.`).waitFor();
      await expectAccessible('journey-downloaded');
      await screenshots('journey-downloaded');
    },
    SLOW,
  );

  it(
    '8. shows the chase timeline: the invitation, then a reminder once the test clock has moved',
    async () => {
      // The builder makes live intakes, and only a test intake follows a test clock: this second
      // intake is created by API, with the test key made through the keys page in step 2.
      const asTest = (method: 'GET' | 'POST', url: string, payload?: object) =>
        api.client.asKey(testKey, { method, url, payload });
      const clock = await asTest('POST', '/v1/test_clocks', { frozen_time: FROZEN, name: 'Journey' });
      expect(clock.statusCode).toBe(201);
      const clockId = clock.json().test_clock.id as string;
      const created = await asTest('POST', '/v1/intakes', {
        project_name: 'Bakery website (trial)',
        test_clock: clockId,
        client: { email: CLIENT, name: 'Anna' },
        items: [{ key: 'logo', type: 'image', label: 'Logo' }],
      });
      expect(created.statusCode).toBe(201);
      const testIntakeId = created.json().intake_id as string;

      await page.goto(`${base}/intakes/${testIntakeId}`);
      await heading('Bakery website (trial)');
      await page.getByRole('heading', { level: 2, name: 'Chasing' }).waitFor();
      const entry = (kind: string) => page.locator(`[data-chase-kind="${kind}"][data-chase-status="skipped"]`);
      await entry('invite').getByText('Invitation').waitFor();
      await page.getByTestId('next-reminder').getByText('Reminder 1').waitFor();
      expect(await entry('reminder').count()).toBe(0);
      await expectAccessible('journey-timeline');
      await screenshots('journey-timeline');

      await advanceTestClock(api, testKey, clockId, new Date(Date.parse(FROZEN) + 3 * DAY_MS).toISOString());
      await page.reload();
      await heading('Bakery website (trial)');
      await entry('reminder').getByText('Reminder 1').waitFor();
      await page.getByTestId('next-reminder').getByText('Reminder 2').waitFor();
      await expectAccessible('journey-timeline-reminded');
      await screenshots('journey-timeline-reminded');
    },
    SLOW,
  );

  it(
    '9. switches to Czech: the intake page and the navigation translated, <html lang="cs">',
    async () => {
      await page.goto(`${base}/intakes/${intakeId}`);
      await heading('Bakery website');
      await item('logo', 'approved').waitFor();
      // The English labels this page and its navigation show (the items' own labels are the owner's text).
      const english = [
        'Intakes',
        'Clients',
        'Folders',
        'Templates',
        'Webhooks',
        'API keys',
        'Team',
        'Usage and billing',
        'Audit log',
        'Settings',
        'Sign out',
        'Chasing',
        'Chase now',
        'Edit the schedule',
        'Archive',
        'Reveal the secret',
        'Prepare the download',
      ];
      const shown = () => page.locator('body').innerText();
      const visible = (text: string) => english.filter((label) => new RegExp(`(^|\\W)${label}(\\W|$)`).test(text));
      // Each label is there in English first, so its absence afterwards says something.
      expect(visible(await shown())).toEqual(english);

      await page.getByRole('combobox', { name: 'Language' }).selectOption('cs');
      await page.getByRole('heading', { level: 2, name: 'Připomínání' }).waitFor();
      expect(await page.evaluate('document.documentElement.lang')).toBe('cs');
      await page
        .getByRole('navigation', { name: 'Hlavní' })
        .getByRole('link', { name: 'Žádosti o podklady' })
        .waitFor();
      await page.getByRole('button', { name: 'Odhlásit se' }).waitFor();
      expect(visible(await shown())).toEqual([]);
      await expectAccessible('journey-intake-cs');
      await screenshots('journey-intake-cs');
    },
    SLOW,
  );

  it('logged no console problem on the way, in either browser', () => {
    // No refusal is provoked on purpose here: nothing is left out.
    expect(problems).toEqual([]);
    expect(portalProblems).toEqual([]);
  });
});
