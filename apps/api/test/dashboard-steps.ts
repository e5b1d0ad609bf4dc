import { type Page } from 'playwright-core';
import { PASSWORD } from './accounts-client';
import { type Api } from './api-test-app';

/**
 * Steps the dashboard's browser tests share: signing an owner up through the page, letting the
 * browser load files through their signed URLs, and moving a test clock with the scheduler.
 */

/** Signs a new owner (Jana Nováková of Studio Nováková) up through the sign-up page; ends on the intake list. */
export async function signUpInBrowser(page: Page, base: string, email: string): Promise<void> {
  await page.goto(`${base}/sign-up`);
  await page.getByRole('textbox', { name: 'Your name' }).fill('Jana Nováková');
  await page.getByRole('textbox', { name: 'Company or studio' }).fill('Studio Nováková');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create the account' }).click();
  await page.waitForURL(`${base}/intakes`);
}

/**
 * The file route answers 302 to the signed URL on PUBLIC_BASE_URL (`files`, a host this machine
 * cannot resolve, and Playwright routes no redirected request): the redirect is passed on to the
 * api at `base`, so thumbnails and downloads load as they would from the storage's address.
 */
export async function serveSignedFilesFromApi(page: Page, base: string, files: string): Promise<void> {
  await page.route(/\/v1\/intakes\/[^/]+\/items\/[^/]+\/files\/[^/?]+$/, async (route) => {
    const answer = await route.fetch({ maxRedirects: 0 });
    const location = answer.headers()['location'] ?? '';
    if (answer.status() !== 302 || !location.startsWith(`${files}/v1/files/signed?`))
      return route.fulfill({ response: answer });
    return route.fulfill({ status: 302, headers: { location: `${base}${location.slice(files.length)}` } });
  });
}

/**
 * Advances a test clock (with a test-mode key that may change intakes), then ticks the scheduler
 * (POST /_test/tick, TEST_CLOCK=enabled) until the clock is ready again.
 */
export async function advanceTestClock(api: Api, testKey: string, clockId: string, to: string): Promise<void> {
  const advanced = await api.client.asKey(testKey, {
    method: 'POST',
    url: `/v1/test_clocks/${clockId}/advance`,
    payload: { frozen_time: to },
  });
  expect(advanced.statusCode).toBe(202);
  for (let tick = 0; tick < 20; tick += 1) {
    expect((await api.t.app.inject({ method: 'POST', url: '/_test/tick', payload: {} })).statusCode).toBe(200);
    const clock = await api.client.asKey(testKey, { method: 'GET', url: `/v1/test_clocks/${clockId}` });
    if (clock.json().test_clock.status === 'ready') return;
  }
  throw new Error(`test clock ${clockId} never got ready`);
}
