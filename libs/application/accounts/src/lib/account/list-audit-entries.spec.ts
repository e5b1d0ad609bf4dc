import { type Actor } from '@intake/domain-kernel';
import { AuditRecorder } from '@intake/kernel';
import { type GivenAccount, givenAccount, InMemoryContext, META } from '@intake/testing';
import { ListAuditEntries } from './list-audit-entries';

describe('ListAuditEntries', () => {
  let context: InMemoryContext;
  let given: GivenAccount;
  const jana: Actor = { type: 'user', id: 'usr_jana', mode: null };
  const bot: Actor = { type: 'api_key', id: 'key_bot', mode: 'live' };

  const list = (filter = {}, limit = 20, offset = 0) =>
    context.use(ListAuditEntries).execute({ accountId: given.account.id, filter, limit, offset });

  beforeEach(async () => {
    context = new InMemoryContext();
    given = await givenAccount(context);
    const record = context.use(AuditRecorder);
    await record.record(given.account.id, jana, 'intake.created', 'in_1', META);
    context.clock.advance(60);
    await record.record(given.account.id, bot, 'intake.created', 'in_2', META);
    await record.record(given.account.id, bot, 'intake.deleted', 'in_1', META);
    await record.record((await givenAccount(context)).account.id, jana, 'intake.created', 'in_3', META);
  });

  it("lists the account's entries newest first, with the total", async () => {
    const { entries, total } = await list();
    expect(total).toBe(3);
    expect(entries.map((e) => [e.action, e.target_id])).toEqual([
      ['intake.deleted', 'in_1'],
      ['intake.created', 'in_2'],
      ['intake.created', 'in_1'],
    ]);
  });

  it('filters by action, actor and target', async () => {
    expect((await list({ action: 'intake.created' })).total).toBe(2);
    expect((await list({ actor: 'usr_jana' })).entries.map((e) => e.target_id)).toEqual(['in_1']);
    expect((await list({ target: 'in_1', actor: 'key_bot' })).entries.map((e) => e.action)).toEqual(['intake.deleted']);
  });

  it('pages with limit and offset, the total counting every match', async () => {
    expect(await list({}, 2, 2)).toMatchObject({
      total: 3,
      entries: [{ target_id: 'in_1', action: 'intake.created' }],
    });
    expect(await list({}, 20, 3)).toEqual({ entries: [], total: 3 });
  });
});
