import { readFile } from 'node:fs/promises';
import { multipart, png } from '@intake/testing';
import { PASSWORD } from './accounts-client';
import { type Owner } from './api-test-app';
import { useDashboardBrowser } from './dashboard-browser';
import { serveSignedFilesFromApi } from './dashboard-steps';

/** Signed file URLs point here (PUBLIC_BASE_URL); the browser's requests to it are served by the api. */
const FILES = 'http://files.test';

describe('reviewing an intake in the dashboard (built app, real api, headless Chromium)', () => {
  const browser = useDashboardBrowser({ PUBLIC_BASE_URL: FILES });
  const { api, problems, expectAccessible, screenshots, heading } = browser;
  let page: typeof browser.page;
  let base: string;
  let owner: Owner;
  let intakeId: string;
  let slug: string;
  let testIntakeId: string;

  const item = (key: string) => page.locator(`[data-item-key="${key}"]`);
  const portal = (method: 'PUT' | 'POST', path: string, payload?: object) =>
    api.client.request({ method, url: `/portal/v1/${slug}/${path}`, payload });

  beforeAll(async () => {
    ({ page, base } = browser);
    await serveSignedFilesFromApi(page, base, FILES);
    owner = await api.owner({ plan: 'agency', testKey: true });
    const created = await api.client.asKey(owner.key, {
      method: 'POST',
      url: '/v1/intakes',
      payload: {
        project_name: 'Bakery website',
        client: { email: 'anna@bakery.example', name: 'Anna' },
        items: [
          { key: 'about', type: 'longtext', label: 'About the bakery' },
          { key: 'logo', type: 'image', label: 'Logo' },
          { key: 'password', type: 'secret', label: 'Hosting password' },
        ],
      },
    });
    expect(created.statusCode).toBe(201);
    intakeId = created.json().intake_id as string;
    slug = (created.json().portal_url as string).split('/').pop() as string;
    const test = await api.client.asKey(owner.testKey as string, {
      method: 'POST',
      url: '/v1/intakes',
      payload: {
        project_name: 'Trial run',
        client: { email: 'trial@bakery.example', name: 'Trial' },
        items: [{ key: 'about', type: 'text', label: 'About' }],
      },
    });
    expect(test.statusCode).toBe(201);
    testIntakeId = test.json().intake_id as string;
  }, 60_000);

  it('shows the client’s submissions on the open page without a reload', async () => {
    await page.goto(`${base}/intakes/${intakeId}`);
    await page.getByRole('textbox', { name: 'E-mail' }).fill(owner.email);
    await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${base}/intakes/${intakeId}`);
    await heading('Bakery website');
    await item('about').getByText('No answer yet.').waitFor();

    // The client answers in the portal while the owner watches the page.
    expect((await portal('PUT', 'items/about', { value: 'We bake sourdough.\nSince 1998.' })).statusCode).toBe(200);
    const upload = multipart('file', 'logo.png', png(120, 60));
    const uploaded = await api.client.request({
      method: 'POST',
      url: `/portal/v1/${slug}/items/logo/files`,
      payload: upload.payload,
      headers: upload.headers,
    });
    expect(uploaded.statusCode).toBe(201);
    expect((await portal('POST', 'items/logo/submit')).statusCode).toBe(200);
    expect((await portal('PUT', 'items/password', { value: 'hunter2-very-secret' })).statusCode).toBe(200);

    // The page's poll (every 15 s on this plan) brings them in: no reload, no focus change.
    await page.locator('[data-item-key="about"][data-status="submitted"]').getByText('We bake sourdough.').waitFor({
      timeout: 45_000,
    });
    await page.locator('[data-item-key="logo"][data-status="submitted"]').waitFor({ timeout: 45_000 });
    const thumbnail = item('logo').getByRole('img', { name: 'logo.png' });
    await thumbnail.scrollIntoViewIfNeeded();
    // Loaded through the file route's redirect to the signed URL (the page's CSP allows the storage's origin).
    const loadedWidth = () =>
      thumbnail.evaluate((img: { complete: boolean; naturalWidth: number }) => (img.complete ? img.naturalWidth : 0));
    for (let tries = 0; (await loadedWidth()) === 0 && tries < 100; tries++) await page.waitForTimeout(200);
    expect(await loadedWidth()).toBe(120);
    await item('password').getByText('The secret is not shown here. The account owner can reveal it once.').waitFor();
    await expectAccessible('review-submitted');
    await screenshots('review-submitted');
  }, 120_000);

  it('asks for a revision with a note, approves, waives and undoes the waiver', async () => {
    await item('about').getByRole('button', { name: 'Request a revision' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request a revision of “About the bakery”' });
    await dialog.waitFor();
    expect(await dialog.getByRole('button', { name: 'Send back to the client' }).isDisabled()).toBe(true);
    await dialog.getByRole('textbox', { name: 'What should the client change?' }).fill('Please add the opening hours.');
    await expectAccessible('review-revision-dialog');
    await dialog.getByRole('button', { name: 'Send back to the client' }).click();
    await page.locator('[data-item-key="about"][data-status="needs_revision"]').waitFor();
    await item('about').getByText('Revision requested: Please add the opening hours.').waitFor();

    await item('logo').getByRole('button', { name: 'Approve' }).click();
    await page.locator('[data-item-key="logo"][data-status="approved"]').waitFor();
    expect(await item('logo').getByRole('button', { name: 'Approve' }).count()).toBe(0);

    await item('about').getByRole('button', { name: 'Waive' }).click();
    const waive = page.getByRole('dialog', { name: 'Waive “About the bakery”?' });
    await waive.getByRole('textbox', { name: 'Reason (optional)' }).fill('We write it ourselves.');
    await waive.getByRole('button', { name: 'Waive the item' }).click();
    await page.locator('[data-item-key="about"][data-status="waived"]').waitFor();
    await item('about').getByText('Waived: We write it ourselves.').waitFor();

    // From the keyboard: the dialog opens on Enter, Escape cancels it and nothing changes.
    await item('about').getByRole('button', { name: 'Undo the waiver' }).focus();
    await page.keyboard.press('Enter');
    const undo = page.getByRole('dialog', { name: 'Undo the waiver of “About the bakery”?' });
    await undo.waitFor();
    await page.keyboard.press('Escape');
    await undo.waitFor({ state: 'hidden' });
    await page.locator('[data-item-key="about"][data-status="waived"]').waitFor();
    await item('about').getByRole('button', { name: 'Undo the waiver' }).click();
    await undo.getByRole('button', { name: 'Undo the waiver' }).click();
    await page.locator('[data-item-key="about"][data-status="pending"]').waitFor();

    // On the Free plan a revision is refused: the 402 plan_required is a sentence in the dialog.
    await api.db.query(`UPDATE accounts SET plan = 'free' WHERE id = $1`, [owner.accountId]);
    await item('logo').getByRole('button', { name: 'Request a revision' }).click();
    const refused = page.getByRole('dialog', { name: 'Request a revision of “Logo”' });
    await refused.getByRole('textbox', { name: 'What should the client change?' }).fill('Larger, please.');
    await refused.getByRole('button', { name: 'Send back to the client' }).click();
    await refused
      .getByRole('alert')
      .getByText('Sending an answer back for a revision is not part of the Free plan. Upgrade to use it.')
      .waitFor();
    await refused.getByRole('button', { name: 'Cancel' }).last().click();
    await refused.waitFor({ state: 'hidden' });
    await api.db.query(`UPDATE accounts SET plan = 'agency' WHERE id = $1`, [owner.accountId]);

    const detail = (await api.client.asKey(owner.key, { method: 'GET', url: `/v1/intakes/${intakeId}` })).json() as {
      items: Array<{ key: string; status: string }>;
    };
    expect(detail.items.map((i) => [i.key, i.status])).toEqual([
      ['about', 'pending'],
      ['logo', 'approved'],
      ['password', 'submitted'],
    ]);
  }, 90_000);

  it('reveals the secret once, after a warning', async () => {
    await item('password').getByRole('button', { name: 'Reveal the secret' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reveal “Hosting password”?' });
    await dialog.getByText('A secret can be revealed only once.', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Reveal it now' }).click();
    await dialog.getByText('hunter2-very-secret', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Copy' }).waitFor();
    await expectAccessible('review-secret-revealed');
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await dialog.waitFor({ state: 'hidden' });
    // Nothing of it stays in the page or in TanStack Query's caches.
    expect(await page.content()).not.toContain('hunter2-very-secret');

    await item('password').getByRole('button', { name: 'Reveal the secret' }).click();
    await dialog.getByRole('button', { name: 'Reveal it now' }).click();
    await dialog.getByText('This secret was already revealed on', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await dialog.waitFor({ state: 'hidden' });
  }, 60_000);

  it('shows the download’s numbers first, then downloads the ZIP with its progress', async () => {
    await page.getByRole('button', { name: 'Prepare the download' }).click();
    await page.getByText('Uploaded files: 1').waitFor();
    await page.getByText(/^Size: /).waitFor();
    await page.getByText('Secrets: 0 not revealed yet, 1 already revealed').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the ZIP' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^podklady-.*\.zip$/);
    const bytes = await readFile((await download.path()) as string);
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    await page.getByText(`Downloaded ${download.suggestedFilename()}.`).waitFor();
    expect(await page.getByRole('progressbar', { name: 'Download progress' }).getAttribute('aria-valuenow')).toBe(
      '100',
    );
    await expectAccessible('review-downloaded');
    await screenshots('review-downloaded');
  }, 60_000);

  it('switches the list between live and test intakes, in the address', async () => {
    await page.getByRole('link', { name: 'All intakes' }).click();
    await page.waitForURL(`${base}/intakes`);
    await page.locator(`[data-intake-id="${intakeId}"]`).waitFor();
    const testRow = page.locator(`[data-intake-id="${testIntakeId}"]`);
    await testRow.getByText('Test intake').waitFor();
    await page.getByRole('radiogroup', { name: 'Live or test intakes' }).getByText('Test', { exact: true }).click();
    await page.waitForURL(`${base}/intakes?mode=test`);
    await page.getByText('1 intake', { exact: true }).waitFor();
    await testRow.waitFor();
    expect(await page.locator(`[data-intake-id="${intakeId}"]`).count()).toBe(0);
    await expectAccessible('intakes-test-mode');
    await screenshots('intakes-test-mode');
    await page.getByRole('radiogroup', { name: 'Live or test intakes' }).getByText('Live', { exact: true }).click();
    await page.waitForURL(`${base}/intakes?mode=live`);
    await page.locator(`[data-intake-id="${intakeId}"]`).waitFor();
    expect(await testRow.count()).toBe(0);
    await page.reload();
    await page.locator(`[data-intake-id="${intakeId}"]`).waitFor();
    // The browser logs the refused revision's answer (402) itself; nothing else may appear.
    expect(problems.filter((problem) => !/status of 402/.test(problem))).toEqual([]);
  }, 60_000);
});
