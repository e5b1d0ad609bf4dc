import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { AesGcmSecretBox } from '@intake/secret-box';
import { useApi } from './api-test-app';

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
];

describe('results and secrets (real Postgres and Redis)', () => {
  // debug: the most the api ever logs; the scan below must still find nothing.
  const api = useApi({ LOG_LEVEL: 'debug', SECRETS_KEY: `e2e-1:${'ab'.repeat(32)}` });
  let key: string;

  beforeAll(async () => {
    const owner = await api.owner();
    key = owner.key;
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
      expect(logs).toContain(`/portal/v1/${slug}/items/password`); // the request was logged
      for (const text of [dump, logs, detail.body, portalView.body]) {
        for (const form of forms(SECRET)) expect(text).not.toContain(form);
      }
    });
  });
});
