import { type GivenAccount, givenAccount, givenUser, InMemoryContext } from '@intake/testing';
import { ListMembers } from './list-members';

describe('ListMembers', () => {
  let context: InMemoryContext;
  let given: GivenAccount;

  beforeEach(async () => {
    context = new InMemoryContext();
    given = await givenAccount(context);
  });

  it("lists the account's users oldest first, and no other account's", async () => {
    context.clock.advance(60);
    const { user: jana } = await givenUser(context, given.account.id);
    context.clock.advance(60);
    const { user: petr } = await givenUser(context, given.account.id);
    await givenUser(context, (await givenAccount(context)).account.id);
    const members = await context.use(ListMembers).execute(given.account.id);
    expect(members.map((m) => m.id)).toEqual([given.owner.userId, jana.id, petr.id]);
    expect(members[1]).toEqual(jana);
  });

  it('answers an empty list for an unknown account', async () => {
    expect(await context.use(ListMembers).execute('acc_unknown')).toEqual([]);
  });
});
