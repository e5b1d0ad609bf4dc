import fc from 'fast-check';
import {
  type IntakeRecord,
  NO_DRIFT,
  purgedIntake,
  ReconcileReadModels,
  type ListFilter,
} from '@intake/application-intakes';
import { type AccessContext } from '@intake/domain-accounts';
import {
  anIntake,
  at,
  createTestDatabase,
  InMemoryClientDirectory,
  InMemoryDatabase,
  InMemoryIntakeStore,
  liveKeyAccess,
  migrateTestDatabase,
  postgresIntakeStores,
  RecordedDiagnostics,
  sessionAccess,
  testKeyAccess,
  type IntakeStoresFixture,
  type TestDatabase,
} from '@intake/testing';
import { type Sql } from '@intake/postgres';
import { IntakeSearch } from './intake-search';

let db: TestDatabase;
let pg: IntakeStoresFixture & { sql: Sql };

beforeAll(async () => {
  db = await createTestDatabase(migrateTestDatabase);
  pg = await postgresIntakeStores(db.url);
}, 60_000);
afterAll(async () => {
  await pg?.teardown();
  await db?.drop();
});

/** What each kind of caller sees of an account (access-sql.ts). */
const views = (accountId: string): AccessContext[] => [
  sessionAccess(accountId),
  liveKeyAccess(accountId),
  testKeyAccess(accountId, 'key_a'),
  testKeyAccess(accountId, 'key_b'),
  { accountId, mode: 'test', createdByKeyId: null },
];

/** Pages compared between the two search plans: other filters, page sizes and offsets. */
const PAGES: ReadonlyArray<readonly [Omit<ListFilter, 'q'>, number, number]> = [
  [{}, 100, 0],
  [{}, 2, 1],
  [{ folderId: 'none' }, 2, 1],
  [{ clientEmail: 'eva@example.com' }, 100, 0],
  [{ status: 'sent' }, 100, 0],
];

const EMAILS = ['eva@example.com', 'EVA@Example.com', 'petr@shop.example', 'tom@example.com', 'ana_x@example.com'];
const NAMES = ['Eva', 'Petr Sale', 'Anonymous 100%', 'Tomas'];
/** Projects some `q` values match alone ('web', 'tax'), others together with clients ('eva', 'example', '100%'). */
const PROJECTS = ['Website', 'Eva sale', 'Tax 100%', 'Example shop'];

type Op =
  | {
      kind: 'create';
      email: number;
      name: number;
      project: number;
      mode: 'live' | 'test';
      key: 'key_a' | 'key_b';
      minute: number;
    }
  | { kind: 'rename'; target: number; name: number }
  | { kind: 'move'; target: number; email: number }
  | { kind: 'status'; target: number; status: 'sent' | 'completed' }
  | { kind: 'anonymize'; target: number }
  | { kind: 'delete'; target: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('create' as const),
      email: fc.nat(EMAILS.length - 1),
      name: fc.nat(NAMES.length - 1),
      project: fc.nat(PROJECTS.length - 1),
      mode: fc.constantFrom('live' as const, 'test' as const),
      key: fc.constantFrom('key_a' as const, 'key_b' as const),
      minute: fc.nat(60),
    }),
  },
  fc.record({ kind: fc.constant('rename' as const), target: fc.nat(), name: fc.nat(NAMES.length - 1) }),
  fc.record({ kind: fc.constant('move' as const), target: fc.nat(), email: fc.nat(EMAILS.length - 1) }),
  fc.record({
    kind: fc.constant('status' as const),
    target: fc.nat(),
    status: fc.constantFrom('sent' as const, 'completed' as const),
  }),
  fc.record({ kind: fc.constant('anonymize' as const), target: fc.nat() }),
  fc.record({ kind: fc.constant('delete' as const), target: fc.nat() }),
);

/**
 * Applies the operations through the PostgreSQL store (whose triggers keep the read models) and,
 * as the oracle, through the in-memory store (which computes everything from the intakes).
 */
