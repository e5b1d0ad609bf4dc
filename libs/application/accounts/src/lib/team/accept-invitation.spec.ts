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
      message: 'This invitation is unknown, used or expired.',
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

  describe('guessing tokens', () => {
    const from = (ip: string | null) => ({ ip, requestId: null });
    const guess = (ip: string | null, n: number) =>
      accept.execute(input({ token: `guess-${n}`, meta: from(ip) })).catch((e: unknown) => e);

    it('counts unknown, used or expired tokens per client address: 10, then 429 invitation_throttled, before the lookup', async () => {
      for (let i = 0; i < 10; i += 1)
        expect(await guess('203.0.113.5', i)).toMatchObject({ reason: 'invitation_invalid' });
      context.clock.advance(1);
      const lookups = jest.spyOn(context.accounts, 'findInvitation');
      await expect(accept.execute(input({ meta: from('203.0.113.5') }))).rejects.toMatchObject({
        code: 'rate_limited',
        reason: 'invitation_throttled',
        retryAfterSeconds: 59,
        message: 'Too many invalid invitation links; try again in 59 seconds.',
      });
      expect(lookups).not.toHaveBeenCalled();
      nothingWritten(1);
      // Another client goes on; the guesser's next miss doubles the wait.
      await expect(accept.execute(input({ meta: from('198.51.100.7') }))).resolves.toBeDefined();
      context.clock.advance(59);
      expect(await guess('203.0.113.5', 11)).toMatchObject({ reason: 'invitation_invalid' });
      expect(await guess('203.0.113.5', 12)).toMatchObject({ reason: 'invitation_throttled', retryAfterSeconds: 120 });
    });

    it('counts an invitation at the moment it expires as a miss, under the invitation key of the address', async () => {
      context.clock.advance(INVITATION_LIFETIME_SECONDS);
      for (let i = 0; i < 10; i += 1)
        await expect(accept.execute(input({ meta: from('203.0.113.5') }))).rejects.toMatchObject({
          reason: 'invitation_invalid',
        });
      await expect(accept.execute(input({ meta: from('203.0.113.5') }))).rejects.toMatchObject({
        reason: 'invitation_throttled',
      });
      expect(context.failures.keys()).toEqual(['invitation:address:203.0.113.5']);
    });

    it('counts a used or expired invitation as a miss, a valid one not; a call without an address not at all', async () => {
      await accept.execute(input({ meta: from('203.0.113.5') }));
      for (let i = 0; i < 9; i += 1) await accept.execute(input({ meta: from('203.0.113.5') })).catch(() => undefined);
      expect(await guess('203.0.113.5', 0)).toMatchObject({ reason: 'invitation_invalid' });
      expect(await guess('203.0.113.5', 1)).toMatchObject({ reason: 'invitation_throttled' });
      for (let i = 0; i < 20; i += 1) expect(await guess(null, i)).toMatchObject({ reason: 'invitation_invalid' });
    });
  });
});
