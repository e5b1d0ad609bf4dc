import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { pdf, png } from '@intake/testing';
import { useApi } from './api-test-app';

const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const ARTIFACTS = join(__dirname, '..', '..', '..', 'tmp', 'artifacts', 'portal');

describe('portal page in headless Chromium (real api, Postgres and Redis)', () => {
  const api = useApi({ PORTAL_URL: 'http://127.0.0.1:1/p' });
  let key: string;
  let browser: Browser;
  let base: string;

  beforeAll(async () => {
    await api.t.app.listen(0, '127.0.0.1');
    base = (await api.t.app.getUrl()).replace('[::1]', '127.0.0.1');
    ({ key } = await api.owner());
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    await mkdir(ARTIFACTS, { recursive: true });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  const ITEMS = [
    { key: 'about', type: 'longtext', label: 'About the bakery', constraints: { max_chars: 500 } },
    { key: 'style', type: 'select', label: 'Style', options: ['Classic', 'Modern', 'Playful'] },
    {
      key: 'days',
      type: 'multiselect',
      label: 'Opening days',
      options: ['Mon', 'Tue', 'Wed', 'Sat'],
      constraints: { min_count: 1 },
    },
    {
      key: 'contact',
      type: 'structured',
      label: 'Contact person',
      schema: {
        type: 'object',
        required: ['name'],
        properties: { name: { type: 'string' }, phone: { type: 'string' } },
      },
    },
    { key: 'logo', type: 'image', label: 'Logo', constraints: { formats: ['png'], min_width: 100 } },
    { key: 'menu', type: 'file', label: 'Menu', constraints: { formats: ['pdf'] } },
    { key: 'photos', type: 'file_list', label: 'Shop photos', help: 'Inside and outside, if you have them.' },
  ];

  const item = (page: Page, itemKey: string) => page.locator(`[data-item-key="${itemKey}"]`);
  const submitted = (page: Page, itemKey: string) =>
    page.waitForSelector(`[data-item-key="${itemKey}"][data-status="submitted"]`);

  it('lets a client on a phone fill every kind of item, upload files, ask to skip one and finish', async () => {
    const created = (
      await api.client.asKey(key, {
        method: 'POST',
        url: '/v1/intakes',
        payload: {
          project_name: 'Bakery website',
          client: { email: 'anna@bakery.example', name: 'Anna' },
          client_brief: 'Hi Anna,\nplease send us what we need for the new site.',
          items: ITEMS,
        },
      })
    ).json();
    const id = created.intake_id as string;
    const slug = (created.portal_url as string).split('/').pop() as string;
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      await page.goto(`${base}/p/${slug}`);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Bakery website');
      await page.screenshot({ path: join(ARTIFACTS, 'phone-start.png'), fullPage: true });

      // longtext
      await item(page, 'about').getByRole('textbox', { name: 'About the bakery' }).fill('Sourdough since 1998.');
      await item(page, 'about').getByRole('button', { name: 'Send' }).click();
      await submitted(page, 'about');
      // select
      await item(page, 'style').getByRole('radio', { name: 'Modern' }).check();
      await item(page, 'style').getByRole('button', { name: 'Send' }).click();
      await submitted(page, 'style');
      // multiselect
      await item(page, 'days').getByRole('checkbox', { name: 'Mon' }).check();
      await item(page, 'days').getByRole('checkbox', { name: 'Sat' }).check();
      await item(page, 'days').getByRole('button', { name: 'Send' }).click();
      await submitted(page, 'days');
      // structured
      await item(page, 'contact').getByRole('textbox', { name: 'Name (required)' }).fill('Anna Nováková');
      await item(page, 'contact').getByRole('textbox', { name: 'Phone' }).fill('+420 601 123 456');
      await item(page, 'contact').getByRole('button', { name: 'Send' }).click();
      await submitted(page, 'contact');
      // an image and a PDF, uploaded and sent
      await item(page, 'logo')
        .locator('input[type=file]')
        .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png(240, 120) });
      await item(page, 'logo').getByText('logo.png').waitFor();
      await item(page, 'logo').getByRole('button', { name: 'Send the file' }).click();
      await submitted(page, 'logo');
      await item(page, 'menu')
        .locator('input[type=file]')
        .setInputFiles({ name: 'menu.pdf', mimeType: 'application/pdf', buffer: pdf('Menu') });
      await item(page, 'menu').getByText('menu.pdf').waitFor();
      await item(page, 'menu').getByRole('button', { name: 'Send the file' }).click();
      await submitted(page, 'menu');
      // a waiver proposal for the photos
      await item(page, 'photos').getByText('Can’t provide this?').click();
      await item(page, 'photos').getByRole('textbox', { name: 'Tell us why' }).fill('We are still renovating.');
      await item(page, 'photos').getByRole('button', { name: 'Ask to skip this item' }).click();
      await item(page, 'photos').getByText('You asked to skip this item.', { exact: false }).waitFor();
      await page.screenshot({ path: join(ARTIFACTS, 'phone-waiver-proposed.png'), fullPage: true });

      // The owner accepts the waiver; the client sees the intake complete.
      const decision = await api.client.asKey(key, {
        method: 'POST',
        url: `/v1/intakes/${id}/items/photos/waive/decision`,
        payload: { accept: true },
      });
      expect(decision.statusCode).toBe(200);
      await page.reload();
      await page.getByText('All done — thank you!').waitFor();
      await page.screenshot({ path: join(ARTIFACTS, 'phone-done.png'), fullPage: true });
      const width = await page.evaluate<number>('document.documentElement.scrollWidth');
      expect(width).toBeLessThanOrEqual(390);

      const desktop = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await desktop.goto(`${base}/p/${slug}`);
      await desktop.getByText('All done — thank you!').waitFor();
      await desktop.screenshot({ path: join(ARTIFACTS, 'desktop-done.png'), fullPage: true });
      await desktop.close();

      const detail = (await api.client.asKey(key, { method: 'GET', url: `/v1/intakes/${id}` })).json();
      expect(detail.intake.status).toBe('completed');
      const byKey = Object.fromEntries(detail.items.map((i: { key: string }) => [i.key, i]));
      expect(byKey.about.value).toBe('Sourdough since 1998.');
      expect(byKey.style.value).toBe('Modern');
      expect(byKey.days.value).toEqual(['Mon', 'Sat']);
      expect(byKey.contact.value).toEqual({ name: 'Anna Nováková', phone: '+420 601 123 456' });
      expect(byKey.logo.files).toEqual([expect.objectContaining({ filename: 'logo.png', width: 240 })]);
      expect(byKey.menu.files).toEqual([expect.objectContaining({ filename: 'menu.pdf', mime: 'application/pdf' })]);
      expect(byKey.photos.status).toBe('waived');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('gives every form control an accessible name, in the client’s language', async () => {
    const created = (
      await api.client.asKey(key, {
        method: 'POST',
        url: '/v1/intakes',
        payload: {
          project_name: 'Daňové přiznání',
          client: { email: 'karel@example.cz', name: 'Karel', language: 'cs' },
          items: ITEMS,
        },
      })
    ).json();
    const slug = (created.portal_url as string).split('/').pop() as string;
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
    try {
      await page.goto(`${base}/p/${slug}`);
      await page.waitForSelector('[data-item-key="about"]');
      expect(await page.getAttribute('html', 'lang')).toBe('cs');
      await page.getByText('Nemůžete tohle dodat?').first().waitFor();
      // Evaluated in the page (a string: this file is compiled without the DOM's types).
      const unnamed = await page.evaluate<string[]>(`
        [...document.querySelectorAll('input, textarea, select, button')]
          .filter((el) => {
            const labelled = el.getAttribute('aria-label') || el.getAttribute('aria-labelledby');
            const text = el.tagName === 'BUTTON' ? el.textContent.trim() : '';
            return !labelled && !(el.labels && el.labels.length > 0) && !text;
          })
          .map((el) => el.outerHTML.slice(0, 120))
      `);
      expect(unnamed).toEqual([]);
      expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
      await page.screenshot({ path: join(ARTIFACTS, 'phone-cs.png'), fullPage: true });
    } finally {
      await page.close();
    }
  }, 60_000);

  it('shows a revision note in the client’s language and takes the corrected answer', async () => {
    await api.db.query(`UPDATE accounts SET plan = 'agency' WHERE id = (SELECT account_id FROM api_keys LIMIT 1)`);
    const created = (
      await api.client.asKey(key, {
        method: 'POST',
        url: '/v1/intakes',
        payload: {
          project_name: 'Webseite Bäckerei',
          client: { email: 'jonas@baeckerei.example', name: 'Jonas', language: 'de' },
          items: [{ key: 'about', type: 'longtext', label: 'Über die Bäckerei' }],
        },
      })
    ).json();
    const id = created.intake_id as string;
    const slug = (created.portal_url as string).split('/').pop() as string;
    await api.client.request({
      method: 'PUT',
      url: `/portal/v1/${slug}/items/about`,
      payload: { value: 'Seit 1998.' },
    });
    const revision = await api.client.asKey(key, {
      method: 'POST',
      url: `/v1/intakes/${id}/revision`,
      payload: { item_key: 'about', note: 'Bitte auch die Öffnungszeiten.' },
    });
    expect(revision.statusCode).toBe(200);

    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    try {
      await page.goto(`${base}/p/${slug}`);
      const about = item(page, 'about');
      await about.getByText('Überarbeitung nötig').waitFor();
      await about.getByText('Bitte auch die Öffnungszeiten.').waitFor();
      await page.screenshot({ path: join(ARTIFACTS, 'phone-de-revision.png'), fullPage: true });
      await about.getByRole('textbox', { name: 'Über die Bäckerei' }).fill('Seit 1998. Mo–Sa 7–18 Uhr.');
      await about.getByRole('button', { name: 'Erneut senden' }).click();
      await submitted(page, 'about');
      const detail = (await api.client.asKey(key, { method: 'GET', url: `/v1/intakes/${id}` })).json();
      expect(detail.items[0]).toMatchObject({ status: 'submitted', value: 'Seit 1998. Mo–Sa 7–18 Uhr.' });
      expect(detail.intake.status).toBe('completed');
    } finally {
      await page.close();
    }
  }, 60_000);
});
