import { type Page } from 'playwright-core';
import { invitationTokenFor, PASSWORD, uniqueEmail } from './accounts-client';
import { useDashboardBrowser } from './dashboard-browser';
import { signUpInBrowser } from './dashboard-steps';

/**
 * The owner's account pages (API keys, webhooks, team) and the invitee's accept-invitation page,
 * driven by roles and labels as a person would, in the built dashboard served by the real api.
 * No webhook dispatcher runs here: what a failed delivery looks like is arranged in the database,
 * as the dispatcher would have left it (webhooks.e2e.spec.ts and the dispatcher's own tests cover
 * the sending).
 */
describe('account pages in headless Chromium: keys, webhooks, team, accepting an invitation', () => {
  const browser = useDashboardBrowser();
  const { api, problems, expectAccessible, screenshots, heading } = browser;
  let page: Page;
  let base: string;
  beforeAll(async () => {
    ({ page, base } = browser);
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
  });
  const ownerEmail = uniqueEmail('account-owner');
  const memberEmail = uniqueEmail('account-member');

  /** Leaves out of `problems` the line the browser itself logs for a refusal the test asked for. */
  const forgetRefusal = (status: number, before: number) => {
    const kept = problems.slice(0, before);
    const later = problems.slice(before).filter((line) => !line.includes(`status of ${status}`));
    problems.splice(0, problems.length, ...kept, ...later);
  };

  const nav = (name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name });

  it('signs a new owner up', async () => {
    await signUpInBrowser(page, base, ownerEmail);
  }, 60_000);

  it('creates a key shown once (copied, gone after dismissing and on reload), and revokes one after confirming', async () => {
    await nav('API keys').click();
    await page.waitForURL(`${base}/keys`);
    await heading('API keys');
    await page.getByText('There are no keys yet.').waitFor();
    await expectAccessible('keys');
    await screenshots('keys');

    // Checked before sending: a name.
    await page.getByRole('button', { name: 'Create the key' }).click();
    await page.getByText('Please fill this in.').waitFor();

    // Admin includes the rest: ticking it shows every other scope ticked and locked.
    const admin = page.getByRole('checkbox', { name: 'Full access (admin)' });
    const read = page.getByRole('checkbox', { name: 'Read intakes' });
    await admin.check();
    expect([await read.isChecked(), await read.isDisabled()]).toEqual([true, true]);
    await admin.uncheck();
    expect([await read.isChecked(), await read.isDisabled()]).toEqual([true, false]);

    await page.getByRole('textbox', { name: 'Name' }).fill('Zapier');
    await page.getByRole('radio', { name: 'Test' }).check();
    await page.getByRole('checkbox', { name: 'Create and change intakes' }).check();
    await page.getByRole('button', { name: 'Create the key' }).click();
    const shown = page.getByRole('region', { name: 'Key “Zapier” created' });
    await shown.getByText('It will not be shown again.', { exact: false }).waitFor();
    const key = (await shown.locator('[data-secret]').innerText()).trim();
    expect(key).toMatch(/^svc_test_/);
    await expectAccessible('keys-created');
    await screenshots('keys-created');
    await shown.getByRole('button', { name: 'Copy the key' }).click();
    await shown.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(key);

    // The key works, with the scopes chosen, in test mode.
    const keyAnswer = await api.client.asKey(key, { method: 'GET', url: '/v1/intakes' });
    expect(keyAnswer.statusCode).toBe(200);
    const listed = (
      await api.client
        .logIn(ownerEmail)
        .then((session) => api.client.asSession(session, { method: 'GET', url: '/v1/keys' }))
    ).json<{ keys: { id: string; name: string; mode: string; scopes: string[]; last4: string }[] }>().keys;
    expect(listed.map(({ name, mode, scopes }) => ({ name, mode, scopes }))).toEqual([
      { name: 'Zapier', mode: 'test', scopes: ['intakes:read', 'intakes:write'] },
    ]);

    await shown.getByRole('button', { name: 'I have stored it' }).click();
    await shown.waitFor({ state: 'detached' });
    expect(await page.getByText(key).count()).toBe(0);
    const row = page.locator(`[data-key-id="${listed[0]?.id}"]`);
    await row.getByText(`svc_test_…${listed[0]?.last4}`).waitFor();
    await page.reload();
    await heading('API keys');
    await row.getByText('Zapier', { exact: true }).waitFor();
    expect(await page.content()).not.toContain(key);

    // A second key, revoked: Escape cancels the question, the confirmation revokes.
    await page.getByRole('textbox', { name: 'Name' }).fill('Old agent');
    await page.getByRole('button', { name: 'Create the key' }).click();
    const second = page.getByRole('region', { name: 'Key “Old agent” created' });
    const secondKey = (await second.locator('[data-secret]').innerText()).trim();
    await second.getByRole('button', { name: 'I have stored it' }).click();
    await page.getByRole('button', { name: 'Revoke Old agent' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke this key?' });
    await dialog.waitFor();
    await expectAccessible('keys-revoke');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect((await api.client.asKey(secondKey, { method: 'GET', url: '/v1/intakes' })).statusCode).toBe(200);
    await page.getByRole('button', { name: 'Revoke Old agent' }).click();
    await dialog.getByRole('button', { name: 'Revoke the key' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('listitem').filter({ hasText: 'Old agent' }).getByText('Revoked', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Revoke Old agent' }).count()).toBe(0);
    expect((await api.client.asKey(secondKey, { method: 'GET', url: '/v1/intakes' })).statusCode).toBe(401);
  }, 90_000);

  it('registers a webhook (secret shown once), sends a test, shows the failed delivery and retries it, deletes one', async () => {
    await nav('Webhooks').click();
    await page.waitForURL(`${base}/webhooks`);
    await heading('Webhooks');
    await page.getByText('There are no webhooks yet.').waitFor();
    await expectAccessible('webhooks');
    await screenshots('webhooks');

    // The api refuses an internal address; the form says so next to the field.
    const url = page.getByRole('textbox', { name: 'Address (URL)' });
    await url.fill('http://127.0.0.1:8080/hook');
    const before = problems.length;
    await page.getByRole('button', { name: 'Add the webhook' }).click();
    await page.getByText('This address cannot be used', { exact: false }).waitFor();
    forgetRefusal(422, before);

    await url.fill('https://hooks.example.com/intake');
    await page.getByRole('checkbox', { name: 'The client opened the portal' }).check();
    await page.getByRole('button', { name: 'Add the webhook' }).click();
    const shown = page.getByRole('region', { name: 'Webhook added' });
    const secret = (await shown.locator('[data-secret]').innerText()).trim();
    expect(secret).toMatch(/^whsec_/);
    await expectAccessible('webhooks-created');
    await screenshots('webhooks-created');
    await shown.getByRole('button', { name: 'I have stored it' }).click();
    await shown.waitFor({ state: 'detached' });
    await page.reload();
    await heading('Webhooks');
    expect(await page.content()).not.toContain(secret);

    const endpoint = (
      await api.db.query<{ id: string; events: string[] }>(
        `SELECT id, events FROM webhook_endpoints WHERE url = 'https://hooks.example.com/intake'`,
      )
    ).rows[0];
    expect(endpoint?.events).toEqual(['item.submitted', 'intake.completed', 'client.viewed']);
    const card = page.locator(`[data-endpoint-id="${endpoint?.id}"]`);
    await card
      .getByText('Events: An item was submitted, An intake was completed, The client opened the portal')
      .waitFor();

    await card.getByRole('button', { name: 'Send a test event' }).click();
    await card.getByText('The test event is on its way.', { exact: false }).waitFor();
    const delivery = card.locator('[data-delivery-id]');
    await delivery.getByText('Waiting').waitFor();
    const deliveryId = (await delivery.getAttribute('data-delivery-id')) as string;

    // As the dispatcher leaves a delivery whose receiver kept answering 500.
    await api.db.query(
      `UPDATE webhook_deliveries SET status = 'failed', attempts = 6, response_code = 500,
         error = 'the receiver answered HTTP 500', next_retry_at = NULL WHERE id = $1`,
      [deliveryId],
    );
    await card.getByRole('button', { name: 'Refresh' }).click();
    await delivery.locator('[data-status="failed"]').waitFor();
    await delivery.getByText('Attempts: 6 · answer: HTTP 500').waitFor();
    await delivery.getByText('Problem: the receiver answered HTTP 500').waitFor();
    await expectAccessible('webhooks-deliveries');
    await screenshots('webhooks-deliveries');

    await delivery.getByRole('button', { name: 'Try again' }).click();
    await delivery.locator('[data-status="pending"]').waitFor();
    const retried = (
      await api.db.query<{ status: string; attempts: number }>(
        `SELECT status, attempts FROM webhook_deliveries WHERE id = $1`,
        [deliveryId],
      )
    ).rows[0];
    expect(retried).toEqual({ status: 'pending', attempts: 6 });

    // A second endpoint, deleted after confirming.
    await url.fill('https://hooks.example.com/old');
    await page.getByRole('button', { name: 'Add the webhook' }).click();
    await page.getByRole('region', { name: 'Webhook added' }).getByRole('button', { name: 'I have stored it' }).click();
    const old = page.getByRole('listitem').filter({ hasText: 'https://hooks.example.com/old' });
    await old.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this webhook?' });
    await dialog.getByRole('button', { name: 'Delete the webhook' }).click();
    await dialog.waitFor({ state: 'detached' });
    await old.waitFor({ state: 'detached' });
    await card.waitFor();
  }, 90_000);

  let member: Page;

  it('invites a teammate, who joins from the e-mail’s link in another browser and lands signed in', async () => {
    await nav('Team').click();
    await page.waitForURL(`${base}/team`);
    await heading('Team');
    const ownerRow = page.getByRole('listitem').filter({ hasText: ownerEmail });
    await ownerRow.getByText('Owner', { exact: true }).waitFor();
    await expectAccessible('team');
    await screenshots('team');

    await page.getByRole('textbox', { name: 'Name' }).fill('Petr Svoboda');
    await page.getByRole('textbox', { name: 'E-mail' }).fill(memberEmail);
    await page.getByRole('button', { name: 'Send the invitation' }).click();
    const sent = page.getByRole('list', { name: 'Invitations sent just now' });
    await sent.getByText(`Petr Svoboda · ${memberEmail}`).waitFor();
    await expectAccessible('team-invited');
    await screenshots('team-invited');

    const token = await invitationTokenFor(api.t.config.mail.outboxDir, memberEmail);
    const context = await browser.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-GB' });
    member = await context.newPage();
    const memberProblems: string[] = [];
    member.on('pageerror', (error) => memberProblems.push(`page error: ${error.message}`));
    member.on('console', (message) => {
      if (message.type() === 'error') memberProblems.push(message.text());
    });

    // A link without its token, and one whose token is not (or no longer) valid.
    await member.goto(`${base}/accept-invitation`);
    await heading('Join the team', member);
    await member.getByText('This invitation link is incomplete.', { exact: false }).waitFor();
    await member.goto(`${base}/accept-invitation?token=not-a-real-token`);
    await member.getByRole('textbox', { name: 'Your name' }).fill('Petr Svoboda');
    await member.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
    await member.getByRole('button', { name: 'Join and sign in' }).click();
    await member.getByText('This invitation is not valid', { exact: false }).waitFor();
    await expectAccessible('accept-invitation-invalid', member);
    expect(memberProblems.filter((line) => !line.includes('status of 400'))).toEqual([]);
    memberProblems.length = 0;

    await member.goto(`${base}/accept-invitation?token=${encodeURIComponent(token)}`);
    await heading('Join the team', member);
    await member.getByRole('button', { name: 'Join and sign in' }).click();
    await member.getByText('Please fill this in.').nth(1).waitFor();
    await expectAccessible('accept-invitation', member);
    await screenshots('accept-invitation', member);
    await member.getByRole('textbox', { name: 'Your name' }).fill('Petr Svoboda');
    await member.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
    await member.getByRole('button', { name: 'Join and sign in' }).click();
    await member.waitForURL(`${base}/intakes`);
    await heading('Intakes', member);
    await member.getByText('Signed in as Petr Svoboda (Studio Nováková)').waitFor();

    // Signed in, the link asks to sign out first rather than creating a second user silently.
    await member.goto(`${base}/accept-invitation?token=${encodeURIComponent(token)}`);
    await member.getByText('You are signed in as Petr Svoboda', { exact: false }).waitFor();
    await member.getByRole('button', { name: 'Sign out and continue' }).waitFor();
    await expectAccessible('accept-invitation-signed-in', member);
    expect(memberProblems).toEqual([]);
  }, 90_000);

  it('shows a member the pages without the owner’s buttons', async () => {
    await member.goto(`${base}/team`);
    await heading('Team', member);
    await member.getByText('Only the account owner can invite or remove team members.').waitFor();
    await member.getByRole('listitem').filter({ hasText: memberEmail }).getByText('Member', { exact: true }).waitFor();
    expect(await member.getByRole('button', { name: /^Remove/ }).count()).toBe(0);
    expect(await member.getByRole('button', { name: 'Send the invitation' }).count()).toBe(0);
    await expectAccessible('team-member', member);
    await screenshots('team-member', member);

    await member.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Webhooks' }).click();
    await heading('Webhooks', member);
    await member.getByText('Only the account owner can add, test or delete webhooks.', { exact: false }).waitFor();
    const card = member.getByRole('listitem').filter({ hasText: 'https://hooks.example.com/intake' });
    await card.getByRole('button', { name: 'Show deliveries' }).click();
    await card.locator('[data-status="pending"]').waitFor();
    for (const name of ['Add the webhook', 'Send a test event', 'Delete', 'Try again'])
      expect([name, await member.getByRole('button', { name, exact: true }).count()]).toEqual([name, 0]);
    await expectAccessible('webhooks-member', member);
    await screenshots('webhooks-member', member);

    await member.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API keys' }).click();
    await heading('API keys', member);
    const admin = member.getByRole('checkbox', { name: 'Full access (admin)' });
    expect(await admin.isDisabled()).toBe(true);
    expect(await member.getByRole('checkbox', { name: 'Read secrets' }).isDisabled()).toBe(true);
    expect(await member.getByText('Only the account owner can give a key this scope.').count()).toBe(2);
    expect(await member.getByRole('button', { name: /^Revoke/ }).count()).toBe(0);
    await expectAccessible('keys-member', member);
    await screenshots('keys-member', member);
  }, 90_000);

  it('lets the owner remove the member after confirming, which ends their session', async () => {
    await page.reload();
    await heading('Team');
    await page.getByRole('button', { name: 'Remove Petr Svoboda' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove this team member?' });
    await dialog.getByText(memberEmail, { exact: false }).waitFor();
    await expectAccessible('team-remove');
    await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('listitem').filter({ hasText: memberEmail }).waitFor({ state: 'detached' });

    await member.reload();
    await member.waitForURL(/\/sign-in/);
    await member.context().close();
    expect(problems).toEqual([]);
  }, 60_000);
});
