import { type MailTransport } from '@intake/application-mail';
import { type Clock, type UnitOfWork, type AuditRecorder, type RequestMeta } from '@intake/kernel';
import { actorOf, normalizeEmail, type Principal } from '@intake/domain-accounts';
import { DomainError, notFound } from '@intake/errors';
import { newId } from '@intake/ids';
import { emailTaken } from './auth.service';
import { type AccountRecord, type AccountStore, type InvitationRecord, type UserRecord } from './ports';
import { hashPassword, randomSecret, tokenHash } from './secrets';

export const INVITATION_LIFETIME_SECONDS = 7 * 24 * 3600;

export interface TeamSettings {
  /** Dashboard address; invitation links are `{appUrl}/accept-invitation?token=…`. */
  appUrl: string;
}

export class TeamService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly accounts: AccountStore,
    private readonly mail: MailTransport,
    private readonly audit: AuditRecorder,
    private readonly clock: Clock,
    private readonly settings: TeamSettings,
  ) {}

  /** Records an invitation and e-mails its link. Owner only (checked at the edge). */
  async invite(
    principal: Principal,
    command: { email: string; name: string },
    meta: RequestMeta,
  ): Promise<{ invitation: InvitationRecord; emailSent: boolean }> {
    const email = normalizeEmail(command.email);
    if (await this.accounts.findUserByEmail(email)) throw emailTaken();
    const now = this.clock.now();
    const token = randomSecret(32);
    const invitation: InvitationRecord = {
      id: newId('invitation'),
      account_id: principal.accountId,
      email,
      name: command.name.trim(),
      token_hash: tokenHash(token),
      invited_by: principal.kind === 'session' ? principal.userId : principal.keyId,
      created_at: now,
      expires_at: new Date(now.getTime() + INVITATION_LIFETIME_SECONDS * 1000),
      accepted_at: null,
    };
    const account = await this.uow.run(async () => {
      const found = await this.accounts.getAccount(principal.accountId);
      if (!found) throw notFound('Account');
      await this.accounts.createInvitation(invitation);
      await this.audit.record(principal.accountId, actorOf(principal), 'team.member_invited', invitation.id, meta, {
        email,
      });
      return found;
    });
    const emailSent = await this.sendInvitation(invitation, account, token);
    return { invitation, emailSent };
  }

  private async sendInvitation(invitation: InvitationRecord, account: AccountRecord, token: string): Promise<boolean> {
    const link = `${this.settings.appUrl}/accept-invitation?token=${encodeURIComponent(token)}`;
    try {
      await this.mail.send({
        to: [invitation.email],
        subject: `You are invited to ${account.name}`,
        text:
          `Hello ${invitation.name},\n\nyou have been invited to join ${account.name}. ` +
          `Accept the invitation and choose a password here:\n\n${link}\n\n` +
          `The link is valid for 7 days.\n`,
      });
      return true;
    } catch {
      // The invitation stands; the owner can invite again. The caller reports email_sent: false.
      return false;
    }
  }

  async acceptInvitation(
    command: { token: string; password: string; name: string },
    meta: RequestMeta,
  ): Promise<{ user: UserRecord; account: AccountRecord }> {
    const invalid = () =>
      new DomainError('invalid_request', 'This invitation is unknown, used or expired.', {
        reason: 'invitation_invalid',
      });
    const invitation = await this.accounts.findInvitation(tokenHash(command.token));
    const now = this.clock.now();
    if (!invitation || invitation.accepted_at || invitation.expires_at <= now) throw invalid();
    const user: UserRecord = {
      id: newId('user'),
      account_id: invitation.account_id,
      email: invitation.email,
      name: command.name.trim(),
      role: 'member',
      password_hash: await hashPassword(command.password),
      created_at: now,
    };
    const account = await this.uow.run(async () => {
      if (!(await this.accounts.acceptInvitation(invitation.id, now))) throw invalid();
      if (!(await this.accounts.createUser(user))) throw emailTaken();
      await this.audit.record(
        invitation.account_id,
        { type: 'user', id: user.id, mode: null },
        'team.member_joined',
        user.id,
        meta,
        {
          invitation_id: invitation.id,
        },
      );
      const found = await this.accounts.getAccount(invitation.account_id);
      if (!found) throw invalid();
      return found;
    });
    return { user, account };
  }

  listMembers(accountId: string): Promise<UserRecord[]> {
    return this.accounts.listUsers(accountId);
  }

  async removeMember(principal: Principal, userId: string, meta: RequestMeta): Promise<void> {
    await this.uow.run(async () => {
      const user = await this.accounts.getUser(principal.accountId, userId);
      if (!user) throw notFound('Team member');
      if (user.role === 'owner') {
        throw new DomainError('invalid_request', 'The account owner cannot be removed.', {
          reason: 'cannot_remove_owner',
        });
      }
      await this.accounts.deleteUser(principal.accountId, userId);
      await this.audit.record(principal.accountId, actorOf(principal), 'team.member_removed', userId, meta, {
        email: user.email,
      });
    });
  }
}