async function apply(accountId: string, ops: readonly Op[], memory: InMemoryIntakeStore): Promise<void> {
  const live: IntakeRecord[] = [];
  for (const [index, o] of ops.entries()) {
    if (o.kind === 'create') {
      const intake = anIntake(accountId, {
        client_email: EMAILS[o.email],
        client_name: NAMES[o.name],
        project_name: PROJECTS[o.project],
        mode: o.mode,
        created_by_key_id: o.mode === 'test' ? o.key : null,
        // Distinct instants: the id only breaks ties, and JavaScript and the database collation order ids differently.
        created_at: new Date(at(o.minute).getTime() + index),
      });
      await pg.intakes.insert(intake, []);
      await memory.insert(intake, []);
      live.push(intake);
      continue;
    }
    const index_ = live.length ? o.target % live.length : -1;
    const current = live[index_];
    if (!current) continue;
    if (o.kind === 'delete') {
      await pg.intakes.delete(sessionAccess(accountId), current.id);
      await memory.delete(sessionAccess(accountId), current.id);
      live.splice(index_, 1);
      continue;
    }
    const changed: IntakeRecord =
      o.kind === 'rename'
        ? { ...current, client_name: NAMES[o.name] ?? 'x' }
        : o.kind === 'move'
          ? { ...current, client_email: EMAILS[o.email] ?? 'x' }
          : o.kind === 'status'
            ? { ...current, status: o.status }
            : purgedIntake({ ...current, retention_anonymize: true }, at(100));
    expect(await pg.intakes.update(changed)).toBe(true);
    expect(await memory.update(changed)).toBe(true);
    live[index_] = { ...changed, version: changed.version + 1 };
  }
}

/** The list without `q`, for a search whose `q` matches every intake in scope. */
const withoutQ = (access: AccessContext, filter: Omit<ListFilter, 'q'>, limit: number, offset: number) => async () => {
  const { rows, total } = await pg.intakes.list(access, filter, limit, offset);
  return { intakes: rows.map((r) => r.intake), total };
};

