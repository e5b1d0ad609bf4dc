import { Readable } from 'node:stream';
import { FileStore, ObjectStorage, uploadKey } from '@intake/application-files';
import { CreateIntake, IntakeStore, MarkReceivedOutside, systemAccess } from '@intake/application-intakes';
import { type Principal } from '@intake/domain-accounts';
import { newId } from '@intake/ids';
import { Sql } from '@intake/postgres';
import { construct, type SmtpSink, type TestApp, useTestEnvironment } from '@intake/testing';
import { type ClockedScheduler, startClockedScheduler } from './clocked-scheduler';
import { givenOwner } from './given-owner';

/** Sunday 2031-03-30: Prague springs forward, so the due day ends at 24:00 CEST = 22:00 UTC. */
const CREATED = new Date('2031-03-26T09:00:00Z');
const DUE = '2031-03-30';
const END_OF_DUE_DAY = new Date('2031-03-30T22:00:00Z');
const DAY_MS = 24 * 3600_000;
const META = { ip: null, requestId: null };

describe('sweeps: overdue intakes, retention and the owner’s notifications (real Postgres, Redis and SMTP)', () => {
  const harness = useTestEnvironment();
  let scheduler: ClockedScheduler;
  let t: TestApp;
  let sink: SmtpSink;
  let owner: Extract<Principal, { kind: 'session' }>;
  let sql: Sql;

  beforeAll(async () => {
    scheduler = await startClockedScheduler(harness.environment.env);
    ({ t, sink } = scheduler);
    owner = await givenOwner(t, { name: 'Studio Nova', plan: 'studio' });
    sql = t.app.get(Sql, { strict: false });
  }, 60_000);
  afterAll(() => scheduler?.close(), 60_000);

  const tickAt = (now: Date) => scheduler.tickAt(now);
  const at = (now: Date) => scheduler.at(now);
  const outbox = async (event: string) =>
    (
      await sql.query<{ payload: { mode: string; payload: Record<string, unknown> } }>(
        `SELECT payload FROM outbox_messages WHERE topic = 'webhook' AND payload->'payload'->>'event' = $1 ORDER BY id`,
        [event],
      )
    ).map((row) => row.payload);
  const ownerMails = () => sink.messages.filter((m) => m.headers['x-intake-notice']);

  it('fires intake.overdue once, at the end of the due day in Prague, for live and test intakes; the owner is told', async () => {
    await at(CREATED);
    const create = (principal: Principal, project: string) =>
      construct(t.app, CreateIntake).execute({
        principal,
        body: {
          project_name: project,
          client: { email: `${project.toLowerCase()}@client.example`, name: 'Anna', timezone: 'Europe/Prague' },
          items: [{ key: 'logo', type: 'image', label: 'Logo' }],
          chase_schedule: 'off',
          due_date: DUE,
          send: true,
        },
        meta: META,
      });
    const live = (await create(owner, 'Bakery')).intake;
    const test = (
      await create(
        { ...owner, kind: 'api_key', keyId: 'key_test', mode: 'test', scopes: ['admin'] } as never,
        'Sandbox',
      )
    ).intake;

    expect((await tickAt(new Date(END_OF_DUE_DAY.getTime() - 60_000))).passes['intakes.overdue']).toBe(0);
    expect(await outbox('intake.overdue')).toEqual([]);

    const report = await tickAt(new Date(END_OF_DUE_DAY.getTime() + 1_000));
    expect(report.passes['intakes.overdue']).toBe(2);
    const fired = await outbox('intake.overdue');
    expect(fired.map((m) => [m.mode, m.payload['intake_id']]).sort()).toEqual(
      [
        ['live', live.id],
        ['test', test.id],
      ].sort(),
    );
    expect(fired.find((m) => m.payload['intake_id'] === live.id)?.payload).toMatchObject({
      event: 'intake.overdue',
      project_name: 'Bakery',
      due_date: DUE,
      outstanding_items: ['logo'],
    });
    // The owner's e-mails went out in the same pass (the test intake's marked as such).
    expect(report.passes['owner.notifications']).toBe(2);
    expect(
      ownerMails()
        .map((m) => m.subject)
        .sort(),
    ).toEqual([expect.stringContaining('Bakery'), expect.stringMatching(/^\[Test\].*Sandbox/)]);
    expect(ownerMails()[0]?.raw).toContain(`/intakes/`);

    for (const day of [1, 2, 30]) {
      expect((await tickAt(new Date(END_OF_DUE_DAY.getTime() + day * DAY_MS))).passes['intakes.overdue']).toBe(0);
    }
    expect(await outbox('intake.overdue')).toHaveLength(2);
    expect(ownerMails()).toHaveLength(2);
  }, 60_000);

  it('purges a completed intake’s contents on its purge_at: values and files gone, storage released, audited', async () => {
    const start = new Date('2031-06-02T10:00:00Z');
    await at(start);
    const { intake } = await construct(t.app, CreateIntake).execute({
      principal: owner,
      body: {
        project_name: 'Retained',
        client: { email: 'keep@client.example', name: 'Karel' },
        items: [
          { key: 'about', type: 'text', label: 'About' },
          { key: 'doc', type: 'file', label: 'Document' },
        ],
        chase_schedule: 'off',
        retention: { mode: 'days', days: 2 },
      },
      meta: META,
    });
    // The client answered and uploaded (as the portal would have stored it).
    await sql.query(
      `UPDATE items SET value = '"We bake"', status = 'approved', submitted_at = $2 WHERE intake_id = $1 AND key = 'about'`,
      [intake.id, start],
    );
    const fileId = newId('file');
    const storageKey = uploadKey(intake.id, fileId);
    const bytes = Buffer.from('%PDF-1.4 the contract');
    await t.app.get(ObjectStorage, { strict: false }).put(storageKey, Readable.from([bytes]), { maxBytes: 10_000 });
    await t.app.get(FileStore, { strict: false }).insert({
      id: fileId,
      account_id: owner.accountId,
      intake_id: intake.id,
      kind: 'upload',
      item_key: 'doc',
      filename: 'contract.pdf',
      mime: 'application/pdf',
      extension: 'pdf',
      size: bytes.length,
      width: null,
      height: null,
      has_alpha: null,
      checksum_sha256: 'a'.repeat(64),
      storage_key: storageKey,
      av_status: 'clean',
      av_signature: null,
      scanned_at: start,
      scan_attempts: 0,
      created_at: start,
    });
    const storageUsed = async () =>
      Number(
        (
          await sql.one<{ used: string }>(`SELECT storage_bytes_used AS used FROM accounts WHERE id = $1`, [
            owner.accountId,
          ])
        )?.used,
      );
    const usedBefore = await storageUsed();
    expect(usedBefore).toBeGreaterThanOrEqual(bytes.length);

    await construct(t.app, MarkReceivedOutside).execute({
      principal: owner,
      intakeId: intake.id,
      key: 'doc',
      note: null,
      meta: META,
    });
    const intakes = t.app.get(IntakeStore, { strict: false });
    const completed = await intakes.get(systemAccess(owner.accountId), intake.id);
    expect(completed?.status).toBe('completed');
    const purgeAt = new Date((completed?.completed_at?.getTime() ?? 0) + 2 * DAY_MS);
    expect(completed?.purge_at).toEqual(purgeAt);

    expect((await tickAt(new Date(purgeAt.getTime() - 60_000))).passes['intakes.retention']).toBe(0);
    expect((await tickAt(new Date(purgeAt.getTime() + 1_000))).passes['intakes.retention']).toBe(1);

    expect((await intakes.items(intake.id)).map((i) => [i.key, i.status, i.value])).toEqual([
      ['about', 'approved', null],
      ['doc', 'approved', null],
    ]);
    expect(await t.app.get(FileStore, { strict: false }).byId(fileId)).toBeUndefined();
    expect(await t.app.get(ObjectStorage, { strict: false }).stat(storageKey)).toBeUndefined();
    expect(await storageUsed()).toBe(usedBefore - bytes.length);
    expect(await intakes.get(systemAccess(owner.accountId), intake.id)).toMatchObject({
      status: 'completed',
      client_email: 'keep@client.example',
      purge_at: purgeAt,
    });
    const audit = await sql.query<{ action: string; summary: Record<string, unknown> }>(
      `SELECT action, summary FROM audit_entries WHERE target_id = $1 AND action = 'intake.purged'`,
      [intake.id],
    );
    expect(audit).toEqual([
      { action: 'intake.purged', summary: expect.objectContaining({ files: 1, bytes: bytes.length, values: 1 }) },
    ]);

    expect((await tickAt(new Date(purgeAt.getTime() + 3 * DAY_MS))).passes['intakes.retention']).toBe(0);
  }, 60_000);
});
