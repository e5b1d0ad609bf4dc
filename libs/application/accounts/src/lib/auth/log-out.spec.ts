import { givenAccount, givenUser, InMemoryContext, META } from '@intake/testing';
import { type Principal } from '@intake/domain-accounts';
import { AuthenticateSession } from './authenticate-session';
import { LogIn } from './log-in';
import { LogOut } from './log-out';

describe('LogOut', () => {
  let context: InMemoryContext;
  let principal: Principal & { kind: 'session' };
  const logInAs = async (email: string) =>
    (await context.use(LogIn).execute({ email, password: 'correct horse battery', meta: META })).sessionToken;
  const authenticate = (token: string) => context.use(AuthenticateSession).execute(token);

  beforeEach(async () => {
    context = new InMemoryContext();
    const given = await givenAccount(context);
    principal = (await givenUser(context, given.account.id, { email: 'jana@example.com' })).principal;
  });

  it('ends the session (revoked, kept for the trail) and records auth.logged_out', async () => {
    const token = await logInAs('jana@example.com');
    context.clock.advance(60);
    await context.use(LogOut).execute({ principal, sessionToken: token, meta: META });
    expect(await authenticate(token)).toBeUndefined();
    expect(context.db.sessions.rows).toEqual([expect.objectContaining({ revoked_at: context.clock.now() })]);
    expect(context.db.auditLog.entries.at(-1)).toMatchObject({
      account_id: principal.accountId,
      actor_type: 'user',
      actor_id: principal.userId,
      action: 'auth.logged_out',
      target_id: principal.userId,
      request_id: META.requestId,
    });
  });

  it("leaves the user's other sessions open", async () => {
    const here = await logInAs('jana@example.com');
    const elsewhere = await logInAs('jana@example.com');
    await context.use(LogOut).execute({ principal, sessionToken: here, meta: META });
    expect(await authenticate(elsewhere)).toBeDefined();
  });

  it('keeps the first revocation time when a session is logged out twice', async () => {
    const token = await logInAs('jana@example.com');
    await context.use(LogOut).execute({ principal, sessionToken: token, meta: META });
    const revokedAt = context.clock.now();
    context.clock.advance(60);
    await context.use(LogOut).execute({ principal, sessionToken: token, meta: META });
    expect(context.db.sessions.rows[0]?.revoked_at).toEqual(revokedAt);
  });
});
