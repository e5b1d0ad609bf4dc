import fc from 'fast-check';
import { NO_DRIFT, purgedIntake, ReconcileReadModels, type ListFilter } from '@intake/application-intakes';
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
import { newId } from '@intake/ids';
import { type Sql } from '@intake/postgres';
import { IntakeSearch, type IntakeSearchOptions, type SearchPlan } from './intake-search';
import { SEARCH_TOTALS_PER_ACCOUNT, SearchTotals, searchTotalKey } from './search-totals';
import { type IntakeRecord } from '@intake/domain-intake';

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
  | { kind: 'file'; target: number; filed: boolean }
  | { kind: 'anonymize'; target: number }
  | { kind: 'delete'; target: number }
  | { kind: 'ask'; q: number; page: number; plan: SearchPlan };

/** `q` values of the checks; `ask` remembers the totals of some of them before later writes. */
const QS = ['eva', 'sale', 'example', '100%', '_x', 'web', 'tax'];

const create: fc.Arbitrary<Op> = fc.record({
  kind: fc.constant('create' as const),
  email: fc.nat(EMAILS.length - 1),
  name: fc.nat(NAMES.length - 1),
  project: fc.nat(PROJECTS.length - 1),
  mode: fc.constantFrom('live' as const, 'test' as const),
  key: fc.constantFrom('key_a' as const, 'key_b' as const),
  minute: fc.nat(60),
});

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: create },
  fc.record({ kind: fc.constant('rename' as const), target: fc.nat(), name: fc.nat(NAMES.length - 1) }),
  fc.record({ kind: fc.constant('move' as const), target: fc.nat(), email: fc.nat(EMAILS.length - 1) }),
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('status' as const),
      target: fc.nat(),
      status: fc.constantFrom('sent' as const, 'completed' as const),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('file' as const), target: fc.nat(), filed: fc.boolean() }) },
  fc.record({ kind: fc.constant('anonymize' as const), target: fc.nat() }),
  fc.record({ kind: fc.constant('delete' as const), target: fc.nat() }),
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('ask' as const),
      q: fc.nat(QS.length - 1),
      page: fc.nat(PAGES.length - 1),
      plan: fc.constantFrom('sparse' as const, 'dense' as const),
    }),
  },
);

/** A few intakes first, then anything: searches remembered early are kept through the writes after them. */
const sequences = fc
  .tuple(fc.array(create, { minLength: 2, maxLength: 6 }), fc.array(op, { minLength: 1, maxLength: 25 }))
  .map(([first, then]) => [...first, ...then]);

/**
 * Applies the operations through the PostgreSQL store (whose triggers keep the read models) and,
 * as the oracle, through the in-memory store (which computes everything from the intakes).
 */
async function apply(accountId: string, ops: readonly Op[], memory: InMemoryIntakeStore): Promise<void> {
  const live: IntakeRecord[] = [];
  // The folder intakes are filed in and taken out of (the pages' `folder_id=none`).
  const folder = { id: newId('folder'), account_id: accountId, name: 'Shop', sort_order: 0, created_at: at(0) };
  expect(await pg.uow.run(() => pg.folders.insert(folder))).toBe(true);
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
    if (o.kind === 'ask') {
      const page = PAGES[o.page] ?? [{}, 20, 0];
      // A filtered total is remembered by the walk (whose count visits every filtered intake).
      const plan = Object.keys(page[0]).length ? 'dense' : o.plan;
      for (const access of views(accountId)) await expectSearch(access, QS[o.q] as string, page, memory, { plan });
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
            : o.kind === 'file'
              ? { ...current, folder_id: o.filed ? folder.id : null }
              : purgedIntake({ ...current, retention_anonymize: true }, at(100));
    expect(await pg.intakes.update(changed)).toBe(true);
    expect(await memory.update(changed)).toBe(true);
    live[index_] = { ...changed, version: changed.version + 1 };
  }
}

/**
 * One search, by `options.plan` or the cheaper one, by a searcher that remembers every total it
 * counts over one row or more (so the writes after it must keep the total), compared with the
 * in-memory store's answer.
 */
async function expectSearch(
  access: AccessContext,
  q: string,
  [extra, limit, offset]: (typeof PAGES)[number],
  memory: InMemoryIntakeStore,
  options: IntakeSearchOptions = {},
): Promise<void> {
  const found = await new IntakeSearch(pg.sql, pg.uow, { rememberFrom: 1, ...options }).page(
    access,
    { q, ...extra },
    limit,
    offset,
    'i.id',
    withoutQ(access, extra, limit, offset),
  );
  const expected = await memory.list(access, { q, ...extra }, limit, offset);
  expect({ plan: options.plan, q, extra, ids: found.intakes.map((r) => r.id), total: found.total }).toEqual({
    plan: options.plan,
    q,
    extra,
    ids: expected.rows.map((r) => r.intake.id),
    total: expected.total,
  });
}

