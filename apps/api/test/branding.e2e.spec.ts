import { AccountStore } from '@intake/application-accounts';
import {
  ChaseIntakes,
  ChaseLetters,
  ChaseQueue,
  DeliverChase,
  MailIdentity,
  RecordChase,
  SchedulerIdentity,
  SendDueChases,
} from '@intake/application-chasing';
import { PortalLinks } from '@intake/application-intakes';
import { MailTransport } from '@intake/application-mail';
import { SmsTransport } from '@intake/application-sms';
import { construct, type ReceivedMail, SmtpSink } from '@intake/testing';
import { type Owner, useApi } from './api-test-app';

/*
 * Branding (issue #29) through the api: the account's default and an intake's own, the portal page
 * and its Content-Security-Policy, and the client's mail as it reaches an SMTP server.
 */

const STUDIO = {
  display_name: 'Studio Nováková',
  accent_color: '#0a5c36',
  logo_url: 'https://cdn.studio.example/brand/logo.png',
};
const SIDE = {
  display_name: 'Side <Project> & "Co"',
  accent_color: '#5b21b6',
  logo_url: 'https://img.side.example:8443/l.svg?v=2',
};

/** The decoded HTML part of a mail as the SMTP server received it (quoted-printable or base64). */
function htmlPartOf(mail: ReceivedMail): string {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(mail.raw)?.[1];
  if (!boundary) throw new Error('the mail is not multipart');
  const part = mail.raw.split(`--${boundary}`).find((p) => /content-type:\s*text\/html/i.test(p));
  if (!part) throw new Error('the mail has no HTML part');
  const split = part.indexOf('\r\n\r\n');
  const head = part.slice(0, split);
  const body = part.slice(split + 4);
  if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(body, 'base64').toString('utf8');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
    const bytes = body
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

describe('branding (real Postgres, Redis and SMTP)', () => {
  const sink = new SmtpSink();
  const api = useApi(
    {},
    {
      prepare: async (environment) => {
        await sink.start();
        return { ...environment.env, SMTP_URL: sink.url, MAIL_FROM: 'Intake <noreply@intake.example>' };
      },
    },
  );
  afterAll(() => sink.stop());
  let owner: Owner;

  beforeAll(async () => {
    owner = await api.owner({ plan: 'studio' });
  });

  const asOwner = (method: 'GET' | 'PATCH' | 'POST', url: string, payload?: object) =>
    api.client.asKey(owner.key, { method, url, ...(payload ? { payload } : {}) });
  const setAccountBranding = (branding: object | null) => asOwner('PATCH', '/v1/account', { branding });
  const createIntake = async (fields: object = {}) => {
    const response = await asOwner('POST', '/v1/intakes', {
      project_name: 'Bakery website',
      client: { email: `anna.${Math.random().toString(36).slice(2)}@bakery.example`, name: 'Anna', language: 'cs' },
      items: [{ key: 'logo', type: 'image', label: 'Logo' }],
      ...fields,
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ intake_id: string; portal_url: string }>();
  };
  /** The intake resource's branding, as the owner reads it. */
  const brandingOf = async (intakeId: string) =>
    (await asOwner('GET', `/v1/intakes/${intakeId}`)).json<{ intake: { branding: unknown } }>().intake.branding;
  const portalPage = (portalUrl: string) => api.client.request({ method: 'GET', url: new URL(portalUrl).pathname });
  const policyOf = (headers: Record<string, unknown>) => String(headers['content-security-policy']).split('; ');
  const detailPaths = (body: { details?: Array<{ path: string }> }) => (body.details ?? []).map((d) => d.path);

  it('sets the account’s default branding, normalised, and shows it on GET /v1/account; null clears it', async () => {
    const set = await setAccountBranding({ ...STUDIO, accent_color: '#0A5C36' });
    expect(set.statusCode).toBe(200);
    expect(set.json().account.branding).toEqual(STUDIO);
    expect((await asOwner('GET', '/v1/account')).json().account.branding).toEqual(STUDIO);
    expect((await setAccountBranding(null)).json().account.branding).toBeNull();
    expect((await asOwner('GET', '/v1/account')).json().account.branding).toBeNull();
    // A field left out is null: the object replaces the stored one.
    expect((await setAccountBranding({ display_name: 'Studio' })).json().account.branding).toEqual({
      display_name: 'Studio',
      accent_color: null,
      logo_url: null,
    });
    expect((await setAccountBranding(STUDIO)).statusCode).toBe(200);
  });

  it('an intake without its own shows null and its portal page the account’s name, colour and logo', async () => {
    await setAccountBranding(STUDIO);
    const intake = await createIntake();
    expect(await brandingOf(intake.intake_id)).toBeNull();
    const page = await portalPage(intake.portal_url);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      '<img class="brand-logo" src="https://cdn.studio.example/brand/logo.png" alt="">' +
        '<p class="brand-name">Studio Nováková</p>',
    );
    expect(page.body).toContain('--accent:#0a5c36');
    expect(policyOf(page.headers)).toContain("img-src 'self' data: https://cdn.studio.example");
    // A changed default shows at once on intakes that have none of their own.
    await setAccountBranding({ ...STUDIO, display_name: 'Studio Nova' });
    expect((await portalPage(intake.portal_url)).body).toContain('<p class="brand-name">Studio Nova</p>');
    await setAccountBranding(STUDIO);
  });

  it('an intake’s own branding (on create or PATCH) replaces the account’s; PATCH null falls back to it', async () => {
    await setAccountBranding(STUDIO);
    const intake = await createIntake({ branding: SIDE });
    expect(await brandingOf(intake.intake_id)).toEqual(SIDE);
    const own = await portalPage(intake.portal_url);
    expect(own.body).toContain('<p class="brand-name">Side &lt;Project&gt; &amp; &quot;Co&quot;</p>');
    expect(own.body).toContain('src="https://img.side.example:8443/l.svg?v=2"');
    expect(own.body).not.toContain('Studio Nováková');
    expect(own.body).not.toContain('cdn.studio.example');
    const ownPolicy = policyOf(own.headers);
    expect(ownPolicy).toContain("img-src 'self' data: https://img.side.example:8443");
    expect(ownPolicy.join('; ')).not.toContain('cdn.studio.example');

    // PATCH a name-only branding: the account's logo does not leak into it (the object replaces the whole).
    const renamed = await asOwner('PATCH', `/v1/intakes/${intake.intake_id}`, { branding: { display_name: 'Side' } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().intake.branding).toEqual({ display_name: 'Side', accent_color: null, logo_url: null });
    const nameOnly = await portalPage(intake.portal_url);
    expect(nameOnly.body).toContain('<p class="brand-name">Side</p>');
    expect(nameOnly.body).not.toContain('<img class="brand-logo"');
    expect(policyOf(nameOnly.headers)).toContain("img-src 'self' data:");

    const cleared = await asOwner('PATCH', `/v1/intakes/${intake.intake_id}`, { branding: null });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().intake.branding).toBeNull();
    expect(await brandingOf(intake.intake_id)).toBeNull();
    const fallback = await portalPage(intake.portal_url);
    expect(fallback.body).toContain('<p class="brand-name">Studio Nováková</p>');
    expect(policyOf(fallback.headers)).toContain("img-src 'self' data: https://cdn.studio.example");
  });

  it('a page without any branding keeps the strict policy and no heading', async () => {
    await setAccountBranding(null);
    const intake = await createIntake();
    const page = await portalPage(intake.portal_url);
    expect(page.body).not.toContain('class="brand"');
    expect(policyOf(page.headers)).toContain("img-src 'self' data:");
    expect(page.body.match(/<style>/g)).toHaveLength(1);
    await setAccountBranding(STUDIO);
  });

  describe('refuses what the client could not read or what would leak, 422 naming the field', () => {
    const cases: Array<[string, object, string, RegExp]> = [
      ['a colour not written #RRGGBB', { accent_color: 'green' }, 'branding.accent_color', /#RRGGBB/],
      ['a 3-digit colour', { accent_color: '#fff' }, 'branding.accent_color', /#RRGGBB/],
      ['a colour too light for white text', { accent_color: '#777777' }, 'branding.accent_color', /4\.5:1.*4\.47:1/],
      ['a yellow', { accent_color: '#ffd700' }, 'branding.accent_color', /contrast of at least 4\.5:1/],
      ['an http logo', { logo_url: 'http://cdn.example/l.png' }, 'branding.logo_url', /https/],
      ['a logo with credentials', { logo_url: 'https://u:p@cdn.example/l.png' }, 'branding.logo_url', /password/],
      [
        'a logo host that would break the policy',
        { logo_url: 'https://a;b.example/l.png' },
        'branding.logo_url',
        /host/,
      ],
      ['a two-line name', { display_name: 'Studio\r\nBcc: x@evil.example' }, 'branding.display_name', /one line/],
      ['a blank name', { display_name: '   ' }, 'branding.display_name', /blank/],
      ['an unknown field', { colour: '#000000' }, 'branding.colour', /not an accepted field/],
    ];

    it.each(cases)('on PATCH /v1/account: %s', async (_what, branding, path, message) => {
      const response = await setAccountBranding(branding);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ error: 'unprocessable', reason: 'validation_failed' });
      expect(response.json().details).toEqual([{ path, message: expect.stringMatching(message) }]);
    });

    it.each(cases)('on POST /v1/intakes: %s', async (_what, branding, path) => {
      const before = (await asOwner('GET', '/v1/intakes?limit=1')).json().total;
      const response = await asOwner('POST', '/v1/intakes', {
        project_name: 'X',
        client: { email: 'x@client.example', name: 'X' },
        items: [{ key: 'a', type: 'text', label: 'A' }],
        branding,
      });
      expect(response.statusCode).toBe(422);
      expect(detailPaths(response.json())).toEqual([path]);
      expect((await asOwner('GET', '/v1/intakes?limit=1')).json().total).toBe(before);
    });

    it('on PATCH /v1/intakes/:id, every field at once, changing nothing', async () => {
      const intake = await createIntake({ branding: SIDE });
      const response = await asOwner('PATCH', `/v1/intakes/${intake.intake_id}`, {
        branding: { accent_color: '#eeeeee', logo_url: 'http://cdn.example/l.png', display_name: 'a\nb' },
      });
      expect(response.statusCode).toBe(422);
      expect(detailPaths(response.json()).sort()).toEqual([
        'branding.accent_color',
        'branding.display_name',
        'branding.logo_url',
      ]);
      expect(await brandingOf(intake.intake_id)).toEqual(SIDE);
    });

    it('and the account’s default is unchanged by a refused PATCH', async () => {
      expect((await asOwner('GET', '/v1/account')).json().account.branding).toEqual(STUDIO);
    });
  });

  it('escapes a hostile display name on the page: no markup of it survives', async () => {
    const hostile = `</p><script>alert(1)</script><img src=x onerror=alert(2)>`;
    const intake = await createIntake({ branding: { display_name: hostile } });
    const page = await portalPage(intake.portal_url);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('alert(1)</script>');
    expect(page.body).not.toContain('<img src=x');
    expect(page.body.match(/<script/g)).toHaveLength(2); // the catalogue and the same-origin script only
    expect(page.body).toContain('&lt;/p&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('documents the branding in the OpenAPI document: the account’s, the intake’s, and the request rules', async () => {
    const document = (await api.client.request({ method: 'GET', url: '/v1/openapi.json' })).json() as {
      components: { schemas: Record<string, { properties: Record<string, Record<string, unknown>> }> };
    };
    const { schemas } = document.components;
    expect(schemas['BrandingRequest']?.properties).toMatchObject({
      display_name: { type: ['string', 'null'], maxLength: 100 },
      accent_color: { type: ['string', 'null'], pattern: '^#[0-9A-Fa-f]{6}$' },
      logo_url: { type: ['string', 'null'], format: 'uri', maxLength: 2048 },
    });
    expect(String(schemas['BrandingRequest']?.properties['accent_color']?.['description'])).toContain('4.5:1');
    for (const [schema, model] of [
      ['IntakeView', 'BrandingView'],
      ['AccountView', 'BrandingView'],
      ['CreateIntakeRequest', 'BrandingRequest'],
      ['PatchIntakeRequest', 'BrandingRequest'],
      ['UpdateAccountRequest', 'BrandingRequest'],
    ] as const) {
      expect([schema, schemas[schema]?.properties['branding']]).toEqual([
        schema,
        expect.objectContaining({ oneOf: [{ $ref: `#/components/schemas/${model}` }, { type: 'null' }] }),
      ]);
      expect(Object.keys(schemas[model]?.properties ?? {}).sort()).toEqual([
        'accent_color',
        'display_name',
        'logo_url',
      ]);
    }
  });

  describe('the client’s mail, as the SMTP server receives it', () => {
    /**
     * The scheduler's chase pass, run in the api's own container (the same use cases the scheduler
     * app runs, with this api's mail transport): every chase due now is sent to the SMTP sink.
     */
    async function sendDueChases(): Promise<void> {
      const app = api.t.app;
      const get = <T>(token: abstract new (...args: never[]) => T): T => app.get(token as never, { strict: false });
      const letters = new ChaseLetters(get(AccountStore), get(PortalLinks), new MailIdentity('noreply@intake.example'));
      const delivery = new DeliverChase(
        get(ChaseIntakes),
        get(ChaseQueue),
        get(MailTransport),
        get(SmsTransport),
        letters,
        construct(app, RecordChase),
      );
      await new SendDueChases(get(ChaseQueue), delivery, new SchedulerIdentity('branding-e2e')).run(
        new Date(Date.now() + 60_000),
      );
    }
    const invitationTo = async (email: string) => {
      await sendDueChases();
      const mail = sink.messages.find((m) => m.to.includes(email) && m.headers['x-intake-chase']);
      if (!mail) throw new Error(`no invitation reached ${email}`);
      return mail;
    };

    it('carries the account’s logo, display name and accent in its HTML part, from the usual sender', async () => {
      await setAccountBranding(STUDIO);
      const email = 'petra@client.example';
      await createIntake({ client: { email, name: 'Petra', language: 'cs' } });
      const mail = await invitationTo(email);
      expect(mail.headers['from']).toMatch(/<noreply@intake\.example>$/);
      const html = htmlPartOf(mail);
      expect(html).toContain('<img src="https://cdn.studio.example/brand/logo.png" alt="Studio Nováková"');
      expect(html).toContain('color:#0a5c36;">Studio Nováková</p>');
      expect(html).toContain('background-color:#0a5c36;color:#ffffff;');
      expect(html).not.toContain('#1d4ed8');
      expect(html).toContain('<html lang="cs">');
    });

    it('carries the intake’s own branding instead, escaped', async () => {
      await setAccountBranding(STUDIO);
      const email = 'eva@client.example';
      await createIntake({ client: { email, name: 'Eva', language: 'en' }, branding: SIDE });
      const html = htmlPartOf(await invitationTo(email));
      expect(html).toContain(
        '<img src="https://img.side.example:8443/l.svg?v=2" alt="Side &lt;Project&gt; &amp; &quot;Co&quot;"',
      );
      expect(html).toContain('color:#5b21b6;">Side &lt;Project&gt; &amp; &quot;Co&quot;</p>');
      expect(html).toContain('background-color:#5b21b6;');
      expect(html).not.toContain('cdn.studio.example');
      expect(html).not.toContain('<Project>');
    });

    it('is our plain mail when neither the account nor the intake has a branding', async () => {
      await setAccountBranding(null);
      const email = 'jan@client.example';
      await createIntake({ client: { email, name: 'Jan', language: 'en' } });
      const html = htmlPartOf(await invitationTo(email));
      expect(html).not.toContain('<img');
      expect(html).toContain('background-color:#1d4ed8;');
      await setAccountBranding(STUDIO);
    });
  });
});
