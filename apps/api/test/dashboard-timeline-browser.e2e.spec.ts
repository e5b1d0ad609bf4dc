import { type AppProcess, startAppProcess } from '@intake/testing';
import { PASSWORD } from './accounts-client';
import { type Owner } from './api-test-app';
import { useDashboardBrowser } from './dashboard-browser';
import { advanceTestClock } from './dashboard-steps';

/**
 * The chasing side of an intake's page in headless Chromium (issue: owner dashboard): a test
 * intake on a test clock, the real scheduler as its own process driven by POST /_test/tick, so the
 * timeline shows the invitation and, after the clock is advanced, a reminder; then a bounced
 * address reinstated, recipients added and removed, "Chase now" and its hourly limit, the schedule
 * edited, and the intake archived.
 */

/** The test clock's start: Monday 3 March 2031, 20:30 UTC (15:30 in New York, the client's zone). */
const FROZEN = '2031-03-03T20:30:00.000Z';
const DAY_MS = 24 * 3600 * 1000;
const day = (n: number) => new Date(Date.parse(FROZEN) + n * DAY_MS).toISOString();
const SLOW = 180_000;
const CLIENT = 'anna@bakery.example';
const PARTNER = 'petr@bakery.example';

describe('intake page, chasing: timeline, recipients, chase now, schedule and archive (headless Chromium)', () => {
  const env = { TEST_CLOCK: 'enabled' };
  const browser = useDashboardBrowser(env);
  const { api, problems, expectAccessible, screenshots, heading } = browser;
  let page: typeof browser.page;
  let base: string;
  let scheduler: AppProcess;
  let owner: Owner;
  let testKey: string;
  let intakeId: string;
  let clockId: string;

  beforeAll(async () => {
    ({ page, base } = browser);
    scheduler = await startAppProcess('scheduler', { ...api.environment.env, ...env });
    owner = await api.owner({ plan: 'agency', testKey: true });
    testKey = owner.testKey as string;
  }, SLOW);
  afterAll(async () => {
    await scheduler?.kill();
  });

  async function call(method: 'GET' | 'POST', url: string, payload?: object) {
    const response = await api.client.asKey(testKey, { method, url, payload });
    return { status: response.statusCode, body: response.body ? response.json() : undefined };
  }
  const timelineEntry = (kind: string, status: string) =>
    page.locator(`[data-chase-kind="${kind}"][data-chase-status="${status}"]`);

  it(
    'shows the invitation, and a reminder once the clock has moved, in the owner’s and the client’s time',
    async () => {
      const clock = await call('POST', '/v1/test_clocks', { frozen_time: FROZEN, name: 'Timeline' });
      expect(clock.status).toBe(201);
      clockId = clock.body.test_clock.id as string;
      const created = await call('POST', '/v1/intakes', {
        project_name: 'Bakery website',
        test_clock: clockId,
        client: { email: CLIENT, name: 'Anna', timezone: 'America/New_York', also_notify: [{ email: PARTNER }] },
        items: [{ key: 'logo', type: 'image', label: 'Logo' }],
      });
      expect([created.status, created.body.error]).toEqual([201, undefined]);
      intakeId = created.body.intake_id as string;

      await page.goto(`${base}/intakes/${intakeId}`);
      await page.waitForURL(/\/sign-in/);
      await page.getByRole('textbox', { name: 'E-mail' }).fill(owner.email);
      await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(`${base}/intakes/${intakeId}`);
      await heading('Bakery website');
      await page.getByRole('heading', { level: 2, name: 'Chasing' }).waitFor();

      // The invitation of a test intake: recorded, never sent, and said why; at 15:30 in New York.
      const invite = timelineEntry('invite', 'skipped');
      await invite.getByText('Invitation').waitFor();
      await invite.getByText('Not sent').waitFor();
      await invite.getByText('Test intake: recorded, but nothing is ever sent to the client.').waitFor();
      await invite.getByText(/Mar 3, 2031, 3:30\sPM for the client \(Eastern Time\)/).waitFor();
      const ownerTime = await invite.locator('time').innerText();
      expect(ownerTime).toMatch(/^Mar 3, 2031, \d{1,2}:\d\d\s[AP]M your time$/);
      // The next reminder: two days after the invitation (default schedule), inside quiet hours there.
      const next = page.getByTestId('next-reminder');
      await next.getByText('Reminder 1').waitFor();
      await next.getByText(/Mar 5, 2031, 3:30\sPM for the client \(Eastern Time\)/).waitFor();
      await next.getByText('Reminders wait for 08:00–19:00 on the client’s clock.').waitFor();
      await expectAccessible('intake-chasing');
      await screenshots('intake-chasing');

      await advanceTestClock(api, testKey, clockId, day(3));
      await page.reload();
      await heading('Bakery website');
      const reminder = timelineEntry('reminder', 'skipped');
      await reminder.getByText('Reminder 1').waitFor();
      await reminder.getByText(/Mar 5, 2031, 3:30\sPM for the client \(Eastern Time\)/).waitFor();
      await reminder.getByText('Test intake: recorded, but nothing is ever sent to the client.').waitFor();
      await next.getByText('Reminder 2').waitFor();
      await next.getByText(/Mar 8, 2031, 3:30\sPM for the client \(Eastern Time\)/).waitFor();
    },
    SLOW,
  );

  it('reinstates a bounced address, adds a recipient and removes one after asking', async () => {
    await api.db.query(`UPDATE intakes SET client_bounced_at = $2 WHERE id = $1`, [intakeId, day(3)]);
    await page.reload();
    await heading('Bakery website');
    const client = page.locator(`[data-recipient="${CLIENT}"]`);
    await client.getByText('Bounced Mar 6, 2031').waitFor();
    await expectAccessible('intake-recipients-bounced');
    await client.getByRole('button', { name: `Reinstate ${CLIENT}` }).click();
    await page.getByText(`${CLIENT} is reinstated and gets the reminders again.`).waitFor();
    await client.getByText('Receiving').waitFor();
    expect(
      (await api.db.query(`SELECT client_bounced_at FROM intakes WHERE id = $1`, [intakeId])).rows[0].client_bounced_at,
    ).toBeNull();

    const form = page.getByRole('form', { name: 'Add a recipient' });
    await form.getByRole('textbox', { name: 'E-mail' }).fill('office@bakery.example');
    await form.getByRole('textbox', { name: 'Name (optional)' }).fill('Office');
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    await page
      .locator('[data-recipient="office@bakery.example"]')
      .getByText('Office · office@bakery.example')
      .waitFor();
    // The same address again: the API's conflict as a sentence.
    await form.getByRole('textbox', { name: 'E-mail' }).fill(PARTNER);
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('This address already gets this intake’s e-mails.').waitFor();

    await page.getByRole('button', { name: `Remove ${PARTNER}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove this recipient?' });
    await dialog.getByText(`${PARTNER} will no longer get this intake’s e-mails.`).waitFor();
    await expectAccessible('intake-remove-recipient');
    await dialog.getByRole('button', { name: 'Remove the recipient' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.locator(`[data-recipient="${PARTNER}"]`).waitFor({ state: 'detached' });
    const stored = (await call('GET', `/v1/intakes/${intakeId}`)).body.intake.client.also_notify as Array<{
      email: string;
    }>;
    expect(stored.map((r) => r.email)).toEqual(['office@bakery.example']);
  }, 120_000);

  it('chases now, and says the hourly limit as a sentence with when to try again', async () => {
    await page
      .getByText(
        'Sends one extra reminder at once. Allowed 1× per intake per hour and 20× per hour across your account.',
      )
      .waitFor();
    // The plan has SMS but the client no phone number: e-mail only.
    expect(await page.getByRole('button', { name: 'Chase now by SMS' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Chase now', exact: true }).click();
    await page.getByText('The chase is recorded. As this is a test intake, nothing was sent.').waitFor();
    await timelineEntry('manual', 'skipped').getByText('Chased by hand').waitFor();

    await page.getByRole('button', { name: 'Chase now', exact: true }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'Not chased' });
    await refusal
      .getByText('This intake was already chased by hand in the last hour. It can be chased by hand once per hour.')
      .waitFor();
    await refusal.getByText(/^You can try again at .+ \(in about \d+ minutes?\)\.$/).waitFor();
    await expectAccessible('intake-chase-refused');
    await screenshots('intake-chase-refused');
  }, 120_000);

  it('edits the schedule: the form’s own checks, the API’s field errors, then saved', async () => {
    // By keyboard: Enter opens the form, Escape closes it and gives the focus back to the button.
    const edit = page.getByRole('button', { name: 'Edit the schedule' });
    await edit.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Reminder schedule' });
    await dialog.getByRole('combobox', { name: 'Schedule' }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.evaluate<string>("document.activeElement?.textContent ?? ''")).toBe('Edit the schedule');

    await edit.click();
    await dialog.getByRole('combobox', { name: 'Schedule' }).selectOption('custom');
    await dialog.getByRole('textbox', { name: 'Every' }).fill('4');
    await dialog.getByRole('combobox', { name: 'Unit' }).selectOption('minutes');
    await dialog.getByRole('button', { name: 'Save the schedule' }).click();
    await dialog.getByText('The interval must be at least 5 minutes and at most 90 days.').waitFor();

    await dialog.getByRole('textbox', { name: 'Every' }).fill('2');
    await dialog.getByRole('combobox', { name: 'Unit' }).selectOption('days');
    await dialog.getByLabel('At (client’s time)').fill('09:00');
    await dialog.getByRole('textbox', { name: 'At most this many reminders' }).fill('5');
    await dialog.getByLabel('Due date').fill('2031-03-31');
    // A refusal naming a field (details) marks that field: the API's answer, arranged once.
    await page.route(
      `**/v1/intakes/${intakeId}`,
      (route) =>
        route.request().method() === 'PATCH'
          ? route.fulfill({
              status: 422,
              contentType: 'application/json',
              body: JSON.stringify({
                error: 'unprocessable',
                reason: 'validation_failed',
                message: 'The request is invalid.',
                request_id: 'req_test',
                details: [{ path: 'max_reminders', message: 'must be a whole number from 1 to 1000, or "unlimited"' }],
              }),
            })
          : route.fallback(),
      { times: 1 },
    );
    await dialog.getByRole('button', { name: 'Save the schedule' }).click();
    await dialog.getByText('Enter a whole number from 1 to 1000, or choose no limit.').waitFor();
    await expectAccessible('intake-schedule');
    await screenshots('intake-schedule');

    await dialog.getByRole('button', { name: 'Save the schedule' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Custom interval · at most 5 reminders').waitFor();
    const intake = (await call('GET', `/v1/intakes/${intakeId}`)).body.intake;
    expect(intake).toMatchObject({
      chase_schedule: 'custom',
      chase_interval_minutes: 2 * 24 * 60,
      chase_at_time: '09:00',
      max_reminders: 5,
      due_date: '2031-03-31',
      respect_quiet_hours: true,
    });
    // Re-planned on the client's clock: 09:00 in New York.
    await page
      .getByTestId('next-reminder')
      .getByText(/, 9:00\sAM for the client \(Eastern Time\)$/)
      .waitFor();
  }, 120_000);

  it('archives after saying it cannot be undone; the page then shows it archived, its actions off', async () => {
    await page.getByRole('button', { name: 'Archive', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Archive “Bakery website”?' });
    await dialog.getByText('Archiving cannot be undone.').waitFor();
    await expectAccessible('intake-archive');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await call('GET', `/v1/intakes/${intakeId}`)).body.intake.status).toBe('sent');

    await page.getByRole('button', { name: 'Archive', exact: true }).click();
    await dialog.getByRole('button', { name: 'Archive for good' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('This intake is archived', { exact: true }).waitFor();
    await page.locator('[data-status="archived"]').first().waitFor();
    await page.getByText('No reminders: the intake is archived.').waitFor();
    for (const name of ['Chase now', 'Edit the schedule', 'Archive']) {
      expect([name, await page.getByRole('button', { name, exact: true }).isDisabled()]).toEqual([name, true]);
    }
    expect(await page.getByRole('form', { name: 'Add a recipient' }).count()).toBe(0);
    expect((await call('GET', `/v1/intakes/${intakeId}`)).body.intake.status).toBe('archived');
    await expectAccessible('intake-archived');
    await screenshots('intake-archived');
  }, 120_000);

  it('speaks Czech too, and showed no console problem but the refusals it provoked', async () => {
    await page.getByRole('combobox', { name: 'Language' }).selectOption('cs');
    await page.getByRole('heading', { level: 2, name: 'Připomínání' }).waitFor();
    await page.getByText('Žádné připomínky: žádost je archivovaná.').waitFor();
    await timelineEntry('invite', 'skipped').getByText('Pozvánka').waitFor();
    await expectAccessible('intake-archived-cs');
    // The browser logs each error answer; the 429 (chase again) was provoked on purpose, the 422
    // (the arranged field error) and 409 (the recipient already there) too.
    expect(problems.filter((line) => !/status of (409|422|429)/.test(line))).toEqual([]);
  }, 120_000);
});