/** An account's remembered search totals: pattern and total. */
async function rememberedTotals(accountId: string): Promise<Array<[string, number]>> {
  const rows = await pg.sql.query<{ pattern: string; total: number }>(
    `SELECT pattern, total FROM search_totals WHERE account_id = $1 ORDER BY pattern`,
    [accountId],
  );
  return rows.map((r) => [r.pattern, r.total]);
}

/** The list without `q`, for a search whose `q` matches every intake in scope. */
const withoutQ = (access: AccessContext, filter: Omit<ListFilter, 'q'>, limit: number, offset: number) => async () => {
  const { rows, total } = await pg.intakes.list(access, filter, limit, offset);
  return { intakes: rows.map((r) => r.intake), total };
};

describe('read models kept by triggers (PostgreSQL)', () => {
  it('equal an aggregate from scratch after any sequence of creates, client and status changes, anonymizations, deletions and remembered searches', async () => {
    await fc.assert(
      fc.asyncProperty(sequences, async (ops) => {
        const accountId = await pg.createAccount();
        const memoryDb = new InMemoryDatabase();
        const memory = new InMemoryIntakeStore(memoryDb);
        const memoryClients = new InMemoryClientDirectory(memoryDb);
        await apply(accountId, ops, memory);

        // The fresh views are the aggregate from scratch: nothing to repair.
        expect(await pg.readModels.reconcile(accountId)).toEqual(NO_DRIFT);
        // And the reads answer what the in-memory stores compute from the intakes.
        for (const access of views(accountId)) {
          for (const q of [undefined, ...QS]) {
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
              for (const page of PAGES) await expectSearch(access, q, page, memory, { plan });
            }
          }
        }
      }),
      { numRuns: 30 },
    );
    // A hang guard: 30 sequences take about a minute and a half, more on a busy machine.
  }, 300_000);

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
        const found = await new IntakeSearch(pg.sql, pg.uow, { plan }).page(
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

  describe('remembered search totals', () => {
    const remembering = () => new IntakeSearch(pg.sql, pg.uow, { rememberFrom: 1 });
    const search = (accountId: string, q: string) =>
      remembering().page(sessionAccess(accountId), { q }, 20, 0, 'i.id', withoutQ(sessionAccess(accountId), {}, 20, 0));
    const web = (accountId: string, minute: number) =>
      anIntake(accountId, {
        project_name: 'Web',
        client_name: 'Eva',
        client_email: 'eva@example.com',
        created_at: at(minute),
      });

    /** A promise and the function that settles it. */
    function signal(): [Promise<void>, () => void] {
      let settle!: () => void;
      const promise = new Promise<void>((resolve) => (settle = resolve));
      return [promise, settle];
    }

    it('a write that waits for a total being counted adds itself once it is saved', async () => {
      const accountId = await pg.createAccount();
      await pg.intakes.insert(web(accountId, 1), []);
      await pg.intakes.insert(anIntake(accountId, { project_name: 'Logo', client_email: 'eva@example.com' }), []);
      const totals = new SearchTotals(pg.sql);
      const [locked, lockTaken] = signal();
      const [gate, release] = signal();
      const counter = pg.uow.run(async () => {
        expect(await totals.lock(accountId)).toBe(true);
        lockTaken();
        await gate;
        const row = await pg.sql.one<{ n: number }>(
          `SELECT count(*)::int AS n FROM intake_search WHERE account_id = $1 AND project LIKE '%web%'`,
          [accountId],
        );
        await totals.save(searchTotalKey(sessionAccess(accountId), {}, '%web%'), row?.n ?? -1);
      });
      await locked;
      const writer = pg.uow.run(() => pg.intakes.insert(web(accountId, 2), []));
      await pg.waitForLockWaiter(); // the write's trigger waits for the count's lock
      release();
      await Promise.all([counter, writer]);
      expect(await rememberedTotals(accountId)).toEqual([['%web%', 2]]);
      expect((await search(accountId, 'web')).total).toBe(2);
      expect(await pg.readModels.reconcile(accountId)).toEqual(NO_DRIFT);
    });

    it('a search while a write holds the lock counts without remembering', async () => {
      const accountId = await pg.createAccount();
      await pg.intakes.insert(web(accountId, 1), []);
      const [written, wrote] = signal();
      const [gate, release] = signal();
      const writer = pg.uow.run(async () => {
        await pg.intakes.insert(web(accountId, 2), []);
        wrote();
        await gate;
      });
      await written;
      expect((await search(accountId, 'web')).total).toBe(1); // the uncommitted intake is not seen
      expect(await rememberedTotals(accountId)).toEqual([]);
      release();
      await writer;
      expect((await search(accountId, 'web')).total).toBe(2);
      expect(await rememberedTotals(accountId)).toEqual([['%web%', 2]]);
    });

    it('follows the status and the folder of the intakes a filtered total counts', async () => {
      const accountId = await pg.createAccount();
      const folder = { id: newId('folder'), account_id: accountId, name: 'Shop', sort_order: 0, created_at: at(0) };
      await pg.uow.run(() => pg.folders.insert(folder));
      const first = web(accountId, 1);
      await pg.intakes.insert(first, []);
      await pg.intakes.insert(web(accountId, 2), []);
      await pg.intakes.insert(anIntake(accountId, { project_name: 'Logo', client_email: 'petr@example.com' }), []);
      const walk = new IntakeSearch(pg.sql, pg.uow, { plan: 'dense', rememberFrom: 1 });
      const ask = (filter: Omit<ListFilter, 'q'>) =>
        walk.page(sessionAccess(accountId), { q: 'web', ...filter }, 20, 0, 'i.id', async () => {
          throw new Error('q matches fewer than all');
        });
      expect((await ask({ status: 'sent' })).total).toBe(2);
      expect((await ask({ folderId: 'none' })).total).toBe(2);
      await pg.intakes.update({ ...first, status: 'completed', folder_id: folder.id });
      expect(await rememberedTotals(accountId)).toEqual([
        ['%web%', 1],
        ['%web%', 1],
      ]);
      expect(await pg.readModels.reconcile(accountId)).toEqual(NO_DRIFT);
    });

    it("inside a caller's transaction a total is counted, not remembered", async () => {
      const accountId = await pg.createAccount();
      await pg.intakes.insert(web(accountId, 1), []);
      await pg.uow.run(async () => expect((await search(accountId, 'web')).total).toBe(1));
      expect(await rememberedTotals(accountId)).toEqual([]);
    });

    it("follows creates, changes and deletions, and keeps the account's most recently asked", async () => {
      const accountId = await pg.createAccount();
      const first = web(accountId, 1);
      await pg.intakes.insert(first, []);
      expect((await search(accountId, 'web')).total).toBe(1);
      await pg.intakes.insert(web(accountId, 2), []);
      await pg.intakes.update({ ...first, project_name: 'Logo' });
      expect(await rememberedTotals(accountId)).toEqual([['%web%', 1]]);
      await pg.intakes.insert(web(accountId, 3), []);
      expect(await rememberedTotals(accountId)).toEqual([['%web%', 2]]);
      await pg.intakes.delete(sessionAccess(accountId), first.id);
      expect(await rememberedTotals(accountId)).toEqual([['%web%', 2]]);

      // 24 more searches, each matching this project alone.
      const more = '0123456789dfghijknrstuyz';
      await pg.intakes.insert(
        anIntake(accountId, { project_name: more, client_name: 'Q', client_email: 'q@q.qq' }),
        [],
      );
      for (const q of more) expect((await search(accountId, q)).total).toBe(1);
      const kept = (await rememberedTotals(accountId)).map(([pattern]) => pattern);
      expect(kept).toHaveLength(SEARCH_TOTALS_PER_ACCOUNT);
      expect(kept).not.toContain('%web%');
      expect(kept).not.toContain('%3%');
      expect(kept).toContain('%4%');
      expect(kept).toContain('%z%');
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
    // A remembered total of 'eva' (two intakes), kept by the trigger from here on.
    const remembering = new IntakeSearch(pg.sql, pg.uow, { rememberFrom: 1 });
    const ask = () =>
      remembering.page(
        sessionAccess(accountId),
        { q: 'eva' },
        10,
        0,
        'i.id',
        withoutQ(sessionAccess(accountId), {}, 10, 0),
      );
    expect((await ask()).total).toBe(2);
    expect(await rememberedTotals(accountId)).toEqual([['%eva%', 2]]);

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
      `UPDATE search_totals SET total = 40 WHERE account_id = $1`,
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
      search_totals: 1,
    };
    const report = await reconcile.execute();
    expect(report).toEqual(expect.objectContaining(drift));
    expect(report.accounts).toBeGreaterThanOrEqual(2);
    expect(diagnostics.warnings).toEqual([{ event: 'read_models.drift_repaired', fields: report }]);

    expect(await pg.clients.list(sessionAccess(accountId), undefined, 10, 0)).toEqual(expected);
    expect(await pg.intakes.list(sessionAccess(accountId), { q: 'eva' }, 10, 0)).toEqual(expectedSearch);
    expect(await rememberedTotals(accountId)).toEqual([['%eva%', 2]]);
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
