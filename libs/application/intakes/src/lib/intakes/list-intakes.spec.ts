import {
  anotherKey,
  type GivenAccount,
  givenAccount,
  givenFolder,
  givenIntake,
  InMemoryContext,
} from '@intake/testing';
import { accessOf, type Principal } from '@intake/domain-accounts';
import { type ListFilter } from '../model/records';
import { ListIntakes } from './list-intakes';

describe('ListIntakes', () => {
  let context: InMemoryContext;
  let given: GivenAccount;
  let listIntakes: ListIntakes;

  beforeEach(async () => {
    context = new InMemoryContext();
    given = await givenAccount(context);
    listIntakes = context.use(ListIntakes);
  });

  const list = (filter: ListFilter = {}, principal: Principal = given.owner, limit = 20, offset = 0) =>
    listIntakes.execute({ access: accessOf(principal), filter, limit, offset });
  const ids = async (filter: ListFilter = {}, principal: Principal = given.owner) =>
    (await list(filter, principal)).rows.map((r) => r.intake.id);

  it('lists newest first, with the total and the page asked for', async () => {
    const created = [];
    for (let i = 0; i < 5; i += 1) {
      created.push((await givenIntake(context, given, { project_name: `P${i}` })).intake);
      context.clock.advance(60);
    }
    const page = await list({}, given.owner, 2, 1);
    expect(page.total).toBe(5);
    expect(page.rows.map((r) => r.intake.project_name)).toEqual(['P3', 'P2']);
    expect((await list({}, given.owner, 20, 5)).rows).toEqual([]);
    expect(await ids()).toEqual(created.map((i) => i.id).reverse());
  });

  it('orders intakes created at the same moment by id, descending', async () => {
    const a = (await givenIntake(context, given)).intake;
    const b = (await givenIntake(context, given)).intake;
    expect(await ids()).toEqual([a.id, b.id].sort().reverse());
  });

  it('gives each row the list object’s fields and its items’ progress facts by position', async () => {
    const { intake } = await givenIntake(context, given, {
      items: [
        { key: 'logo', status: 'submitted' },
        { key: 'task', assignee: 'owner', required: false },
      ],
    });
    const { rows } = await list();
    expect(rows).toEqual([
      {
        intake: {
          id: intake.id,
          slug: intake.slug,
          project_name: 'New website',
          status: 'sent',
          client_email: 'jan@client.example',
          client_name: 'Jan',
          created_at: intake.created_at,
          mode: 'live',
        },
        items: [
          { key: 'logo', assignee: 'client', required: true, status: 'submitted' },
          { key: 'task', assignee: 'owner', required: false, status: 'pending' },
        ],
      },
    ]);
  });

  it('filters by status, client e-mail (any case), folder or Unfiled, and text, combined', async () => {
    const folder = await givenFolder(context, given, 'Clients');
    const a = (await givenIntake(context, given, { status: 'draft', client_email: 'Eva@Client.example' })).intake;
    const b = (await givenIntake(context, given, { folder_id: folder.id, project_name: 'Shop redesign' })).intake;
    const c = (await givenIntake(context, given, { folder_id: folder.id, client_name: 'Petr Novák' })).intake;
    expect(await ids({ status: 'draft' })).toEqual([a.id]);
    expect(await ids({ clientEmail: 'eva@client.EXAMPLE' })).toEqual([a.id]);
    expect(await ids({ clientEmail: 'eva@client' })).toEqual([]);
    expect((await ids({ folderId: folder.id })).sort()).toEqual([b.id, c.id].sort());
    expect(await ids({ folderId: 'none' })).toEqual([a.id]);
    expect(await ids({ q: 'REDESIGN' })).toEqual([b.id]);
    expect(await ids({ q: 'novák' })).toEqual([c.id]);
    expect((await ids({ q: 'client.example' })).sort()).toEqual([a.id, b.id, c.id].sort());
    expect(await ids({ folderId: folder.id, q: 'shop', status: 'sent' })).toEqual([b.id]);
    expect(await ids({ folderId: folder.id, status: 'draft' })).toEqual([]);
    expect((await list({ folderId: folder.id })).total).toBe(2);
  });

  it('matches the search text literally, wildcards included', async () => {
    const percent = (await givenIntake(context, given, { project_name: '100% done' })).intake;
    await givenIntake(context, given, { project_name: '100 done' });
    const underscore = (await givenIntake(context, given, { project_name: 'a_b' })).intake;
    await givenIntake(context, given, { project_name: 'axb' });
    expect(await ids({ q: '0%' })).toEqual([percent.id]);
    expect(await ids({ q: 'a_b' })).toEqual([underscore.id]);
  });

  it('shows API keys their own mode, test keys only their own intakes, sessions all, never another account’s', async () => {
    const live = (await givenIntake(context, given)).intake;
    const test = (await givenIntake(context, given, { by: given.testKey })).intake;
    const otherTestKey = anotherKey(given, 'test');
    const otherTest = (await givenIntake(context, given, { by: otherTestKey })).intake;
    const other = await givenAccount(context);
    await givenIntake(context, other);
    expect(await ids({}, given.liveKey)).toEqual([live.id]);
    expect(await ids({}, anotherKey(given, 'live'))).toEqual([live.id]);
    expect(await ids({}, given.testKey)).toEqual([test.id]);
    expect(await ids({}, otherTestKey)).toEqual([otherTest.id]);
    expect((await ids({}, given.owner)).sort()).toEqual([live.id, test.id, otherTest.id].sort());
    expect((await list({}, given.testKey)).total).toBe(1);
  });
});
