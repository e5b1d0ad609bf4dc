import {
  anotherKey,
  type GivenAccount,
  givenAccount,
  givenFolder,
  givenIntake,
  InMemoryContext,
} from '@intake/testing';
import { accessOf, type Principal } from '@intake/domain-accounts';
import { ListClients } from './list-clients';

describe('ListClients', () => {
  let context: InMemoryContext;
  let given: GivenAccount;
  let listClients: ListClients;

  beforeEach(async () => {
    context = new InMemoryContext();
    given = await givenAccount(context);
    listClients = context.use(ListClients);
  });

  const list = (q?: string, principal: Principal = given.owner, limit = 20, offset = 0) =>
    listClients.execute({ access: accessOf(principal), q, limit, offset });
  const emails = async (q?: string, principal: Principal = given.owner) =>
    (await list(q, principal)).clients.map((c) => c.email);

  it('groups intakes by e-mail in any case, describing the client by their most recent intake', async () => {
    const folder = await givenFolder(context, given, 'Weddings');
    await givenIntake(context, given, { client_email: 'jan@client.example', client_name: 'Jan' });
    context.clock.advance(60);
    const { intake: last } = await givenIntake(context, given, {
      client_email: 'JAN@Client.example',
      client_name: 'Jan Novák',
      client_language: 'cs',
      client_phone: '+420601234567',
      client_timezone: 'Europe/Bratislava',
      folder_id: folder.id,
    });
    expect(await list()).toEqual({
      clients: [
        {
          email: 'JAN@Client.example',
          name: 'Jan Novák',
          language: 'cs',
          phone: '+420601234567',
          timezone: 'Europe/Bratislava',
          folder_id: folder.id,
          last_intake_id: last.id,
          last_intake_at: last.created_at,
          intake_count: 2,
        },
      ],
      total: 1,
    });
  });

  it('orders by intake count, then the most recent intake, and pages', async () => {
    await givenIntake(context, given, { client_email: 'a@x.example' });
    context.clock.advance(60);
    await givenIntake(context, given, { client_email: 'b@x.example' });
    await givenIntake(context, given, { client_email: 'b@x.example' });
    context.clock.advance(60);
    await givenIntake(context, given, { client_email: 'c@x.example' });
    expect(await emails()).toEqual(['b@x.example', 'c@x.example', 'a@x.example']);
    expect(await list(undefined, given.owner, 1, 1)).toMatchObject({
      clients: [{ email: 'c@x.example' }],
      total: 3,
    });
    expect(await list(undefined, given.owner, 20, 3)).toEqual({ clients: [], total: 3 });
  });

  it('searches the latest name and the e-mail in any case, wildcards taken literally', async () => {
    await givenIntake(context, given, { client_email: 'eva@x.example', client_name: 'Old name' });
    context.clock.advance(60);
    await givenIntake(context, given, { client_email: 'eva@x.example', client_name: 'Eva Svobodová' });
    await givenIntake(context, given, { client_email: 'petr_100%@x.example', client_name: 'Petr' });
    expect(await emails('SVOBOD')).toEqual(['eva@x.example']);
    expect(await emails('old name')).toEqual([]);
    expect(await emails('_100%')).toEqual(['petr_100%@x.example']);
    expect(await emails('r_1')).toEqual(['petr_100%@x.example']);
    expect(await emails('x.example')).toHaveLength(2);
    expect((await list('petr')).total).toBe(1);
  });

  it('derives clients from the intakes the caller may see only', async () => {
    await givenIntake(context, given, { client_email: 'live@x.example' });
    await givenIntake(context, given, { client_email: 'test@x.example', by: given.testKey });
    await givenIntake(context, given, { client_email: 'other-test@x.example', by: anotherKey(given, 'test') });
    const other = await givenAccount(context);
    await givenIntake(context, other, { client_email: 'theirs@x.example' });
    expect(await emails(undefined, given.liveKey)).toEqual(['live@x.example']);
    expect(await emails(undefined, given.testKey)).toEqual(['test@x.example']);
    expect((await emails()).sort()).toEqual(['live@x.example', 'other-test@x.example', 'test@x.example']);
  });
});
