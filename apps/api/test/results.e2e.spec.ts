import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createHash } from 'node:crypto';
import { AesGcmSecretBox } from '@intake/secret-box';
import { multipart, png } from '@intake/testing';
import { type Owner, useApi } from './api-test-app';
import { type Session } from './accounts-client';
import { inviteMember } from './access-matrix.fixtures';

const run = promisify(execFile);

/** A secret that must never show up in the clear: quoted, escaped, base64 and hex forms are scanned for. */
const SECRET = 'Pa$$w0rd-žluťoučký-kůň-7f3a9c';
const forms = (plain: string) => [
  plain,
  JSON.stringify(plain).slice(1, -1),
  Buffer.from(plain).toString('base64'),
  Buffer.from(plain).toString('base64url'),
  Buffer.from(plain).toString('hex'),
  'Pa$$w0rd',
];

const ITEMS = [
  { key: 'password', type: 'secret', label: 'Hosting password' },
  { key: 'about', type: 'text', label: 'About you' },
  { key: 'budget', type: 'number', label: 'Budget', required: false },
  { key: 'colours', type: 'multiselect', label: 'Colours', options: ['red', 'blue'], required: false },
  { key: 'photos', type: 'file_list', label: 'Photos', required: false },
  { key: 'logo', type: 'image', label: 'Logo' },
];

