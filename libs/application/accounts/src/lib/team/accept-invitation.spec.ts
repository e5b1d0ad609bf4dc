import { randomBytes } from 'node:crypto';
import { type GivenAccount, givenAccount, givenUser, InMemoryContext, META } from '@intake/testing';
import { tokenHash, verifyPassword } from '../secrets';
import { AcceptInvitation, type AcceptInvitationInput } from './accept-invitation';
import { INVITATION_LIFETIME_SECONDS } from './invite-member';

// The real cost (scrypt, ~100 ms) is secrets.spec.ts's business; here a hash of the same format at the lowest cost.
jest.mock('../secrets', () => ({
  ...jest.requireActual<typeof import('../secrets')>('../secrets'),
  hashPassword: jest.fn(async (password: string) => (await import('@intake/testing')).quickPasswordHash(password)),
}));

describe('AcceptInvitation', () => {
  let context: InMemoryContext;
  let given: GivenAccount;
  let accept: AcceptInvitation;
  let token: string;
  let invitationId: string;

  const input = (overrides: Partial<AcceptInvitationInput> = {}): AcceptInvitationInput => ({
    token,
    password: 'petr’s new password',
    name: ' Petr ',
    meta: META,
    ...overrides,
  });
  const nothingWritten = (users: number) => {
    expect(context.db.users.rows).toHaveLength(users);
    expect(context.db.invitations.rows[0]?.accepted_at).toBeNull();
    expect(context.auditActions()).toEqual([]);
  };

  beforeEach(async () => {
    context = new InMemoryContext();
    given = await givenAccount(context);
    accept = context.use(AcceptInvitation);
    token = randomBytes(32).toString('base64url');
    invitationId = 'inv_petr';
    const now = context.clock.now();
    await context.accounts.createInvitation({
      id: invitationId,
      account_id: given.account.id,
      email: 'petr@example.com',
      name: 'Petr',
      token_hash: tokenHash(token),
      invited_by: given.owner.userId,
      created_at: now,
      expires_at: new Date(now.getTime() + INVITATION_LIFETIME_SECONDS * 1000),
      accepted_at: null,
    });
  });

  it('makes the invitee a member of the inviting account with the invited address and their password', async () => {
    context.clock.advance(3600);
    const { user, account } = await accept.execute(input());
    expect(account).toEqual(given.account);
    expect(user).toMatchObject({
      id: expect.stringMatching(/^usr_/),
      account_id: given.account.id,
      email: 'petr@example.com',
      name: 'Petr',
      role: 'member',
      created_at: context.clock.now(),
    });
    await expect(verifyPassword('petr’s new password', user.password_hash)).resolves.toBe(true);
    expect(await context.accounts.listUsers(given.account.id)).toContainEqual(user);
    expect(context.db.invitations.rows[0]?.accepted_at).toEqual(context.clock.now());
  });

  it('records team.member_joined by the new member, naming the invitation', async () => {
    const { user } = await accept.execute(input());
    expect(context.db.auditLog.entries).toEqual([
      expect.objectContaining({
        account_id: given.account.id,
        actor_type: 'user',
        actor_id: user.id,
        action: 'team.member_joined',
        target_id: user.id,
        summary: { invitation_id: invitationId },
      }),
    ]);
  });

  it('works once: a used invitation is 400 invitation_invalid', async () => {
    await accept.execute(input());
    await expect(accept.execute(input({ name: 'Again' }))).rejects.toMatchObject({
      code: 'invalid_request',
      reason: 'invitation_invalid',
    });
    expect(context.db.users.rows).toHaveLength(2);
    expect(context.auditActions()).toEqual(['team.member_joined']);
  });

  it('refuses an unknown token with 400 invitation_invalid, writing nothing', async () => {
    await expect(accept.execute(input({ token: 'not-the-token' }))).rejects.toMatchObject({
      code: 'invalid_request',
      reason: 'invitation_invalid',
    });
    nothingWritten(1);
  });

  it('refuses an invitation from the moment it expires', async () => {
    context.clock.advance(INVITATION_LIFETIME_SECONDS);
    await expect(accept.execute(input())).rejects.toMatchObject({ reason: 'invitation_invalid' });
    nothingWritten(1);
  });

  it('still accepts an invitation a second before it expires', async () => {
    context.clock.advance(INVITATION_LIFETIME_SECONDS - 1);
    await expect(accept.execute(input())).resolves.toMatchObject({ user: { email: 'petr@example.com' } });
  });

  it('refuses with 409 email_taken when the address got an account meanwhile, leaving the invitation open', async () => {
    const other = await givenAccount(context);
    await givenUser(context, other.account.id, { email: 'PETR@example.com' });
    await expect(accept.execute(input())).rejects.toMatchObject({ code: 'conflict', reason: 'email_taken' });
    nothingWritten(3);
  });

  it('refuses with invitation_invalid, undoing everything, when the account is gone', async () => {
    context.db.accounts.rows = [];
    await expect(accept.execute(input())).rejects.toMatchObject({ reason: 'invitation_invalid' });
    nothingWritten(1);
  });
});