describe('read models kept by triggers (PostgreSQL)', () => {
  it('equal an aggregate from scratch after any sequence of creates, client and status changes, anonymizations and deletions', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        const accountId = await pg.createAccount();
        const memoryDb = new InMemoryDatabase();
        const memory = new InMemoryIntakeStore(memoryDb);
        const memoryClients = new InMemoryClientDirectory(memoryDb);
        await apply(accountId, ops, memory);

        // The fresh views are the aggregate from scratch: nothing to repair.
        expect(await pg.readModels.reconcile(accountId)).toEqual(NO_DRIFT);
        // And the reads answer what the in-memory stores compute from the intakes.
        for (const access of views(accountId)) {
          for (const q of [undefined, 'eva', 'sale', 'example', '100%', '_x', 'web', 'tax']) {
            expect(await pg.clients.list(access, q, 100, 0)).toEqual(await memoryClients.list(access, q, 100, 0));
            const filter: ListFilter = q ? { q } : {};
            const ids = async (store: typeof memory | IntakeStoresFixture['intakes']) => {
              const { rows, total } = await store.list(access, filter, 100, 0);
              return { ids: rows.map((r) => r.intake.id), total };
            };
            expect(await ids(pg.intakes)).toEqual(await ids(memory));
            if (!q) continue;
            // Both ways of finding a page give the same page and total, with and without other filters.
            for (const plan of ['sparse', 'dense'] as const) {
              const search = new IntakeSearch(pg.sql, plan);
              for (const [extra, limit, offset] of PAGES) {
                const expected = await memory.list(access, { q, ...extra }, limit, offset);
                const found = await search.page(
                  access,
                  { q, ...extra },
                  limit,
                  offset,
                  'i.id',
                  withoutQ(access, extra, limit, offset),
                );
                expect({ plan, ids: found.intakes.map((r) => r.id), total: found.total }).toEqual({
                  plan,
                  ids: expected.rows.map((r) => r.intake.id),
                  total: expected.total,
                });
              }
            }
          }
        }
      }),
      { numRuns: 30 },
    );
  }, 120_000);

  it('matches `q` in the project, the client name or the client e-mail, never across them, by either plan', async () => {
    const accountId = await pg.createAccount();
    const a = anIntake(accountId, {
      project_name: 'Acme Rebrand',
      client_name: 'Jana Nováková',
      client_email: 'jana@acme.example',
      created_at: at(1),
    });
    const b = anIntake(accountId, {
      project_name: 'Tax 2025',
      client_name: 'ACME Holding',
      client_email: 'info@holding.example',
      created_at: at(2),
    });
    const c = anIntake(accountId, {
      project_name: 'Logo',
      client_name: 'Petr',
      client_email: 'p@mail.example',
      created_at: at(3),
    });
    const d = anIntake(accountId, {
      project_name: 'acme test',
      client_name: 'Zed',
      client_email: 'zed@x.example',
      mode: 'test',
      created_by_key_id: 'key_a',
      created_at: at(4),
    });
    for (const intake of [a, b, c, d]) await pg.intakes.insert(intake, []);
    const cases: Array<[AccessContext, string, string[]]> = [
      [sessionAccess(accountId), 'acme', [d.id, b.id, a.id]],
      [sessionAccess(accountId), 'rebrand jana', []],
      [sessionAccess(accountId), 'HOLDING.EX', [b.id]],
      [sessionAccess(accountId), 'nováková', [a.id]],
      [liveKeyAccess(accountId), 'acme', [b.id, a.id]],
      [testKeyAccess(accountId, 'key_a'), 'acme', [d.id]],
      [testKeyAccess(accountId, 'key_b'), 'acme', []],
    ];
    for (const [access, q, expected] of cases) {
      const listed = await pg.intakes.list(access, { q }, 20, 0);
      expect({ q, ids: listed.rows.map((r) => r.intake.id), total: listed.total }).toEqual({
        q,
        ids: expected,
        total: expected.length,
      });
      for (const plan of ['sparse', 'dense'] as const) {
        const found = await new IntakeSearch(pg.sql, plan).page(
          access,
          { q },
          20,
          0,
          'i.id',
          withoutQ(access, {}, 20, 0),
        );
        expect({ plan, q, ids: found.intakes.map((r) => r.id) }).toEqual({ plan, q, ids: expected });
      }
    }
  });

  describe('two transactions touching the same client', () => {
    /** Runs `first` in a unit of work that stays open until `second`, in another, waits for its lock. */
    async function concurrently(first: () => Promise<unknown>, second: () => Promise<unknown>): Promise<void> {
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let started!: () => void;
      const firstDone = new Promise<void>((resolve) => (started = resolve));
      const one = pg.uow.run(async () => {
        await first();
        started();
        await gate;
      });
      await firstDone;
      const two = pg.uow.run(second);
      await pg.waitForLockWaiter();
      release();
      await Promise.all([one, two]);
    }

    const clients = async (accountId: string) =>
      (await pg.clients.list(sessionAccess(accountId), undefined, 10, 0)).clients.map((c) => [
        c.email,
        c.intake_count,
        c.last_intake_id,
      ]);

    it('two first intakes of a new client count twice and make one client', async () => {
      const accountId = await pg.createAccount();
      const a = anIntake(accountId, { client_email: 'new@example.com', created_at: at(1) });
      const b = anIntake(accountId, { client_email: 'NEW@example.com', created_at: at(2) });
      await concurrently(
        () => pg.intakes.insert(a, []),
        () => pg.intakes.insert(b, []),
      );
      expect(await clients(accountId)).toEqual([['NEW@example.com', 2, b.id]]);
      expect((await pg.clients.list(sessionAccess(accountId), undefined, 10, 0)).total).toBe(1);
      expect(await pg.readModels.reconcile(accountId)).toEqual(NO_DRIFT);
    });

    it("deleting a client's latest intake while another adds one leaves the right latest", async () => {
      const accountId = await pg.createAccount();
      const older = anIntake(accountId, { client_email: 'eva@example.com', created_at: at(1) });
      const latest = anIntake(accountId, { client_email: 'eva@example.com', created_at: at(5) });
      for (const intake of [older, latest]) await pg.intakes.insert(intake, []);
      const between = anIntake(accountId, { client_email: 'eva@example.com', created_at: at(3) });
      await concurrently(
        () => pg.intakes.delete(sessionAccess(accountId), latest.id),
        () => pg.intakes.insert(between, []),
      );
      expect(await clients(accountId)).toEqual([['eva@example.com', 2, between.id]]);
      expect(await pg.readModels.reconcile(accountId)).toEqual(NO_DRIFT);
    });

    it("deleting a client's two newest intakes at once falls back to the third", async () => {
      const accountId = await pg.createAccount();
      const first = anIntake(accountId, { client_email: 'x@example.com', created_at: at(1) });
      const second = anIntake(accountId, { client_email: 'x@example.com', created_at: at(2) });
      const third = anIntake(accountId, { client_email: 'x@example.com', created_at: at(3) });
      for (const intake of [first, second, third]) await pg.intakes.insert(intake, []);
      await concurrently(
        () => pg.intakes.delete(sessionAccess(accountId), third.id),
        () => pg.intakes.delete(sessionAccess(accountId), second.id),
      );
      expect(await clients(accountId)).toEqual([['x@example.com', 1, first.id]]);
      expect(await pg.readModels.reconcile(accountId)).toEqual(NO_DRIFT);
    });
  });

  it('ReconcileReadModels finds drift in every read model, repairs it, logs it, and finds none the second time', async () => {
    const accountId = await pg.createAccount();
    const untouched = await pg.createAccount();
    const eva = anIntake(accountId, { client_email: 'eva@example.com', created_at: at(1) });
    const petr = anIntake(accountId, { client_email: 'petr@example.com', created_at: at(2) });
    const test = anIntake(accountId, { client_email: 'eva@example.com', mode: 'test', created_by_key_id: 'key_a' });
    for (const intake of [eva, petr, test, anIntake(untouched)]) await pg.intakes.insert(intake, []);
    const expected = await pg.clients.list(sessionAccess(accountId), undefined, 10, 0);
    const expectedSearch = await pg.intakes.list(sessionAccess(accountId), { q: 'eva' }, 10, 0);

    const tamper = [
      `DELETE FROM client_stats WHERE account_id = $1 AND scope = '*' AND email_key = 'eva@example.com'`,
      `UPDATE client_stats SET intake_count = 7 WHERE account_id = $1 AND scope = 'live' AND email_key = 'petr@example.com'`,
      `INSERT INTO client_stats VALUES ($1, '*', 'ghost@example.com', 1, 'intake_ghost', now(), 'ghost')`,
      `UPDATE client_totals SET clients = 99 WHERE account_id = $1 AND scope = '*'`,
      `DELETE FROM intake_search WHERE intake_id = '${eva.id}'`,
      `UPDATE intake_search SET project = 'nothing' WHERE intake_id = '${petr.id}'`,
      `DELETE FROM intake_client_texts WHERE account_id = $1 AND client_email = 'eva@example.com' AND mode = 'live'`,
      `UPDATE intake_client_texts SET n = 40 WHERE account_id = $1 AND client_email = 'petr@example.com'`,
      `UPDATE intake_counts SET n = n + 5 WHERE account_id = $1 AND mode = 'test'`,
      `INSERT INTO audit_counts VALUES ($1, 'intake.created', '', 3)`,
    ];
    for (const statement of tamper) await pg.sql.query(statement, statement.includes('$1') ? [accountId] : []);

    const diagnostics = new RecordedDiagnostics();
    const reconcile = new ReconcileReadModels(pg.readModels, diagnostics);
    const drift = {
      client_stats: 3,
      client_totals: 1,
      intake_search: 2,
      intake_client_texts: 2,
      intake_counts: 1,
      audit_counts: 1,
    };
    const report = await reconcile.execute();
    expect(report).toEqual(expect.objectContaining(drift));
    expect(report.accounts).toBeGreaterThanOrEqual(2);
    expect(diagnostics.warnings).toEqual([{ event: 'read_models.drift_repaired', fields: report }]);

    expect(await pg.clients.list(sessionAccess(accountId), undefined, 10, 0)).toEqual(expected);
    expect(await pg.intakes.list(sessionAccess(accountId), { q: 'eva' }, 10, 0)).toEqual(expectedSearch);
    expect(await reconcile.execute({ accountId })).toEqual({ ...NO_DRIFT, accounts: 1 });
    expect(diagnostics.warnings).toHaveLength(1);
  });

  it('the scheduler pass reconciles once a day', async () => {
    const reconcile = new ReconcileReadModels(pg.readModels, new RecordedDiagnostics());
    const accountId = await pg.createAccount();
    await pg.intakes.insert(anIntake(accountId), []);
    const day = new Date('2031-01-01T03:00:00.000Z');
    await pg.sql.query(`UPDATE client_totals SET clients = 5 WHERE account_id = $1 AND scope = '*'`, [accountId]);
    expect(await reconcile.run(day)).toBe(1);
    await pg.sql.query(`UPDATE client_totals SET clients = 5 WHERE account_id = $1 AND scope = '*'`, [accountId]);
    expect(await reconcile.run(new Date(day.getTime() + 60_000))).toBe(0);
    expect(await reconcile.run(new Date(day.getTime() + 24 * 3_600_000))).toBe(1);
  });
});
