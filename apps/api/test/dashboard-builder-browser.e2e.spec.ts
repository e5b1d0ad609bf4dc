import { pdf } from '@intake/testing';
import { uniqueEmail } from './accounts-client';
import { useDashboardBrowser } from './dashboard-browser';
import { signUpInBrowser } from './dashboard-steps';

/** Signed file URLs point here (PUBLIC_BASE_URL); the test fetches them from the api itself. */
const FILES = 'http://files.test';

/** The new-intake page (item builder, preview, brief, draft and send) in headless Chromium. */
describe('new intake in the owner dashboard (built app served by the real api)', () => {
  // Brief files are scanned before they are stored; AV=none as in uploads.e2e.spec.ts (clean at once).
  const browser = useDashboardBrowser({ AV: 'none', PUBLIC_BASE_URL: FILES });
  const { api, problems, expectAccessible, screenshots, heading } = browser;
  let page: typeof browser.page;
  let base: string;
  beforeAll(() => {
    ({ page, base } = browser);
    // A step that cannot happen fails with its locator instead of the whole test's time-out.
    page.setDefaultTimeout(30_000);
  });
  const email = uniqueEmail('builder');

  const item = (number: number) => page.locator(`[data-item-draft="${number}"]`);
  const field = (number: number, name: string) => item(number).getByRole('textbox', { name, exact: false }).first();
  const select = (number: number, name: string) => item(number).getByRole('combobox', { name });

  /** Presses Tab until the focused element's label or name starts with `name` (keyboard only, as a user would). */
  async function tabTo(name: string, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
    for (let presses = 0; presses < 150; presses += 1) {
      await page.keyboard.press(key);
      if ((await focusedName()).startsWith(name)) return;
    }
    throw new Error(`Tab never reached "${name}"`);
  }
  /** Waits until `read` gives a value `accept` takes (what the page does after a key press settles in a frame or two). */
  async function until(read: () => Promise<string>, accept: (value: string) => boolean): Promise<string> {
    let value = await read();
    for (let tries = 0; tries < 50 && !accept(value); tries += 1) {
      await page.waitForTimeout(100);
      value = await read();
    }
    return value;
  }
  /** The focused element's name as a user hears it: its aria-label, its label, else its text. */
  const focusedName = () =>
    page.evaluate<string>(`(() => {
      const element = document.activeElement;
      if (!element) return '';
      const label = element.labels && element.labels[0] ? element.labels[0].textContent : '';
      return (element.getAttribute('aria-label') || label || element.textContent || '').trim();
    })()`);
  const focusedLabel = focusedName;

  it('signs an owner up and opens New intake from the list', async () => {
    await signUpInBrowser(page, base, email);
    await page.getByText('You have no intakes yet.').waitFor();

    await page.getByRole('link', { name: 'New intake' }).click();
    await page.waitForURL(`${base}/intakes/new`);
    await heading('New intake');
    await item(1).waitFor();
    // The preview follows the account's language with a placeholder project name.
    await page.locator('[data-preview-subject]').waitFor();
    await expectAccessible('new-intake-empty');
    await screenshots('new-intake-empty');
  }, 120_000);

  it('builds items of several types, shows a wrong value inline, previews the invitation and sends', async () => {
    const previews: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/v1/intakes/preview')) previews.push(request.url());
    });
    const before = previews.length;
    const project = page.getByRole('textbox', { name: 'Project name' });
    await project.click();
    await project.pressSequentially('Bakery website');
    await page.getByRole('textbox', { name: 'Client’s e-mail' }).fill('anna@bakery.example');
    await page.getByRole('textbox', { name: 'Client’s name' }).fill('Anna Pekařová');
    // The preview is asked once the typing stops, not on every key.
    await page.locator('[data-preview-subject]', { hasText: 'Bakery website' }).waitFor();
    expect(previews.length - before).toBeGreaterThanOrEqual(1);
    expect(previews.length - before).toBeLessThan('Bakery website'.length);
    expect(decodeURIComponent(previews.at(-1) ?? '')).toContain('project_name=Bakery website');
    await page.locator('[data-preview]').getByText('Anna Pekařová <anna@bakery.example>').waitFor();

    // Item 1: long text; the key follows the label.
    await field(1, 'Label').fill('About the bakery');
    await expect(field(1, 'Key').inputValue()).resolves.toBe('about_the_bakery');
    await field(1, 'Most characters').fill('2000');

    // Item 2: an image with a width beyond the API's limit: told at once, next to the field.
    await page.getByRole('button', { name: 'Add an item' }).click();
    await field(2, 'Label').fill('Logo (SVG)');
    await select(2, 'Type').selectOption('image');
    await field(2, 'Accepted formats').fill('svg, .PNG');
    await field(2, 'Minimum width in pixels').fill('20001');
    await item(2).getByText('Enter a whole number from 1 to 20000.').waitFor();
    await expect(field(2, 'Minimum width in pixels').getAttribute('aria-invalid')).resolves.toBe('true');

    // Item 3: one choice, owner-assigned options; a repeated option is caught.
    await page.getByRole('button', { name: 'Add an item' }).click();
    await field(3, 'Label').fill('Colour scheme');
    await select(3, 'Type').selectOption('select');
    await field(3, 'Options, one a line').fill('Warm\nCool\nWarm');
    await item(3).getByText('“Warm” is listed twice.').waitFor();

    // Item 4: a secret, optional.
    await page.getByRole('button', { name: 'Add an item' }).click();
    await field(4, 'Label').fill('Hosting password');
    await select(4, 'Type').selectOption('secret');
    await item(4).getByRole('checkbox', { name: 'Required' }).uncheck();

    await page.getByRole('button', { name: 'Send to the client' }).click();
    await page.getByText('Please correct the 2 marked fields.').waitFor();
    await expectAccessible('new-intake-error');
    await screenshots('new-intake-error');

    await field(2, 'Minimum width in pixels').fill('1000');
    await field(3, 'Options, one a line').fill('Warm\nCool');
    await page.getByRole('button', { name: 'Move item 3 up' }).click();
    await expect(field(2, 'Label').inputValue()).resolves.toBe('Colour scheme');
    await page.getByRole('combobox', { name: 'Schedule' }).selectOption('custom');
    await page.getByRole('textbox', { name: 'Every' }).fill('2');
    await page.getByRole('textbox', { name: 'Subject' }).fill('Materials for the new bakery website');
    await page.locator('[data-preview-subject]', { hasText: 'Materials for the new bakery website' }).waitFor();
    await expectAccessible('new-intake-filled');
    await screenshots('new-intake-filled');

    await page.getByRole('button', { name: 'Send to the client' }).click();
    await page.waitForURL(new RegExp(`${base}/intakes/in_[A-Za-z0-9_-]+$`));
    await heading('Bakery website');
    await page.getByText('Sent', { exact: true }).waitFor();
    for (const key of ['about_the_bakery', 'colour_scheme', 'logo_svg', 'hosting_password']) {
      await page.locator(`[data-item-key="${key}"]`).waitFor();
    }
    const id = page.url().split('/').pop() as string;
    const stored = await api.db.query<{ chase_schedule: string; chase_interval_minutes: number }>(
      'SELECT chase_schedule, chase_interval_minutes FROM intakes WHERE id = $1',
      [id],
    );
    expect(stored.rows[0]).toMatchObject({ chase_schedule: 'custom', chase_interval_minutes: 2 * 1440 });
  }, 180_000);

  it('starts from a template and saves a draft with the keyboard only; the API’s refusal lands on its field', async () => {
    const session = await api.client.logIn(email);
    const template = await api.client.asSession(session, {
      method: 'POST',
      url: '/v1/templates',
      payload: {
        name: 'Website basics',
        items: [
          { key: 'logo', type: 'image', label: 'Logo', constraints: { formats: ['svg'] } },
          { key: 'texts', type: 'longtext', label: 'Texts for the pages' },
        ],
      },
    });
    expect(template.statusCode).toBe(201);

    await page.goto(`${base}/intakes/new`);
    await heading('New intake');
    await page.getByRole('combobox', { name: 'Template' }).selectOption({ label: 'Website basics' });
    await expect(field(1, 'Label').inputValue()).resolves.toBe('Logo');
    await expect(field(2, 'Key').inputValue()).resolves.toBe('texts');

    // Saving with nothing filled in: the focus goes to the first marked field.
    await page.getByRole('combobox', { name: 'Template' }).focus();
    await tabTo('Save as draft');
    await page.keyboard.press('Enter');
    await page.getByText('Please correct the 3 marked fields.').waitFor();
    expect(await until(focusedLabel, (label) => label.startsWith('Project name'))).toMatch(/^Project name/);
    await page.keyboard.type('Café menu');
    await page.keyboard.press('Tab');
    await page.keyboard.type('cafe@menu.example');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Bohumil');

    // A new item by keyboard: its label takes the focus; moved up, the focus stays on its button.
    await tabTo('Add an item');
    await page.keyboard.press('Enter');
    expect(await until(focusedLabel, (label) => label.startsWith('Label'))).toMatch(/^Label/);
    await page.keyboard.type('Opening hours');
    await tabTo('Pattern the answer must match');
    // Compiles in the browser, but too heavy for the API's pattern engine: only the API can say so.
    await page.keyboard.type('\\p{L}{100}');
    await tabTo('Move item 3 up', 'Shift+Tab');
    await page.keyboard.press('Space');
    expect(await until(focusedLabel, (label) => label === 'Move item 2 up')).toBe('Move item 2 up');
    await expect(field(2, 'Label').inputValue()).resolves.toBe('Opening hours');

    await tabTo('Save as draft');
    await page.keyboard.press('Enter');
    await item(2).getByText('The service did not accept this value. Please check it.').waitFor();
    expect(await until(focusedLabel, (label) => label.startsWith('Pattern'))).toMatch(/^Pattern the answer must match/);
    await expectAccessible('new-intake-refused');

    await page.keyboard.press('Control+A');
    await page.keyboard.press('Backspace');
    await tabTo('Save as draft');
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`${base}/intakes/in_[A-Za-z0-9_-]+$`));
    await heading('Café menu');
    await page.getByText('Draft', { exact: true }).waitFor();
    for (const key of ['logo', 'opening_hours', 'texts']) await page.locator(`[data-item-key="${key}"]`).waitFor();
    const keys = await page
      .locator('[data-item-key]')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-item-key')));
    expect(keys).toEqual(['logo', 'opening_hours', 'texts']);
  }, 300_000);

  it('sends an intake with a client brief and a brief file uploaded with its progress; the intake page shows and deletes it', async () => {
    const brief = 'Hi Marta,\nthe mood board shows the style we agreed on.';
    await page.goto(`${base}/intakes/new`);
    await heading('New intake');
    await page.getByRole('textbox', { name: 'Project name' }).fill('Flower shop');
    await page.getByRole('textbox', { name: 'Client’s e-mail' }).fill('marta@flowers.example');
    await page.getByRole('textbox', { name: 'Client’s name' }).fill('Marta Květinová');
    await field(1, 'Label').fill('Shop photos');
    const briefText = page.getByRole('textbox', { name: 'Brief for the client' });
    await briefText.fill(brief);
    await page.getByText(`${[...brief].length} of 5000 characters.`, { exact: false }).waitFor();
    await page.locator('input[type="file"]').setInputFiles({
      name: 'moodboard.pdf',
      mimeType: 'application/pdf',
      buffer: pdf('Mood board'),
    });
    await page.locator('[data-brief-file="moodboard.pdf"]').waitFor();
    // With the pointer on a light button: its text darkens on the hover background and keeps AA contrast.
    const addItem = page.getByRole('button', { name: 'Add an item' });
    const textColour = () =>
      page.evaluate<string>(`getComputedStyle(document.getElementById('new-intake-add-item')).color`);
    const resting = await textColour();
    await addItem.hover();
    expect(await until(textColour, (colour) => colour !== resting)).not.toBe(resting);
    await expectAccessible('new-intake-brief');
    await screenshots('new-intake-brief');

    // Every state the upload shows, recorded in the page (the router keeps the window across pages).
    await page.evaluate(`(() => {
      const seen = (window.__uploadSeen = []);
      const record = () => {
        for (const row of document.querySelectorAll('[data-upload-status]')) {
          const bar = row.querySelector('[role="progressbar"]');
          const entry = row.getAttribute('data-upload-status') + ':' + (bar ? bar.getAttribute('aria-valuenow') : '-');
          if (seen[seen.length - 1] !== entry) seen.push(entry);
        }
      };
      new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true });
    })()`);
    // The first upload is refused as infected (the api's answer, faked here: AV=none finds nothing):
    // the intake stays an unsent draft, the page says why in a sentence, and trying again sends it.
    const uploadRoute = '**/v1/intakes/*/brief/files';
    await page.route(uploadRoute, (route) =>
      route.fulfill({
        status: 422,
        contentType: 'application/json',
        body: JSON.stringify({
          error: 'unprocessable',
          reason: 'file_infected',
          message: 'The file failed the virus scan and was not stored.',
          request_id: 'req_faked',
        }),
      }),
    );
    await page.getByRole('button', { name: 'Send to the client' }).click();
    const saved = page.locator('[data-saved-draft]');
    await saved.getByText('The intake was saved as a draft and has not been sent to the client.').waitFor();
    await saved.getByText('moodboard.pdf: The file failed the virus scan and was not stored.').waitFor();
    await page
      .locator('[data-brief-file="moodboard.pdf"]')
      .getByText('Not uploaded. The file failed the virus scan and was not stored.')
      .waitFor();
    await expect(page.getByRole('button', { name: 'Send to the client' }).isDisabled()).resolves.toBe(true);
    await expectAccessible('new-intake-brief-not-uploaded');
    await page.unroute(uploadRoute);
    await saved.getByRole('button', { name: 'Try again' }).click();
    await page.waitForURL(new RegExp(`${base}/intakes/in_[A-Za-z0-9_-]+$`));
    await heading('Flower shop');
    await page.getByText('Sent', { exact: true }).waitFor();
    const seen = await page.evaluate<string[]>('window.__uploadSeen');
    expect(seen[0]).toMatch(/^(waiting|uploading):/);
    expect(seen).toContain('failed:-');
    expect(seen).toContain('done:100');
    expect(seen.indexOf('done:100')).toBe(seen.length - 1);

    const id = page.url().split('/').pop() as string;
    const session = await api.client.logIn(email);
    const detail = (await api.client.asSession(session, { method: 'GET', url: `/v1/intakes/${id}` })).json();
    expect(detail.intake).toMatchObject({ status: 'sent', client_brief: brief.trim() });
    expect(detail.intake.brief_files).toEqual([
      expect.objectContaining({ filename: 'moodboard.pdf', mime: 'application/pdf', av_status: 'clean' }),
    ]);
    const fileId = detail.intake.brief_files[0].id as string;

    const panel = page.locator('[data-brief]');
    await expect(panel.locator('[data-brief-text]').innerText()).resolves.toBe(brief);
    const row = panel.locator('[data-brief-file="moodboard.pdf"]');
    await row.getByText('Checked', { exact: true }).waitFor();
    const link = row.getByRole('link', { name: 'moodboard.pdf' });
    await expect(link.getAttribute('href')).resolves.toBe(`/v1/intakes/${id}/brief/files/${fileId}/url`);
    // The link's route answers with the signed URL; the file comes from there.
    const redirect = await page.request.get(`${base}/v1/intakes/${id}/brief/files/${fileId}/url`, { maxRedirects: 0 });
    expect(redirect.status()).toBe(302);
    const location = redirect.headers()['location'] ?? '';
    expect(location.startsWith(`${FILES}/v1/files/signed?`)).toBe(true);
    const served = await page.request.get(`${base}${location.slice(FILES.length)}`);
    expect(served.status()).toBe(200);
    expect((await served.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await expectAccessible('intake-brief');
    await screenshots('intake-brief');

    await row.getByRole('button', { name: 'Delete moodboard.pdf' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete “moodboard.pdf”?' });
    await dialog.getByRole('button', { name: 'Delete the file' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await panel.getByText('No brief files.').waitFor();
    await expect(row.count()).resolves.toBe(0);
    const after = (await api.client.asSession(session, { method: 'GET', url: `/v1/intakes/${id}` })).json();
    expect(after.intake.brief_files).toEqual([]);
  }, 180_000);

  it('served no console error on the way (but the refusals asked for: the pattern, the infected brief file)', () => {
    const refusals = problems.filter((problem) => /status of 422/.test(problem));
    expect(refusals.length).toBeLessThanOrEqual(2);
    expect(problems.filter((problem) => !refusals.includes(problem))).toEqual([]);
  });
});
