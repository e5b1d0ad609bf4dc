import { type GivenAccount, givenAccount, givenUser, InMemoryContext } from '@intake/testing';
import { GetMe } from './get-me';

describe('GetMe', () => {
  let context: InMemoryContext;
  let given: GivenAccount;

  beforeEach(async () => {
    context = new InMemoryContext();
    given = await givenAccount(context);
  });

  it('answers the signed-in user and their account', async () => {
    const { user, principal } = await givenUser(context, given.account.id);
    expect(await context.use(GetMe).execute(principal)).toEqual({ user, account: given.account });
  });

  it('refuses with 401 a session whose user no longer exists', async () => {
    const { principal } = await givenUser(context, given.account.id);
    await context.accounts.deleteUser(given.account.id, principal.userId);
    await expect(context.use(GetMe).execute(principal)).rejects.toMatchObject({
      code: 'unauthorized',
      message: 'The user no longer exists.',
    });
  });

  it('does not find a user under another account', async () => {
    const other = await givenAccount(context);
    await expect(context.use(GetMe).execute({ ...given.owner, accountId: other.account.id })).rejects.toMatchObject({
      code: 'unauthorized',
    });
  });

  it('answers 404 when the account is gone', async () => {
    context.db.accounts.rows = [];
    await expect(context.use(GetMe).execute(given.owner)).rejects.toMatchObject({
      code: 'not_found',
      message: 'Account was not found.',
    });
  });
});
