import { APP_URL, type GivenAccount, givenAccount, givenUser, InMemoryContext, META } from '@intake/testing';
import { tokenHash } from '../secrets';
import { INVITATION_LIFETIME_SECONDS, InviteMember, type InviteMemberInput } from './invite-member';

const invitee = { email: '  Petr.Svoboda@Example.com ', name: ' Petr ' };

describe('InviteMember', () => {
  let context: InMemoryContext;
  let given: GivenAccount;
  let invite: InviteMember;

  const input = (overrides: Partial<InviteMemberInput> = {}): InviteMemberInput => ({
    principal: given.owner,
    invitee,
    meta: META,
    ...overrides,
  });
  const tokenOfMail = (text: string) => {
    const link = /https:\/\/\S+/.exec(text)?.[0];
    if (!link) throw new Error('no link in the mail');
    return { link, token: new URL(link).searchParams.get('token') ?? '' };
  };

  beforeEach(async () => {
    context = new InMemoryContext();
    given = await givenAccount(context);
    invite = context.use(InviteMember);
  });

  it('records a 7-day invitation for the normalised address and e-mails its link', async () => {
    const { invitation, emailSent } = await invite.execute(input());
    const now = context.clock.now();
    expect(emailSent).toBe(true);
    expect(invitation).toEqual({
      id: expect.stringMatching(/^inv_/),
      account_id: given.account.id,
      email: 'petr.svoboda@example.com',
      name: 'Petr',
      token_hash: expect.any(Buffer),
      invited_by: given.owner.userId,
      created_at: now,
      expires_at: new Date(now.getTime() + INVITATION_LIFETIME_SECONDS * 1000),
      accepted_at: null,
    });
    expect(INVITATION_LIFETIME_SECONDS).toBe(7 * 24 * 3600);
    expect(context.db.invitations.rows).toEqual([invitation]);
    const [mail] = context.mail.sent;
    expect(mail).toMatchObject({ to: ['petr.svoboda@example.com'], subject: 'You are invited to Studio' });
    const { link, token } = tokenOfMail(mail?.text ?? '');
    expect(link.startsWith(`${APP_URL}/accept-invitation?token=`)).toBe(true);
    expect(tokenHash(token)).toEqual(invitation.token_hash);
    expect(mail?.text).toContain('Hello Petr');
    expect(mail?.text).toContain('valid for 7 days');
  });

  it('records team.member_invited with the address', async () => {
    const { invitation } = await invite.execute(input());
    expect(context.db.auditLog.entries).toEqual([
      expect.objectContaining({
        account_id: given.account.id,
        actor_type: 'user',
        actor_id: given.owner.userId,
        action: 'team.member_invited',
        target_id: invitation.id,
        summary: { email: 'petr.svoboda@example.com' },
      }),
    ]);
  });

  it('names the API key as the inviter when a key invites', async () => {
    const { invitation } = await invite.execute(input({ principal: given.liveKey }));
    expect(invitation.invited_by).toBe(given.liveKey.keyId);
    expect(context.db.auditLog.entries[0]).toMatchObject({ actor_type: 'api_key', actor_mode: 'live' });
  });

  it('refuses an address that already has an account, in any case: 409 email_taken, nothing recorded or sent', async () => {
    const other = await givenAccount(context);
    await givenUser(context, other.account.id, { email: 'petr.svoboda@example.com' });
    await expect(
      invite.execute(input({ invitee: { ...invitee, email: 'PETR.svoboda@example.com' } })),
    ).rejects.toMatchObject({
      code: 'conflict',
      reason: 'email_taken',
    });
    expect(context.db.invitations.rows).toEqual([]);
    expect(context.mail.sent).toEqual([]);
    expect(context.auditActions()).toEqual([]);
  });

  it('keeps the invitation when the mail cannot be sent, answering emailSent: false', async () => {
    context.mail.failing = true;
    const { invitation, emailSent } = await invite.execute(input());
    expect(emailSent).toBe(false);
    expect(context.db.invitations.rows).toEqual([invitation]);
    expect(context.auditActions()).toEqual(['team.member_invited']);
  });

  it('answers 404 when the account is gone, recording and sending nothing', async () => {
    context.db.accounts.rows = [];
    await expect(invite.execute(input())).rejects.toMatchObject({
      code: 'not_found',
      message: 'Account was not found.',
    });
    expect(context.db.invitations.rows).toEqual([]);
    expect(context.mail.sent).toEqual([]);
    expect(context.auditActions()).toEqual([]);
  });

  it('gives every invitation its own token', async () => {
    const first = await invite.execute(input());
    const second = await invite.execute(input());
    expect(second.invitation.token_hash).not.toEqual(first.invitation.token_hash);
  });
});
