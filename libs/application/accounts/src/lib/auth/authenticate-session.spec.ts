import { planOf } from '@intake/domain-accounts';
import { givenAccount, givenUser, InMemoryContext, META } from '@intake/testing';
import { tokenHash } from '../secrets';
import { AuthenticateSession } from './authenticate-session';
import { LogIn, SESSION_LIFETIME_SECONDS } from './log-in';

describe('AuthenticateSession', () => {
  let context: InMemoryContext;
  let authenticate: AuthenticateSession;

  const session = async (plan: 'free' | 'studio' = 'free', role: 'owner' | 'member' = 'member') => {
    const given = await givenAccount(context, { plan });
    const email = `${role}-${given.account.id.toLowerCase()}@example.com`;
    const { user } = await givenUser(context, given.account.id, { email, role });
    const { sessionToken } = await context.use(LogIn).execute({ email, password: 'correct horse battery', meta: META });
    return { user, token: sessionToken };
  };

  beforeEach(() => {
    context = new InMemoryContext();
    authenticate = context.use(AuthenticateSession);
  });

  it("answers the session's user as a principal, with the account's plan", async () => {
    const { user, token } = await session('studio', 'owner');
    expect(await authenticate.execute(token)).toEqual({
      plan: planOf('studio'),
      principal: {
        kind: 'session',
        accountId: user.account_id,
        userId: user.id,
        role: 'owner',
        sessionId: tokenHash(token).toString('hex').slice(0, 16),
      },
    });
  });

  it('answers undefined for an unknown token', async () => {
    await session();
    expect(await authenticate.execute('not-a-session')).toBeUndefined();
  });

  it('answers undefined once the session has expired', async () => {
    const { token } = await session();
    context.clock.advance(SESSION_LIFETIME_SECONDS - 1);
    expect(await authenticate.execute(token)).toBeDefined();
    context.clock.advance(1);
    expect(await authenticate.execute(token)).toBeUndefined();
  });

  it('answers undefined for a revoked session', async () => {
    const { token } = await session();
    await context.sessions.revoke(tokenHash(token), context.clock.now());
    expect(await authenticate.execute(token)).toBeUndefined();
  });

  it('answers undefined once the user has been removed', async () => {
    const { user, token } = await session();
    await context.accounts.deleteUser(user.account_id, user.id);
    expect(await authenticate.execute(token)).toBeUndefined();
  });
});
