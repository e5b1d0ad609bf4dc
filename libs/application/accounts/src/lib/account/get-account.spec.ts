import { planOf } from '@intake/domain-accounts';
import { givenAccount, InMemoryContext } from '@intake/testing';
import { GetAccount } from './get-account';

describe('GetAccount', () => {
  let context: InMemoryContext;

  beforeEach(() => {
    context = new InMemoryContext();
  });

  it('answers the account with its plan', async () => {
    const given = await givenAccount(context, { plan: 'agency', sender_name: 'Studio Jana' });
    expect(await context.use(GetAccount).execute(given.account.id)).toEqual({
      account: given.account,
      plan: planOf('agency'),
    });
  });

  it('answers 404 for an unknown account', async () => {
    await expect(context.use(GetAccount).execute('acc_unknown')).rejects.toMatchObject({
      code: 'not_found',
      message: 'Account was not found.',
    });
  });
});
