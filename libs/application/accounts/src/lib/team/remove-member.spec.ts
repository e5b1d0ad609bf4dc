import { type GivenAccount, givenAccount, givenUser, InMemoryContext, META } from '@intake/testing';
import { type UserRecord } from '../ports/account-store.port';
import { AuthenticateSession } from '../auth/authenticate-session';
import { LogIn } from '../auth/log-in';
import { RemoveMember } from './remove-member';

describe('RemoveMember', () => {
  let context: InMemoryContext;
  let given: GivenAccount;
  let member: UserRecord;
  let remove: RemoveMember;

  const nothingChanged = (users: number) => {
    expect(context.db.users.rows).toHaveLength(users);
    expect(context.auditActions()).toEqual([]);
  };

  beforeEach(async () => {
    context = new InMemoryContext();
    given = await givenAccount(context);
    member = (await givenUser(context, given.account.id, { email: 'petr@example.com' })).user;
    remove = context.use(RemoveMember);
  });

  it('removes the member, ends their sessions, and records team.member_removed with their address', async () => {
    const { sessionToken } = await context
      .use(LogIn)
      .execute({ email: 'petr@example.com', password: 'correct horse battery', meta: META });
    await remove.execute({ principal: given.owner, userId: member.id, meta: META });
    expect(await context.accounts.getUser(given.account.id, member.id)).toBeUndefined();
    expect(await context.use(AuthenticateSession).execute(sessionToken)).toBeUndefined();
    expect(context.db.sessions.rows).toEqual([]);
    expect(context.db.auditLog.entries.at(-1)).toMatchObject({
      actor_type: 'user',
      actor_id: given.owner.userId,
      action: 'team.member_removed',
      target_id: member.id,
      summary: { email: 'petr@example.com' },
    });
  });

  it('frees the address for a new account or invitation', async () => {
    await remove.execute({ principal: given.owner, userId: member.id, meta: META });
    expect(await context.accounts.findUserByEmail('petr@example.com')).toBeUndefined();
  });

  it('refuses to remove the owner: 400 cannot_remove_owner, nothing changed', async () => {
    await expect(
      remove.execute({ principal: given.owner, userId: given.owner.userId, meta: META }),
    ).rejects.toMatchObject({
      code: 'invalid_request',
      reason: 'cannot_remove_owner',
      message: 'The account owner cannot be removed.',
    });
    nothingChanged(2);
  });

  it('answers 404 for an unknown user and for a user of another account, nothing changed', async () => {
    const other = await givenAccount(context);
    const stranger = await givenUser(context, other.account.id);
    await expect(remove.execute({ principal: given.owner, userId: 'usr_unknown', meta: META })).rejects.toMatchObject({
      code: 'not_found',
      message: 'Team member was not found.',
    });
    await expect(
      remove.execute({ principal: given.owner, userId: stranger.user.id, meta: META }),
    ).rejects.toMatchObject({ code: 'not_found' });
    nothingChanged(4);
  });
});