describe('results and secrets (real Postgres and Redis)', () => {
  // debug: the most the api ever logs; the scan below must still find nothing.
  const api = useApi({ LOG_LEVEL: 'debug', SECRETS_KEY: `e2e-1:${'ab'.repeat(32)}` });
  let owner: Owner;
  let key: string;
  let member: Session;

  beforeAll(async () => {
    owner = await api.owner({ plan: 'agency' });
    key = owner.key;
    member = await api.client.logIn((await inviteMember(api, owner.session)).email);
  });

  const newIntake = async () => {
    const created = (
      await api.client.asKey(key, {
        method: 'POST',
        url: '/v1/intakes',
        payload: { project_name: 'Bakery site', client: { email: 'anna@bakery.example', name: 'Anna' }, items: ITEMS },
      })
    ).json();
    return { id: created.intake_id as string, slug: (created.portal_url as string).split('/').pop() as string };
  };
  const submit = (slug: string, itemKey: string, value: unknown) =>
    api.client.request({ method: 'PUT', url: `/portal/v1/${slug}/items/${itemKey}`, payload: { value } });

  describe('secrets at rest', () => {
    it('stores a submitted secret sealed under SECRETS_KEY: no plain text in a pg_dump or in the logs', async () => {
      const { id, slug } = await newIntake();
      expect((await submit(slug, 'password', SECRET)).statusCode).toBe(200);
      expect((await submit(slug, 'about', 'We bake bread.')).statusCode).toBe(200);

      const stored = (await api.db.query(`SELECT value FROM items WHERE intake_id = $1 AND key = 'password'`, [id]))
        .rows[0] as { value: { sealed: string } };
      expect(stored.value.sealed).toMatch(/^v2\.e2e-1\./);
      expect(new AesGcmSecretBox(api.t.config.encryption.keys).open(stored.value.sealed)).toBe(SECRET);

      // The owner's views never carry it either.
      const detail = await api.client.asKey(key, { method: 'GET', url: `/v1/intakes/${id}` });
      const portalView = await api.client.request({ method: 'GET', url: `/portal/v1/${slug}` });

      const { stdout: dump } = await run('pg_dump', ['--no-owner', '--inserts', api.environment.db.url], {
        maxBuffer: 256 * 1024 * 1024,
      });
      expect(dump).toContain('We bake bread.'); // the dump does hold the answers
      expect(dump).toContain(stored.value.sealed);
      const logs = api.t.logs.lines.join('\n');
      // The request was logged by its route's pattern, never its URL (docs/security.md).
      expect(logs).toContain('"route":"/portal/v1/:slug/items/:key"');
      expect(logs).not.toContain(slug);
      for (const text of [dump, logs, detail.body, portalView.body]) {
        for (const form of forms(SECRET)) expect(text).not.toContain(form);
      }
    });
  });

  describe('POST /v1/intakes/:id/items/:key/reveal', () => {
    const reveal = (id: string, itemKey = 'password', session = owner.session) =>
      api.client.asSession(session, { method: 'POST', url: `/v1/intakes/${id}/items/${itemKey}/reveal` });

    it('gives the value to exactly one of 20 parallel owner requests; the others hear already_revealed', async () => {
      const { id, slug } = await newIntake();
      await submit(slug, 'password', SECRET);
      const answers = await Promise.all(Array.from({ length: 20 }, () => reveal(id)));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
      const bodies = answers.map((a) => a.json<Record<string, unknown>>());
      const first = bodies.filter((b) => b['first_reveal'] === true);
      expect(first).toEqual([
        { key: 'password', value: SECRET, first_reveal: true, expires_at: expect.stringMatching(/^\d{4}-/) },
      ]);
      const later = bodies.filter((b) => b['already_revealed'] === true);
      expect(later).toHaveLength(19);
      expect(later[0]).toEqual({
        key: 'password',
        value: null,
        already_revealed: true,
        revealed_at: expect.stringMatching(/^\d{4}-/),
        message: expect.any(String),
      });
      // Only the fact and the time remain.
      const row = (
        await api.db.query(`SELECT value, secret_released_at FROM items WHERE intake_id = $1 AND key = 'password'`, [
          id,
        ])
      ).rows[0];
      expect(row.value).toBeNull();
      expect(row.secret_released_at).toBeInstanceOf(Date);
      const audit = await api.client.asSession(owner.session, { method: 'GET', url: '/v1/audit' });
      const revealed = audit
        .json<{ entries: Array<{ action: string }> }>()
        .entries.filter((e) => e.action === 'item.secret_revealed');
      expect(revealed).toHaveLength(1);
      expect(audit.body).not.toContain('Pa$$w0rd');
    });

    it('is the owner’s: a member is 403 secrets_owner_only, a key 403 session_only; nothing consumed', async () => {
      const { id, slug } = await newIntake();
      await submit(slug, 'password', SECRET);
      expect((await reveal(id, 'password', member)).json()).toMatchObject({
        error: 'forbidden',
        reason: 'secrets_owner_only',
      });
      const byKey = await api.client.asKey(key, { method: 'POST', url: `/v1/intakes/${id}/items/password/reveal` });
      expect(byKey.json()).toMatchObject({ error: 'forbidden', reason: 'session_only' });
      expect((await reveal(id)).json()).toMatchObject({ value: SECRET, first_reveal: true });
    });

    it('answers 409 before the client sent it, 400 for another item type, 410 gone past the 30-day window', async () => {
      const { id, slug } = await newIntake();
      expect((await reveal(id)).json()).toMatchObject({ error: 'conflict', reason: 'secret_not_submitted' });
      expect((await reveal(id, 'about')).json()).toMatchObject({ error: 'invalid_request', reason: 'not_secret_item' });
      await submit(slug, 'password', SECRET);
      // Sent 31 days ago (a session would not survive moving the clock that far).
      await api.db.query(
        `UPDATE items SET submitted_at = submitted_at - interval '31 days' WHERE intake_id = $1 AND key = 'password'`,
        [id],
      );
      const gone = await reveal(id);
      expect(gone.statusCode).toBe(410);
      expect(gone.json()).toMatchObject({ error: 'gone' });
    });
  });

  describe('GET /v1/intakes/:id/results', () => {
    const results = (id: string, query = '', withKey = key) =>
      api.client.asKey(withKey, { method: 'GET', url: `/v1/intakes/${id}/results${query}` });
    const approve = (id: string, itemKey: string) =>
      api.client.asKey(key, { method: 'POST', url: `/v1/intakes/${id}/items/${itemKey}/approve`, payload: {} });
    const upload = (slug: string, itemKey: string, name: string, bytes: Buffer) =>
      api.client.request({
        method: 'POST',
        url: `/portal/v1/${slug}/items/${itemKey}/files`,
        ...multipart('file', name, bytes),
      });

    /** An intake with every kind of answer submitted and approved (the logo left missing). */
    const answered = async () => {
      const intake = await newIntake();
      const { id, slug } = intake;
      await submit(slug, 'password', SECRET);
      await submit(slug, 'about', 'We bake bread.');
      await submit(slug, 'budget', 1200.5);
      await submit(slug, 'colours', ['blue', 'red']);
      const photo = png(16, 12);
      expect((await upload(slug, 'photos', 'fotka žluťoučká.png', photo)).statusCode).toBe(201);
      expect(
        (await api.client.request({ method: 'POST', url: `/portal/v1/${slug}/items/photos/submit`, payload: {} }))
          .statusCode,
      ).toBe(200);
      for (const k of ['password', 'about', 'budget', 'colours', 'photos'])
        expect((await approve(id, k)).statusCode).toBe(200);
      return { ...intake, photo };
    };

    it('answers values shaped by type, files as signed URLs with their checksum, what is missing; records delivered_at', async () => {
      const { id, photo } = await answered();
      const response = await results(id, '?exclude_secrets=true');
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({
        intake_id: id,
        status: 'in_progress',
        missing: ['logo'],
        results: { about: 'We bake bread.', budget: 1200.5, colours: ['blue', 'red'] },
        meta: {
          password: { type: 'secret', status: 'approved', secret_unavailable: true, reason: 'excluded' },
          budget: { type: 'number', status: 'approved', submitted_at: expect.stringMatching(/^\d{4}-/) },
        },
      });
      expect(body.results.password).toBeUndefined();
      expect(body.results.photos).toEqual([
        {
          url: expect.stringMatching(/^https?:\/\//),
          filename: 'fotka žluťoučká.png',
          mime: 'image/png',
          size: photo.length,
          checksum_sha256: createHash('sha256').update(photo).digest('hex'),
        },
      ]);
      const delivered = (await api.db.query(`SELECT delivered_at FROM intakes WHERE id = $1`, [id])).rows[0];
      expect(delivered.delivered_at).toBeInstanceOf(Date);
      // The secret was not consumed: a key with secrets:read gets it now.
      expect((await results(id)).json().results.password).toBe(SECRET);
    });

    it('is for API keys only (a session: 403 key_only); secrets need secrets:read, else left out unconsumed', async () => {
      const { id } = await answered();
      const asSession = await api.client.asSession(owner.session, { method: 'GET', url: `/v1/intakes/${id}/results` });
      expect(asSession.json()).toMatchObject({ error: 'forbidden', reason: 'key_only' });
      const reader = (await api.client.createKey(owner.session, ['intakes:read'])).key;
      const limited = (await results(id, '', reader)).json();
      expect(limited.results.password).toBeUndefined();
      expect(limited.meta.password).toMatchObject({ secret_unavailable: true, reason: 'missing_scope' });
      const secretsReader = (await api.client.createKey(owner.session, ['intakes:read', 'secrets:read'])).key;
      expect((await results(id, '', secretsReader)).json().results.password).toBe(SECRET);
      const later = (await results(id)).json();
      expect(later.meta.password).toMatchObject({
        secret_unavailable: true,
        reason: 'already_revealed',
        revealed_at: expect.stringMatching(/^\d{4}-/),
      });
    });

    it('of 20 parallel readers through results and reveal, exactly one gets the secret', async () => {
      const { id } = await answered();
      const readers = Array.from({ length: 20 }, (_, n) =>
        n % 2 === 0
          ? results(id).then((r) => r.json().results.password as string | undefined)
          : api.client
              .asSession(owner.session, { method: 'POST', url: `/v1/intakes/${id}/items/password/reveal` })
              .then((r) => r.json().value as string | null),
      );
      const values = (await Promise.all(readers)).filter((v) => v === SECRET);
      expect(values).toHaveLength(1);
    });

    it('only_new: items approved since this key’s previous call, per key', async () => {
      const { id, slug } = await answered();
      const first = (await results(id, '?only_new=true&exclude_secrets=1')).json();
      expect(Object.keys(first.results).sort()).toEqual(['about', 'budget', 'colours', 'photos']);
      expect((await results(id, '?only_new=true&exclude_secrets=1')).json().results).toEqual({});
      await upload(slug, 'logo', 'logo.png', png(8, 8));
      await api.client.request({ method: 'POST', url: `/portal/v1/${slug}/items/logo/submit`, payload: {} });
      const pending = (await results(id, '?only_new=true&include_pending=true&exclude_secrets=true')).json();
      expect(Object.keys(pending.results)).toEqual(['logo']);
      expect(pending.meta.logo).toMatchObject({ status: 'submitted' });
      const otherKey = (await api.client.createKey(owner.session, ['intakes:read'])).key;
      expect(Object.keys((await results(id, '?only_new=true', otherKey)).json().results)).toHaveLength(4);
      expect((await results(id, '?only_new=maybe')).statusCode).toBe(422);
    });
  });

  describe('GET /v1/intakes/:id/download/preflight', () => {
    it('says what the ZIP would hold, for a session or a key, consuming nothing', async () => {
      const { id, slug } = await newIntake();
      await submit(slug, 'password', SECRET);
      const photo = png(20, 10);
      await api.client.request({
        method: 'POST',
        url: `/portal/v1/${slug}/items/photos/files`,
        ...multipart('file', 'a.png', photo),
      });
      const expected = {
        files: 1,
        bytes: photo.length,
        skipped_files: [],
        secrets: { total: 1, unrevealed: 1, already_revealed: 0 },
        too_large: false,
        max_bytes: 5 * 1024 ** 3,
        filename: `podklady-bakery-site-${id}.zip`,
        manifest_files: 1,
      };
      const url = `/v1/intakes/${id}/download/preflight`;
      expect((await api.client.asKey(key, { method: 'GET', url })).json()).toEqual(expected);
      expect((await api.client.asSession(member, { method: 'GET', url })).json()).toEqual(expected);
      expect(
        (await api.client.asKey(key, { method: 'GET', url: `/v1/intakes/in_nope/download/preflight` })).statusCode,
      ).toBe(404);
    });
  });

  it('after every flow above (reveals, results, audits, outbox), a pg_dump and the logs still hold no secret', async () => {
    const { stdout: dump } = await run('pg_dump', ['--no-owner', '--inserts', api.environment.db.url], {
      maxBuffer: 256 * 1024 * 1024,
    });
    expect(dump).toContain('item.secret_revealed');
    const logs = api.t.logs.lines.join('\n');
    for (const text of [dump, logs]) for (const form of forms(SECRET)) expect(text).not.toContain(form);
  });
});
