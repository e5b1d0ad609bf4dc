import { createCipheriv, randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AesGcmSecretBox } from '@intake/secret-box';
import {
  postgresIntakeStores,
  anIntake,
  anItem,
  createTestDatabase,
  migrateTestDatabase,
  T0,
  type TestDatabase,
} from '@intake/testing';
import { dataSourceOptions } from './data-source';
import { rekeySecrets } from './rekey-secrets';

/** The first release's form (webhook secrets before key ids): `v1.<iv>.<tag>.<ciphertext>`. */
function sealV1(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: 16 });
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', ...[iv, cipher.getAuthTag(), ciphertext].map((b) => b.toString('base64url'))].join('.');
}

describe('rekeySecrets (npm run secrets:rekey)', () => {
  let db: TestDatabase;
  let ds: DataSource;
  const k1 = { id: 'k1', key: randomBytes(32) };
  const k2 = { id: 'k2', key: randomBytes(32) };
  const before = new AesGcmSecretBox({ current: k1, previous: [] });
  const after = new AesGcmSecretBox({ current: k2, previous: [k1] });

  beforeAll(async () => {
    db = await createTestDatabase(migrateTestDatabase);
    ds = await new DataSource(dataSourceOptions({ url: db.url, poolSize: 2 })).initialize();
  });
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  it('seals every secret under an older key or in the v1 form again under the current key, once', async () => {
    const stores = await postgresIntakeStores(db.url);
    await ds.query(`INSERT INTO accounts (id, name, created_at, updated_at) VALUES ('acc_rekey', 'Studio', $1, $1)`, [
      T0,
    ]);
    const intakes = Array.from({ length: 3 }, () => anIntake('acc_rekey'));
    for (const [n, intake] of intakes.entries()) {
      await stores.intakes.insert(intake, [
        anItem(intake.id, 'password', 0, {
          type: 'secret',
          status: 'submitted',
          submitted_at: T0,
          value: { sealed: before.seal(`pw${n}`) },
        }),
        anItem(intake.id, 'fresh', 1, {
          type: 'secret',
          status: 'submitted',
          submitted_at: T0,
          value: { sealed: after.seal(`new${n}`) },
        }),
        anItem(intake.id, 'token', 2, { type: 'secret' }),
        anItem(intake.id, 'name', 3, { status: 'submitted', submitted_at: T0, value: 'Alice' }),
      ]);
    }
    await stores.teardown();
    await ds.query(
      `INSERT INTO webhook_endpoints (id, account_id, mode, url, events, format, secret_sealed, active, created_at)
       VALUES ('whe_rekey', 'acc_rekey', 'live', 'https://hooks.example.com/x', '{item.submitted}', 'raw', $1, true, $2)`,
      [sealV1(k1.key, 'whsec_one'), T0],
    );

    expect(await rekeySecrets(ds, after)).toEqual({ webhook_endpoints: 1, items: 3 });
    const sealed = (await ds.query(
      `SELECT value ->> 'sealed' AS sealed FROM items WHERE type = 'secret' AND value IS NOT NULL
        UNION ALL SELECT secret_sealed FROM webhook_endpoints`,
    )) as Array<{ sealed: string }>;
    expect(sealed).toHaveLength(7);
    for (const { sealed: s } of sealed) expect(s).toMatch(/^v2\.k2\./);
    const opened = sealed.map((r) => new AesGcmSecretBox({ current: k2, previous: [] }).open(r.sealed)).sort();
    expect(opened).toEqual(['new0', 'new1', 'new2', 'pw0', 'pw1', 'pw2', 'whsec_one']);
    expect((await ds.query(`SELECT count(*)::int AS n FROM items WHERE value = '"Alice"'`))[0].n).toBe(3);

    expect(await rekeySecrets(ds, after)).toEqual({ webhook_endpoints: 0, items: 0 });
  });
});
