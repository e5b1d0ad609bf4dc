import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AesGcmSecretBox } from '@intake/secret-box';
import { anIntake, anItem, createTestDatabase, postgresIntakeStores, T0, type TestDatabase } from '@intake/testing';
import { dataSourceOptions, migrateDatabase, runMigrations } from '../data-source';
import { lendSecretBox } from './migration-secrets';

const MIGRATION = 'SealItemSecrets1795001600000';
const PLAIN = 'hunter2-žluťoučký 🔑';

describe('migration 1795001600000: secret item answers sealed at rest', () => {
  let db: TestDatabase;
  let ds: DataSource;
  const box = new AesGcmSecretBox({ current: { id: 'k2', key: randomBytes(32) }, previous: [] });
  let intakeId: string;

  const values = async () =>
    Object.fromEntries(
      (
        (await ds.query(`SELECT key, value FROM items WHERE intake_id = $1 ORDER BY key`, [intakeId])) as Array<{
          key: string;
          value: unknown;
        }>
      ).map((r) => [r.key, r.value]),
    );
  const applied = async () =>
    ((await ds.query(`SELECT name FROM schema_migrations`)) as Array<{ name: string }>).map((r) => r.name);

  beforeAll(async () => {
    db = await createTestDatabase((url) => migrateDatabase({ url, poolSize: 2 }));
    ds = await new DataSource(dataSourceOptions({ url: db.url, poolSize: 2 })).initialize();
    const accountId = 'acc_migration';
    await ds.query(`INSERT INTO accounts (id, name, created_at, updated_at) VALUES ($1, 'Studio', $2, $2)`, [
      accountId,
      T0,
    ]);
    const intake = anIntake(accountId);
    intakeId = intake.id;
    const stores = await postgresIntakeStores(db.url);
    await stores.intakes.insert(intake, [
      anItem(intake.id, 'password', 0, {
        type: 'secret',
        status: 'submitted',
        value: { sealed: box.seal(PLAIN) },
        submitted_at: T0,
      }),
      anItem(intake.id, 'token', 1, { type: 'secret' }),
      anItem(intake.id, 'name', 2, { value: 'Alice', status: 'submitted', submitted_at: T0 }),
    ]);
    await stores.teardown();
    // Back to the schema before sealing (reverting opens the stored answer again): plain text, as it was.
    lendSecretBox(ds, box);
    while ((await applied()).includes(MIGRATION)) await ds.undoLastMigration({ transaction: 'each' });
    lendSecretBox(ds, undefined);
  });
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  it('stops before changing anything when there are answers to seal and no key', async () => {
    await expect(runMigrations(ds)).rejects.toThrow(/1 secret item answers .* SECRETS_KEY/);
    expect(await applied()).not.toContain(MIGRATION);
    expect(await values()).toEqual({ name: 'Alice', password: PLAIN, token: null });
  });

  it('seals them with the lent key; other values stay; plain text cannot come back', async () => {
    expect(await runMigrations(ds, box)).toContain(MIGRATION);
    const after = await values();
    expect(after).toMatchObject({
      name: 'Alice',
      token: null,
      password: { sealed: expect.stringMatching(/^v2\.k2\./) },
    });
    expect(JSON.stringify(after)).not.toContain('hunter2');
    expect(box.open((after['password'] as { sealed: string }).sealed)).toBe(PLAIN);
    await expect(
      ds.query(`UPDATE items SET value = '"plain again"' WHERE intake_id = $1 AND key = 'password'`, [intakeId]),
    ).rejects.toThrow(/items_secret_sealed/);
    await expect(
      ds.query(`UPDATE items SET value = '{"sealed": "x", "plain": "y"}' WHERE intake_id = $1 AND key = 'password'`, [
        intakeId,
      ]),
    ).rejects.toThrow(/items_secret_sealed/);
  });

  it('reverts only with the key (opening them again), and re-applies', async () => {
    const undo = async () => {
      while ((await applied()).includes(MIGRATION)) await ds.undoLastMigration({ transaction: 'each' });
    };
    await expect(undo()).rejects.toThrow(/must be opened to revert: run the migrations with SECRETS_KEY/);
    lendSecretBox(ds, box);
    try {
      await undo();
    } finally {
      lendSecretBox(ds, undefined);
    }
    expect(await values()).toEqual({ name: 'Alice', password: PLAIN, token: null });
    expect(await runMigrations(ds, box)).toContain(MIGRATION);
    expect(box.open(((await values())['password'] as { sealed: string }).sealed)).toBe(PLAIN);
  });
});
