import { DomainError } from '@intake/errors';
import { newId } from '@intake/ids';
import { AuditRecorder, Clock, type RequestMeta, UnitOfWork } from '@intake/kernel';
import { emailTaken } from '../account-errors';
import { type AccountRecord, AccountStore, type UserRecord } from '../ports';
import { hashPassword, tokenHash } from '../secrets';

export interface AcceptInvitationInput {
  token: string;
  password: string;
  name: string;
  meta: RequestMeta;
}

const invalid = () =>
  new DomainError('invalid_request', 'This invitation is unknown, used or expired.', { reason: 'invitation_invalid' });

/** POST /v1/auth/accept-invitation: a member of the inviting account; each invitation works once. */
export class AcceptInvitation {
  static readonly inject = [UnitOfWork, AccountStore, AuditRecorder, Clock] as const;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly accounts: AccountStore,
    private readonly audit: AuditRecorder,
    private readonly clock: Clock,
  ) {}

  async execute({ meta, ...input }: AcceptInvitationInput): Promise<{ user: UserRecord; account: AccountRecord }> {
    const invitation = await this.accounts.findInvitation(tokenHash(input.token));
    const now = this.clock.now();
    if (!invitation || invitation.accepted_at || invitation.expires_at <= now) throw invalid();
    const user: UserRecord = {
      id: newId('user'),
      account_id: invitation.account_id,
      email: invitation.email,
      name: input.name.trim(),
      role: 'member',
      password_hash: await hashPassword(input.password),
      created_at: now,
    };
    const account = await this.uow.run(async () => {
      if (!(await this.accounts.acceptInvitation(invitation.id, now))) throw invalid();
      if (!(await this.accounts.createUser(user))) throw emailTaken();
      const actor = { type: 'user' as const, id: user.id, mode: null };
      await this.audit.record(invitation.account_id, actor, 'team.member_joined', user.id, meta, {
        invitation_id: invitation.id,
      });
      const found = await this.accounts.getAccount(invitation.account_id);
      if (!found) throw invalid();
      return found;
    });
    return { user, account };
  }
}
