import { MailTransport } from '@intake/application-mail';
import { actorOf, normalizeEmail, type Principal } from '@intake/domain-accounts';
import { notFound } from '@intake/errors';
import { newId } from '@intake/ids';
import { AuditRecorder, Clock, type RequestMeta, UnitOfWork } from '@intake/kernel';
import { emailTaken } from '../account-errors';
import { type AccountRecord, AccountStore, type InvitationRecord } from '../ports/account-store.port';
import { randomSecret, tokenHash } from '../secrets';
import { TeamSettings } from './team-settings';

export const INVITATION_LIFETIME_SECONDS = 7 * 24 * 3600;

export interface InviteMemberInput {
  principal: Principal;
  invitee: { email: string; name: string };
  meta: RequestMeta;
}

/**
 * POST /v1/team/invitations (owner only, checked at the edge): records an invitation valid for 7
 * days and e-mails its link. A mail failure leaves the invitation standing (`emailSent: false`).
 */
export class InviteMember {
  static readonly inject = [UnitOfWork, AccountStore, MailTransport, AuditRecorder, Clock, TeamSettings] as const;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly accounts: AccountStore,
    private readonly mail: MailTransport,
    private readonly audit: AuditRecorder,
    private readonly clock: Clock,
    private readonly settings: TeamSettings,
  ) {}

  async execute({
    principal,
    invitee,
    meta,
  }: InviteMemberInput): Promise<{ invitation: InvitationRecord; emailSent: boolean }> {
    const email = normalizeEmail(invitee.email);
    if (await this.accounts.findUserByEmail(email)) throw emailTaken();
    const now = this.clock.now();
    const token = randomSecret(32);
    const invitation: InvitationRecord = {
      id: newId('invitation'),
      account_id: principal.accountId,
      email,
      name: invitee.name.trim(),
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
    const emailSent = await this.send(invitation, account, token);
    return { invitation, emailSent };
  }

  private async send(invitation: InvitationRecord, account: AccountRecord, token: string): Promise<boolean> {
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
}
