import { type Browser, chromium } from 'playwright-core';
import { CATALOGUES } from '@intake/portal-web';
import { useApi } from './api-test-app';

const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/** The portal page's note on the whole intake (issue #29, item 7), in headless Chromium. */
describe('the client’s note on the whole intake, on the portal page (headless Chromium, real api)', () => {
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
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
    });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('writes, keeps and clears the note in the client’s language; read-only once archived', async () => {
    const cs = CATALOGUES.cs;
    const created = (
      await api.client.asKey(key, {
        method: 'POST',
        url: '/v1/intakes',
        payload: {
          project_name: 'Daňové přiznání',
          client: { email: 'karel@example.cz', name: 'Karel', language: 'cs' },
          items: [{ key: 'about', type: 'text', label: 'O vás' }],
        },
      })
    ).json();
    const id = created.intake_id as string;
    const slug = (created.portal_url as string).split('/').pop() as string;
    const noteOf = async () =>
      (await api.client.asKey(key, { method: 'GET', url: `/v1/intakes/${id}` })).json().intake.client_note;
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      await page.goto(`${base}/p/${slug}`);
      const section = page.locator('#intake-note');
      await section.getByRole('heading', { name: String(cs.intake_note_heading) }).waitFor();
      const box = section.getByRole('textbox', { name: String(cs.intake_note_label) });
      expect(await box.getAttribute('maxlength')).toBe('2000');

      await box.fill('Doklady pošlu ve středu.');
      await section.getByRole('button', { name: String(cs.intake_note_button) }).click();
      await section.getByText(String(cs.intake_note_saved)).waitFor();
      expect(await noteOf()).toBe('Doklady pošlu ve středu.');

      // Kept across a reload; cleared by saving it empty.
      await page.reload();
      await expect(section.getByRole('textbox', { name: String(cs.intake_note_label) }).inputValue()).resolves.toBe(
        'Doklady pošlu ve středu.',
      );
      await section.getByRole('textbox', { name: String(cs.intake_note_label) }).fill('   ');
      await section.getByRole('button', { name: String(cs.intake_note_button) }).click();
      await section.getByText(String(cs.intake_note_cleared)).waitFor();
      expect(await noteOf()).toBeNull();

      // Archived: the note is shown as text, with no form.
      await page.locator('#intake-note-text').fill('Poslední poznámka.');
      await page.locator('#intake-note-send').click();
      await section.getByText(String(cs.intake_note_saved)).waitFor();
      await api.client.asKey(key, { method: 'POST', url: `/v1/intakes/${id}/archive` });
      await page.reload();
      await section.getByText('Poslední poznámka.').waitFor();
      expect(await section.locator('textarea, button').count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 60_000);
});
